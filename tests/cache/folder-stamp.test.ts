import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stampFolder } from '../../src/cache/folder-stamp.ts';

let folder: string;
const LONG_AGO = new Date('2024-03-01T10:00:00Z');

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'agency-site-stamp-'));
  await writeFile(path.join(folder, 'a.txt'), 'alpha');
  await utimes(path.join(folder, 'a.txt'), LONG_AGO, LONG_AGO);
  await utimes(folder, LONG_AGO, LONG_AGO);
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('stampFolder', () => {
  it('gives the same stamp while nothing under the folder changed', () => {
    expect(stampFolder(folder)).toBeDefined();
    expect(stampFolder(folder)).toBe(stampFolder(folder));
  });

  it('gives another stamp when a file keeps its size but not its time', async () => {
    const before = stampFolder(folder);
    const later = new Date(LONG_AGO.getTime() + 1000);
    await utimes(path.join(folder, 'a.txt'), later, later);
    expect(stampFolder(folder)).not.toBe(before);
  });

  it('gives no stamp while a file under it changed within the racy window', async () => {
    // The build's clock is given, so a loaded machine cannot let the window pass before the stamp.
    const savedAt = new Date('2026-03-01T10:00:00.250Z');
    await writeFile(path.join(folder, 'a.txt'), 'ALPHA');
    await utimes(path.join(folder, 'a.txt'), savedAt, savedAt);
    expect(stampFolder(folder, savedAt.getTime() + 20)).toBeUndefined();
    // The same file read well after its time is stamped.
    expect(stampFolder(folder, savedAt.getTime() + 1000)).toBeDefined();
  });

  it('stamps a missing folder apart from any folder', () => {
    expect(stampFolder(path.join(folder, 'none'))).toBe('missing ENOENT');
  });
});
