/**
 * Regression (issue 22): a heading "## Services title" in content/about.md gave the home page a
 * second id="services-title" (the services section's heading has it), and check said nothing.
 * The section types' ids are now reserved; an id an editor gives a section is left to the check.
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

it('reports a Markdown heading whose id a section of home.yaml also has, naming both sources', async () => {
  project = await copyProject();
  // "## Services title" no longer collides: the section types' ids are reserved (services-title-1).
  await project.edit('content/about.md', /\n$/, '\n\n## Services title\n\n## Book a call\n\nMore.\n');
  // An id of the editor's own is not known when Markdown renders: the site check catches the clash.
  await project.edit(
    'content/home.yaml',
    '  - type: about\n',
    '  - type: about\n  - type: cta\n    id: book-a-call\n    heading: Ready?\n    button: { label: Book a free call, href: "#contact" }\n',
  );
  const thrown = await buildSite(resolveConfig({ root: project.root, threads: 0 }), { write: false }).then(
    () => undefined,
    (error: SiteErrors) => error,
  );
  const duplicates = thrown?.errors.filter((error) => error.code === 'DuplicateId') ?? [];
  expect(duplicates.map((error) => [error.file, error.message])).toEqual([
    [
      'content/about.md',
      'The page / has two elements with id="book-a-call": one from content/about.md, one from the templates. A link to #book-a-call reaches only the first.',
    ],
  ]);
}, 120_000);
