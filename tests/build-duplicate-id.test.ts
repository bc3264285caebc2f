/**
 * Regression (issue 22): a heading "## Services title" in content/about.md gave the home page a
 * second id="services-title" (the services section's heading has it), and check said nothing.
 */
import { afterEach, expect, it } from 'vitest';
import { buildSite } from '../src/build.ts';
import { resolveConfig } from '../src/config.ts';
import type { SiteErrors } from '../src/errors.ts';
import { copyProject, type TempProject } from './helpers/project.ts';

let project: TempProject | undefined;
afterEach(async () => {
  await project?.cleanup();
  project = undefined;
});

it('reports a Markdown heading whose id the layout already gives an element of the same page', async () => {
  project = await copyProject();
  await project.edit('content/about.md', /\n$/, '\n\n## Services title\n\nMore.\n');
  const thrown = await buildSite(resolveConfig({ root: project.root, threads: 0 }), { write: false }).then(
    () => undefined,
    (error: SiteErrors) => error,
  );
  const duplicates = thrown?.errors.filter((error) => error.code === 'DuplicateId') ?? [];
  expect(duplicates.map((error) => [error.file, error.message])).toEqual([
    [
      'content/about.md',
      'The page / has two elements with id="services-title": one from content/about.md, one from the templates. A link to #services-title reaches only the first.',
    ],
  ]);
}, 120_000);
