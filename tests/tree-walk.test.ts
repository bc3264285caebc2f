/**
 * walkTrees keeps each file's stamp by its path for the build that follows (src/tree-walk.ts),
 * and an open walk stats a file the build wrote again before its digest is made.
 */
import { lstatSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stampOf } from '../src/file-stamp.ts';
import { openWalk, walkTrees } from '../src/tree-walk.ts';
import { clockNs } from '../src/racy.ts';

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
