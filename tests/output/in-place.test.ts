/**
 * A warm build whose output differs from the previous one in at most one file writes that file
 * alone (src/output/in-place.ts); anything else, or a previous output that is not what the
 * record and the folders say, is staged whole as before.
 */
import { lstat, mkdir, mkdtemp, readdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutputFile } from '../../src/output/plan.ts';
import type { OutputRecords } from '../../src/output/previous-output.ts';
import { writeOutput } from '../../src/output/staging.ts';

let folder: string;
let out: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'agency-in-place-'));
  out = path.join(folder, 'dist');
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const inode = async (file: string) => (await lstat(path.join(out, file))).ino;
const site = (about = 'About us'): OutputFile[] => [
  { path: 'index.html', contents: 'home', key: 'home-key' },
  { path: 'about.html', contents: about, key: `about-${about}` },
  { path: 'assets/site.css', contents: new Uint8Array([97, 98]) },
];

/** Two builds of the same files, so that the second's records are those a warm build gets. */
async function builtTwice(files: OutputFile[]): Promise<OutputRecords> {
  const first = await writeOutput(out, files);
  return writeOutput(out, files, first);
}

describe('writeOutput with at most one file changed', () => {
  it('writes nothing when the previous output holds every file: the folder and every file stay as they were', async () => {
    const records = await builtTwice(site());
    const before = { folder: (await lstat(out)).ino, about: await lstat(path.join(out, 'about.html')) };
    await writeOutput(out, site(), records);
    expect((await lstat(out)).ino).toBe(before.folder);
    const after = await lstat(path.join(out, 'about.html'));
    expect([after.ino, after.mtimeMs]).toEqual([before.about.ino, before.about.mtimeMs]);
    expect(await readdir(folder)).toEqual(['dist']);
  });

  it('replaces the one changed file in place and keeps the folder and every other file', async () => {
    const records = await builtTwice(site());
    const folderBefore = (await lstat(out)).ino;
    const homeBefore = await inode('index.html');
    await writeOutput(out, site('About us, changed'), records);
    expect((await lstat(out)).ino).toBe(folderBefore);
    expect(await inode('index.html')).toBe(homeBefore);
    expect(await readFile(path.join(out, 'about.html'), 'utf8')).toBe('About us, changed');
    expect(await readdir(folder)).toEqual(['dist']);
  });

  it('replaces a copied file whose source changed', async () => {
    const source = path.join(folder, 'logo.svg');
    await writeFile(source, '<svg/>');
    const files = [...site(), { path: 'images/logo.svg', source }];
    const records = await builtTwice(files);
    await writeFile(source, '<svg></svg>');
    await writeOutput(out, files, records);
    expect(await readFile(path.join(out, 'images/logo.svg'), 'utf8')).toBe('<svg></svg>');
  });

  it('stages the whole output when two files changed', async () => {
    const records = await builtTwice(site());
    const folderBefore = (await lstat(out)).ino;
    const files = site('About us, changed').map((file) =>
      file.path === 'index.html' ? { ...file, contents: 'home, changed', key: 'home-key-2' } : file,
    );
    await writeOutput(out, files, records);
    expect((await lstat(out)).ino).not.toBe(folderBefore);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('home, changed');
    expect(await readFile(path.join(out, 'about.html'), 'utf8')).toBe('About us, changed');
  });

  it('removes a file added to the output by hand, and puts back one deleted by hand', async () => {
    const records = await builtTwice(site());
    await writeFile(path.join(out, 'assets', 'stray.js'), 'alert(1)');
    await writeOutput(out, site(), records);
    expect(await readdir(path.join(out, 'assets'))).toEqual(['site.css']);
    await rm(path.join(out, 'index.html'));
    await writeOutput(out, site(), records);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('home');
  });

  it('writes a file edited by hand again, even when its record was trusted before', async () => {
    const records = await builtTwice(site());
    await writeFile(path.join(out, 'index.html'), 'HOME');
    await writeOutput(out, site(), records);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('home');
  });

  it('stages the whole output when a folder was added by hand, or a file renamed', async () => {
    let records = await builtTwice(site());
    await mkdir(path.join(out, 'stray'));
    let folderBefore = (await lstat(out)).ino;
    records = await writeOutput(out, site(), records);
    expect((await lstat(out)).ino).not.toBe(folderBefore);
    expect(await readdir(out)).toEqual(['about.html', 'assets', 'index.html']);
    await rename(path.join(out, 'about.html'), path.join(out, 'about-us.html'));
    folderBefore = (await lstat(out)).ino;
    await writeOutput(out, site(), records);
    expect((await lstat(out)).ino).not.toBe(folderBefore);
    expect(await readdir(out)).toEqual(['about.html', 'assets', 'index.html']);
  });

  it('stages the whole output without a record (--no-cache)', async () => {
    await builtTwice(site());
    const folderBefore = (await lstat(out)).ino;
    await writeOutput(out, site());
    expect((await lstat(out)).ino).not.toBe(folderBefore);
  });
});

describe('writeOutput: the contents of a file with a key', () => {
  /** Files whose contents count the times they are asked for, as a page the disk cache kept reads its bytes then. */
  const counted = (files: OutputFile[]) => {
    const asked = new Map<string, number>();
    const made = files.map((file): OutputFile => {
      if (file.key === undefined) return file;
      const { contents, ...rest } = file;
      return {
        ...rest,
        get contents() {
          asked.set(file.path, (asked.get(file.path) ?? 0) + 1);
          return contents;
        },
      };
    });
    return { files: made, asked };
  };
  /** Two builds whose files are older than the racy window, so that their records vouch for them. */
  async function vouchedFor(files: OutputFile[]): Promise<OutputRecords> {
    const first = await writeOutput(out, files);
    const past = new Date(Date.now() - 60_000);
    for (const file of files) await utimes(path.join(out, file.path), past, past);
    return writeOutput(out, files, first);
  }

  it('are not asked for where the record vouches for the copy in the output, written in place or staged', async () => {
    const records = await vouchedFor(site());
    const kept = counted(site());
    const folderBefore = (await lstat(out)).ino;
    const written = await writeOutput(out, kept.files, records);
    expect((await lstat(out)).ino).toBe(folderBefore);
    expect([...kept.asked]).toEqual([]);
    // A folder added by hand: staged whole, the pages linked from the previous output.
    await mkdir(path.join(out, 'stray'));
    const staged = counted(site());
    await writeOutput(out, staged.files, written);
    expect((await lstat(out)).ino).not.toBe(folderBefore);
    expect([...staged.asked]).toEqual([]);
    expect(await readFile(path.join(out, 'about.html'), 'utf8')).toBe('About us');
  });

  it('are read where the copy in the output is not vouched for, and written where it differs', async () => {
    const records = await vouchedFor(site());
    await writeFile(path.join(out, 'about.html'), 'About them');
    const kept = counted(site());
    await writeOutput(out, kept.files, records);
    expect(kept.asked.get('about.html')).toBeGreaterThan(0);
    expect(kept.asked.has('index.html')).toBe(false);
    expect(await readFile(path.join(out, 'about.html'), 'utf8')).toBe('About us');
  });
});
