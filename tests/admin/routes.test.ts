/** /admin/ belongs to the CMS: a page of content/pages/ named admin would shadow or clash with it. */
import { expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { loadSite } from '../../src/content/load.ts';
import { SiteErrors } from '../../src/errors.ts';
import { createRoutes, createUrlPolicy } from '../../src/site/routes.ts';
import { PROJECT_ROOT } from '../helpers/project.ts';

it('refuses a page named admin, whose URL the CMS takes', async () => {
  const { site } = await loadSite(resolveConfig({ root: PROJECT_ROOT }));
  const urls = createUrlPolicy(resolveConfig({ root: PROJECT_ROOT }), site.settings.url);
  const page = { slug: 'admin', title: 'Admin', description: 'A page.', html: '<p>Hi</p>' };
  let thrown: unknown;
  try {
    createRoutes(site, urls, [page]);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(SiteErrors);
  expect((thrown as SiteErrors).errors.map((error) => [error.code, error.file])).toEqual([
    ['DuplicateUrl', 'content/pages/admin.md'],
  ]);
});
