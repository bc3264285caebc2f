/**
 * What a build still makes when some content is broken: the entries whose files are valid render
 * and are checked, and only problems of their own are reported, never one that follows from
 * another (src/content/valid-entries.ts).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildSite } from '../src/build.ts';
import { resolveConfig } from '../src/config.ts';
import { copyProject, pageSource, siteErrorsOf, type TempProject } from './helpers/project.ts';

let project: TempProject;
beforeEach(async () => {
  project = await copyProject();
});
afterEach(async () => {
  await project.cleanup();
});

const problemsOf = async () =>
  (await siteErrorsOf(buildSite(resolveConfig({ root: project.root, cache: false }), { write: false }))).map(
    (problem) => `${problem.code} ${problem.file}`,
  );

it('checks the links of the other pages when a service is broken, and no anchor into the home page it leaves', async () => {
  await project.edit('content/services/branding.md', /^order: 3$/m, 'order: three');
  await project.edit('content/services/branding.md', /\nA clear/, '\n## Brand workshop\n\nA clear');
  // The heading's id is on the home page only while the service is shown.
  await project.write('content/pages/workshop.md', pageSource('Workshop', 'See [the workshop](/#brand-workshop).'));
  await project.edit('content/legal/terms.md', /\n\n## /, '\n\nSee [our prices](/pricing).\n\n## ');
  expect(await problemsOf()).toEqual([
    'FrontmatterInvalid content/services/branding.md',
    'BrokenLink content/legal/terms.md',
  ]);
});

it('makes no page when the site file is broken, and still reports the problems of public/ and the other files', async () => {
  await project.edit('content/site.yaml', /^url: .*$/m, 'url: [unclosed');
  await project.edit('content/legal/terms.md', /^order: .*$/m, 'order: first');
  await project.write('public/unsafe.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>\n');
  expect(await problemsOf()).toEqual([
    'UnsafeSvg public/unsafe.svg',
    'FrontmatterInvalid content/legal/terms.md',
    'YamlSyntax content/site.yaml',
  ]);
});

it('reports a missing folder of pages once, not every link to the pages it held', async () => {
  await project.remove('content/legal');
  expect(await problemsOf()).toEqual(['ContentMissing content/legal']);
});
