/** content/pages/: optional, one page per Markdown file, validated like every other kind. */
import { mkdir, rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { loadSite } from '../../src/content/load.ts';
import type { SiteErrors } from '../../src/errors.ts';
import { copyProject, type TempProject } from '../helpers/project.ts';

let project: TempProject;
beforeEach(async () => {
  project = await copyProject();
  await rm(project.file('content/pages'), { recursive: true, force: true });
});
afterEach(() => project.cleanup());

const load = () => loadSite(resolveConfig({ root: project.root }));
const errorsOf = (promise: Promise<unknown>) =>
  promise.then(
    () => [],
    (error: unknown) => (error as SiteErrors).errors.map((problem) => [problem.code, problem.file, problem.line]),
  );

describe('content/pages/', () => {
  it('may be absent', async () => {
    expect((await load()).pages).toEqual([]);
  });

  it('loads each file as a page named by its file, in file-name order, with its Markdown as HTML', async () => {
    await mkdir(project.file('content/pages'));
    await project.write(
      'content/pages/careers.md',
      '---\ntitle: Careers\ndescription: Work with us.\n---\n\nWe are *hiring*.\n',
    );
    await project.write('content/pages/about-us.md', '---\ntitle: About us\ndescription: Who we are.\n---\n\nHello.\n');
    const { pages, sources } = await load();
    expect(pages).toEqual([
      { title: 'About us', description: 'Who we are.', slug: 'about-us', html: '<p>Hello.</p>\n' },
      { title: 'Careers', description: 'Work with us.', slug: 'careers', html: '<p>We are <em>hiring</em>.</p>\n' },
    ]);
    expect(sources.map((source) => source.file)).toContain('content/pages/careers.md');
  });

  it('rejects an unknown field and a missing description, pointing at their lines', async () => {
    await mkdir(project.file('content/pages'));
    await project.write('content/pages/careers.md', '---\ntitle: Careers\norder: 3\n---\n\nText.\n');
    expect(await errorsOf(load())).toEqual([
      ['FrontmatterInvalid', 'content/pages/careers.md', 2],
      ['FrontmatterInvalid', 'content/pages/careers.md', 3],
    ]);
  });

  it('rejects a file name that cannot be a URL', async () => {
    await mkdir(project.file('content/pages'));
    await project.write('content/pages/Our Team.md', '---\ntitle: Team\ndescription: Team.\n---\n');
    expect(await errorsOf(load())).toEqual([['FileName', 'content/pages/Our Team.md', undefined]]);
  });
});
