/** Regression: a link written in Markdown follows --base and --format like every other link. */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/build.ts';
import { resolveConfig } from '../src/config.ts';
import { copyProject, type TempProject } from './helpers/project.ts';

let project: TempProject;
beforeAll(async () => {
  project = await copyProject();
  await project.edit(
    'content/legal/terms.md',
    /\n## /,
    '\nSee also our [Privacy Policy](/privacy-policy) and [contact details](/#contact).\n\n## ',
  );
});
afterAll(async () => {
  await project.cleanup();
});

describe('links written in Markdown', () => {
  it('carry the base and the directory format, and pass the site check', async () => {
    await buildSite(resolveConfig({ root: project.root, out: 'sub-out', base: '/sub/', format: 'directory' }));
    const terms = await readFile(project.file('sub-out/terms/index.html'), 'utf8');
    expect(terms).toContain('<a href="/sub/privacy-policy/">Privacy Policy</a>');
    expect(terms).toContain('<a href="/sub/#contact">contact details</a>');
  });

  it('stay as written with the default policy', async () => {
    await buildSite(resolveConfig({ root: project.root, out: 'plain-out' }));
    expect(await readFile(project.file('plain-out/terms.html'), 'utf8')).toContain(
      '<a href="/privacy-policy">Privacy Policy</a>',
    );
  });
});
