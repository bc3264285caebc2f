/**
 * A warm build's work follows what changed (issue 27): a content file whose size, modification
 * time and inode match the last build's record is not read again, a file changed within the
 * racy window of the last build's start is, --no-cache reads everything, and unchanged output
 * files are hard links to the previous output while the output stays byte-identical to a cold
 * build.
 */
import { readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSite } from '../src/build.ts';
import { LaterBytes } from '../src/cache/disk.ts';
import { resolveConfig, type Options } from '../src/config.ts';
import { copyProject, pageSource, replacePages, type TempProject } from './helpers/project.ts';
import { readTree } from './helpers/tree.ts';

let project: TempProject;

beforeEach(async () => {
  project = await copyProject();
  await replacePages(project, {
    alpha: pageSource('Alpha', 'The first page.'),
    beta: pageSource('Beta', 'The second page.'),
  });
});
afterEach(() => project.cleanup());

const build = (options: Options = {}) => buildSite(resolveConfig({ root: project.root, threads: 0, ...options }));

/** A whole second, so that the time set with utimes is the time read back, to the nanosecond. */
const LONG_AGO = new Date('2024-03-01T10:00:00Z');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rewrites a page's body with text of the same length, and gives the file the modification time `time`. */
async function rewriteSameSize(file: string, from: string, to: string, time: Date) {
  expect(to.length).toBe(from.length);
  await project.edit(file, from, to);
  await utimes(project.file(file), time, time);
}

describe('content files on a warm build', () => {
  it('does not read a file again whose size, mtime (ns) and inode match the last build', async () => {
    await utimes(project.file('content/pages/alpha.md'), LONG_AGO, LONG_AGO);
    await build();
    const inode = (await stat(project.file('content/pages/alpha.md'))).ino;
    // Same size, same time, same inode: as make does, the build trusts the stats.
    await rewriteSameSize('content/pages/alpha.md', 'The first page.', 'The FIRST page.', LONG_AGO);
    expect((await stat(project.file('content/pages/alpha.md'))).ino).toBe(inode);
    const warm = await build();
    expect(warm.computed).toEqual({ markdown: 0, pages: 0, advice: 0 });
    expect(await project.read('dist/alpha.html')).toContain('The first page.');
  });

  it('reads a file again when its size or mtime differ, and takes what its text made from the cache', async () => {
    await utimes(project.file('content/pages/alpha.md'), LONG_AGO, LONG_AGO);
    await build();
    // A touch changes the time, not the text: read again, and nothing is rendered anew.
    const later = new Date(LONG_AGO.getTime() + 1000);
    await utimes(project.file('content/pages/alpha.md'), later, later);
    expect((await build()).computed).toEqual({ markdown: 0, pages: 0, advice: 0 });
    await rewriteSameSize('content/pages/alpha.md', 'The first page.', 'The FIRST page.', later);
    await utimes(project.file('content/pages/alpha.md'), LONG_AGO, LONG_AGO);
    expect((await build()).computed).toEqual({ markdown: 1, pages: 1, advice: 1 });
    expect(await project.read('dist/alpha.html')).toContain('The FIRST page.');
  });

  it('still sees a change that kept the size and the time when the time is not older than the last build start', async () => {
    // As when a file is saved twice within one tick of the filesystem's clock, the last build
    // between the two saves: its time is the same, and not before that build began.
    const sameTick = new Date(Math.ceil(Date.now() / 1000) * 1000 + 5000);
    await utimes(project.file('content/pages/alpha.md'), sameTick, sameTick);
    await build();
    await rewriteSameSize('content/pages/alpha.md', 'The first page.', 'The FIRST page.', sameTick);
    const warm = await build();
    expect(warm.computed).toEqual({ markdown: 1, pages: 1, advice: 1 });
    expect(await project.read('dist/alpha.html')).toContain('The FIRST page.');
  });

  it('reads every file with --no-cache, whatever the stats say', async () => {
    await utimes(project.file('content/pages/alpha.md'), LONG_AGO, LONG_AGO);
    await build();
    await rewriteSameSize('content/pages/alpha.md', 'The first page.', 'The FIRST page.', LONG_AGO);
    const fresh = await build({ cache: false });
    expect(fresh.computed.pages).toBe(fresh.pages);
    expect(await project.read('dist/alpha.html')).toContain('The FIRST page.');
  });
});

describe('the output of a warm build', () => {
  it('links unchanged files from the previous output and writes the same bytes as a cold build', async () => {
    await build();
    // Past the racy window, so that the next build records the files it links.
    await pause(150);
    await build();
    const before = await stat(project.file('dist/beta.html'));
    await project.edit('content/pages/alpha.md', 'The first page.', 'The first page, changed.');
    await build();
    const after = await stat(project.file('dist/beta.html'));
    expect(after.ino).toBe(before.ino);
    expect(await project.read('dist/alpha.html')).toContain('The first page, changed.');
    await build({ out: 'cold', cache: false });
    expect(await readTree(project.file('dist'))).toEqual(await readTree(project.file('cold')));
  });

  it('writes nothing when nothing changed, and puts back an output file deleted by hand', async () => {
    await build();
    await pause(150);
    await build();
    const folder = (await stat(project.file('dist'))).ino;
    const page = await stat(project.file('dist/beta.html'));
    await build();
    expect((await stat(project.file('dist'))).ino).toBe(folder);
    expect((await stat(project.file('dist/beta.html'))).mtimeMs).toBe(page.mtimeMs);
    const original = await project.read('dist/beta.html');
    await rm(project.file('dist/beta.html'));
    await build();
    expect(await project.read('dist/beta.html')).toBe(original);
  });

  it('writes a file anew that was edited in the output, even one whose record says it is unchanged', async () => {
    await build();
    await pause(150);
    await build();
    const original = await project.read('dist/beta.html');
    // An edit by hand keeps the inode and the size, and moves the time.
    await writeFile(project.file('dist/beta.html'), original.replace('second', 'SECOND'));
    // Decap CMS's copy too, which its record vouches for by the stamp of the file in node_modules.
    const cms = await readFile(project.file('dist/admin/decap-cms.js'));
    await writeFile(
      project.file('dist/admin/decap-cms.js'),
      Buffer.concat([cms.subarray(0, 1000), Buffer.from('// edited')]),
    );
    await build();
    expect(await project.read('dist/beta.html')).toBe(original);
    expect((await readFile(project.file('dist/admin/decap-cms.js'))).equals(cms)).toBe(true);
  });

  it('reads the HTML of no page it keeps in place from the disk cache, and that of a page edited in the output', async () => {
    await build();
    await pause(150);
    await build();
    const read = vi.spyOn(LaterBytes.prototype, 'bytes');
    try {
      // Every page taken from the disk cache, every output file vouched for by its record.
      await build();
      expect(read).not.toHaveBeenCalled();
      const original = await project.read('dist/beta.html');
      await writeFile(project.file('dist/beta.html'), original.replace('second', 'SECOND'));
      await build();
      expect(read).toHaveBeenCalled();
      expect(await project.read('dist/beta.html')).toBe(original);
    } finally {
      read.mockRestore();
    }
    await build({ out: 'cold', cache: false });
    expect(await readTree(project.file('dist'))).toEqual(await readTree(project.file('cold')));
  });
});
