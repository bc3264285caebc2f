/** createMemoryFiles (src/dev/memory.ts): what dev serves is the newest output, whatever the last one held. */
import { expect, it } from 'vitest';
import { createMemoryFiles } from '../../src/dev/memory.ts';
import type { OutputFile } from '../../src/output/plan.ts';

const file = (path: string, contents = path): OutputFile => ({ path, contents });
const serve = (output: OutputFile[]) =>
  createMemoryFiles(output, { publicDir: '/nowhere', injectHtml: (html) => `${html}+client` });
const text = async (find: ReturnType<typeof serve>, path: string) => {
  const found = await find(path);
  return found && Buffer.from(found.body() as Uint8Array).toString('utf8');
};

it('serves each output as it is when the next keeps most files as the same objects, renames one or swaps two', async () => {
  const first = [file('index.html'), file('a.html'), file('assets/site.css')];
  expect(await text(serve(first), 'a.html')).toBe('a.html+client');
  // a.html saved: another object at its place, with the same path.
  const saved = [first[0]!, file('a.html', 'new'), first[2]!];
  expect(await text(serve(saved), 'a.html')).toBe('new+client');
  // a.html renamed: as many files, another path at its place.
  const renamed = [first[0]!, file('b.html'), first[2]!];
  const find = serve(renamed);
  expect(await text(find, 'b.html')).toBe('b.html+client');
  expect(await find('a.html')).toBeUndefined();
  // Two files swapped: each found at its own path.
  const swapped = [first[2]!, renamed[1]!, first[0]!];
  const after = serve(swapped);
  expect(await text(after, 'assets/site.css')).toBe('assets/site.css');
  expect(await text(after, 'index.html')).toBe('index.html+client');
});
