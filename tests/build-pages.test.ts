/** Pages of content/pages/ are built at their own URL and listed nowhere, so N pages cost O(N) bytes. */
import { mkdir } from 'node:fs/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildSite } from '../src/build.ts';
import { resolveConfig } from '../src/config.ts';
import { copyProject, type TempProject } from './helpers/project.ts';

let project: TempProject;
beforeEach(async () => {
  project = await copyProject();
  await mkdir(project.file('content/pages'), { recursive: true });
  await project.write(
    'content/pages/careers.md',
    '---\ntitle: Careers at Northwind\ndescription: Work with us.\n---\n\nWe are *hiring*.\n',
  );
});
afterEach(() => project.cleanup());

it('builds a content page with its title, description and text, linked from no other page', async () => {
  await buildSite(resolveConfig({ root: project.root }));
  const html = await project.read('dist/careers.html');
  expect(html).toContain('<h1>Careers at Northwind</h1>');
  expect(html).toContain('<meta name="description" content="Work with us."/>');
  expect(html).toContain('<p>We are <em>hiring</em>.</p>');
  expect(html).toContain('<link rel="canonical" href="https://');
  for (const other of ['index.html', 'terms.html', '404.html']) {
    expect(await project.read(`dist/${other}`)).not.toContain('careers');
  }
});
