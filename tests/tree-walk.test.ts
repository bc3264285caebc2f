/**
 * walkTrees keeps each file's stamp by its path for the build that follows (src/tree-walk.ts),
 * and an open walk stats a file the build wrote again before its digest is made; the output's walk
 * taken by a worker thread during a build is the one the write would take.
 */
import { lstatSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stampOf } from '../src/file-stamp.ts';
import { openWalk, walkTrees } from '../src/tree-walk.ts';
import { clockNs } from '../src/racy.ts';
import { startOutputWalk } from '../src/output/early-walk.ts';
import { walkOutputFolder } from '../src/output/output-walk.ts';

let root: string;
let site: string;
const LONG_AGO = new Date('2024-03-01T10:00:00Z');

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'agency-tree-walk-'));
  site = path.join(root, 'site');
  await mkdir(path.join(site, 'pages'), { recursive: true });
  await writeFile(path.join(site, 'index.html'), 'home');
  await writeFile(path.join(site, 'pages', 'about.html'), 'about');
  for (const file of ['index.html', 'pages/about.html']) await utimes(path.join(site, file), LONG_AGO, LONG_AGO);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('walkTrees', () => {
  it("keeps every file's stamp by its absolute path, and none for a file too new for its time to vouch for it", async () => {
    await writeFile(path.join(site, 'fresh.html'), 'fresh');
    const walk = walkTrees(root, [site], [], clockNs());
    const index = path.join(site, 'index.html');
    expect(walk.files.get(index)).toBe(stampOf(lstatSync(index)));
    expect(walk.files.get(path.join(site, 'pages', 'about.html'))).toBeDefined();
    expect(walk.files.has(path.join(site, 'fresh.html'))).toBe(true);
    expect(walk.files.get(path.join(site, 'fresh.html'))).toBeUndefined();
    expect(walk.racy).toEqual(['site/fresh.html']);
    expect([walk.files.size, walk.folders]).toEqual([3, 2]);
  });

  it('gives another digest when a file changed with the same size and time, by its change time', async () => {
    const before = walkTrees(root, [site], [], clockNs()).digest;
    expect(walkTrees(root, [site], [], clockNs()).digest).toBe(before);
    await writeFile(path.join(site, 'index.html'), 'HOME');
    await utimes(path.join(site, 'index.html'), LONG_AGO, LONG_AGO);
    expect(walkTrees(root, [site], [], clockNs()).digest).not.toBe(before);
  });
});

describe('openWalk', () => {
  it('stats a file written after the walk again: the digest is that of a walk taken afterwards', async () => {
    const walk = openWalk(root, [site], [], clockNs());
    const about = path.join(site, 'pages', 'about.html');
    await writeFile(`${about}.new`, 'about, changed');
    await rename(`${about}.new`, about);
    walk.restat(about);
    const closed = walk.close();
    const after = walkTrees(root, [site], [], clockNs());
    expect(closed.digest).toBe(after.digest);
    expect(closed.plain).toBe(true);
    expect(closed.racy).toEqual(['site/pages/about.html']);
    expect(closed.files.get(about)).toBeUndefined();
  });

  it('vouches for nothing when asked to stat again a file it did not meet', async () => {
    const walk = openWalk(root, [site], [], clockNs());
    await writeFile(path.join(site, 'added.html'), 'added');
    walk.restat(path.join(site, 'added.html'));
    expect(walk.close().plain).toBe(false);
  });
});

describe('startOutputWalk', () => {
  it('takes on another thread the walk the write would take itself, which stats a file again as its own does', async () => {
    // Dated ahead of the clock: too new to vouch for itself in both walks, whenever the thread starts.
    await writeFile(path.join(site, 'fresh.html'), 'fresh');
    const ahead = new Date(Date.now() + 60_000);
    await utimes(path.join(site, 'fresh.html'), ahead, ahead);
    const early = await startOutputWalk(site);
    const own = walkOutputFolder(site);
    expect(early).toBeDefined();
    const [a, b] = [early!.close(), own.close()];
    expect({ ...a, files: [...a.files] }).toEqual({ ...b, files: [...b.files] });
    expect(a.racy).toEqual(['site/fresh.html']);
    const about = path.join(site, 'pages', 'about.html');
    await writeFile(about, 'about, changed');
    early!.restat(about);
    expect(early!.close().digest).toBe(walkOutputFolder(site).close().digest);
  });

  it('walks a missing output folder as the write would: nothing in it', async () => {
    const missing = path.join(root, 'missing');
    const early = (await startOutputWalk(missing))!.close();
    expect(early.digest).toBe(walkOutputFolder(missing).close().digest);
    expect([early.files.size, early.folders, early.plain]).toEqual([0, 0, true]);
  });
});
