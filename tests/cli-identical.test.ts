/**
 * Issue 7, point 5: the optimisations (worker threads, the build cache) change nothing in the
 * output. A cold and a warm build match, byte for byte, a build with `--no-cache --threads 0`.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderCorpusPage, writeCorpus } from '../bench/corpus.js';
import { copyProject, runCli, type TempProject } from './helpers/project.ts';
import { readTree } from './helpers/tree.ts';

/** Enough pages that the Markdown is shared with worker threads. */
const PAGES = 160;
let project: TempProject;

beforeAll(async () => {
  project = await copyProject();
  writeCorpus(project.file('content/pages'), PAGES);
  // A Markdown image: the body's image list is kept in the disk cache and read back warm.
  await project.edit('content/legal/terms.md', /\n$/, '\n\n![Our logo](/images/logo.svg)\n');
});
afterAll(() => project.cleanup());

async function build(...args: string[]) {
  const result = await runCli(['build', '--root', project.root, '--verbose', ...args]);
  expect(result.stderr).not.toContain('error');
  expect(result.code).toBe(0);
  return result.stderr;
}

it('writes the same bytes cold and warm, with threads and cache, as without any of them', async () => {
  await build('--no-cache', '--threads', '0', '--out', 'plain');
  const cold = await build('--threads', '1');
  expect(cold).toContain('Markdown worker threads: 1');
  expect(await readTree(project.file('dist'))).toEqual(await readTree(project.file('plain')));
  expect(await project.read('dist/terms.html')).toMatch(
    /<picture><img src="\/assets\/images\/logo-[0-9a-f]{10}\.svg"[^>]* alt="Our logo"/,
  );

  await project.write('content/pages/page-00007.md', renderCorpusPage(7, PAGES, 1));
  await build('--no-cache', '--threads', '0', '--out', 'plain');
  const warm = await build('--threads', '1');
  expect(warm).toContain('made anew (not cached): {"markdown":1,"pages":1,"advice":1}');
  expect(await readTree(project.file('dist'))).toEqual(await readTree(project.file('plain')));
}, 120_000);
