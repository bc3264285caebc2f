import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../src/config.ts';
import { guardOutDir, recoverOutput, writeOutput } from '../src/output.ts';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'agency-output-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('writeOutput', () => {
  it('replaces the whole output folder: files of the previous build that this build did not make are gone', async () => {
    const out = path.join(folder, 'dist');
    await writeOutput(out, [
      { path: 'index.html', contents: 'one' },
      { path: 'old/page.html', contents: 'stale' },
    ]);
    await writeOutput(out, [
      { path: 'index.html', contents: 'two' },
      { path: 'assets/a.css', contents: new Uint8Array([97]) },
    ]);
    expect((await readdir(out, { recursive: true })).map(String).sort()).toEqual(['assets', 'assets/a.css', 'index.html']);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('two');
    expect(await readdir(folder)).toEqual(['dist']);
  });

  it('copies files named by source', async () => {
    const source = path.join(folder, 'logo.svg');
    await writeFile(source, '<svg/>');
    await writeOutput(path.join(folder, 'dist'), [{ path: 'images/logo.svg', source }]);
    expect(await readFile(path.join(folder, 'dist/images/logo.svg'), 'utf8')).toBe('<svg/>');
  });

  it('leaves the previous output untouched when writing fails, and cleans up its staging folder', async () => {
    const out = path.join(folder, 'dist');
    await writeOutput(out, [{ path: 'index.html', contents: 'good' }]);
    // A file and a folder cannot share a path: the second write fails half way.
    await expect(
      writeOutput(out, [
        { path: 'index.html', contents: 'new' },
        { path: 'a', contents: 'file' },
        { path: 'a/b.html', contents: 'inside a file' },
      ]),
    ).rejects.toMatchObject({ code: 'WriteFailed' });
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('good');
    expect(await readdir(folder)).toEqual(['dist']);
  });
});

describe('recoverOutput', () => {
  it('puts back a previous output caught between the two renames of a killed build', async () => {
    const out = path.join(folder, 'dist');
    await mkdir(`${out}.old-999999999`);
    await writeFile(`${out}.old-999999999/index.html`, 'previous');
    await mkdir(`${out}.staging-999999998`);
    await recoverOutput(out);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect((await readdir(folder)).sort()).toEqual(['dist']);
  });
});

describe('guardOutDir', () => {
  const config = (out: string) => resolveConfig({ root: path.join(folder, 'site'), out });

  it('refuses the project root, its parents and the source folders', async () => {
    for (const out of ['.', '..', 'content', 'templates', 'public', 'content/dist', '/']) {
      await expect(guardOutDir(config(out)), out).rejects.toMatchObject({ code: 'UnsafeOutDir' });
    }
  });

  it('refuses a folder with files that is not an earlier build', async () => {
    await mkdir(path.join(folder, 'site', 'docs'), { recursive: true });
    await writeFile(path.join(folder, 'site', 'docs', 'notes.txt'), 'mine');
    await expect(guardOutDir(config('docs'))).rejects.toMatchObject({ code: 'UnsafeOutDir' });
  });

  it('accepts a new folder, an empty one and an earlier build', async () => {
    await expect(guardOutDir(config('dist'))).resolves.toBeUndefined();
    await mkdir(path.join(folder, 'site', 'empty'), { recursive: true });
    await expect(guardOutDir(config('empty'))).resolves.toBeUndefined();
    await mkdir(path.join(folder, 'site', 'built'), { recursive: true });
    await writeFile(path.join(folder, 'site', 'built', 'index.html'), '');
    await expect(guardOutDir(config('built'))).resolves.toBeUndefined();
  });
});
