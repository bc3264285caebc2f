import { execFileSync, spawn } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { SiteError } from '../../src/errors.ts';
import type { OutputFile } from '../../src/output/plan.ts';
import { guardOutDir, recoverOutput, writeOutput } from '../../src/output/staging.ts';
import { listLeftovers, snapshotFolder } from '../helpers/snapshot.ts';

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
    expect((await readdir(out, { recursive: true })).map(String).sort()).toEqual([
      'assets',
      'assets/a.css',
      'index.html',
    ]);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('two');
    expect(await readdir(folder)).toEqual(['dist']);
  });

  it('links a file whose bytes the previous output already holds, and writes every other file anew', async () => {
    const out = path.join(folder, 'dist');
    await writeOutput(out, [
      { path: 'same.html', contents: Buffer.from('unchanged') },
      { path: 'changed.html', contents: 'before' },
      { path: 'edited.html', contents: 'as built' },
      { path: 'linked.html', contents: 'target' },
    ]);
    const inode = async (file: string) => (await lstat(path.join(out, file))).ino;
    const sameBefore = await inode('same.html');
    const editedBefore = await inode('edited.html');
    // Edited by hand after the build, with the same length: it must not be carried over.
    await writeFile(path.join(out, 'edited.html'), 'by hand!');
    // A symbolic link to a file with the right bytes is not carried over either.
    await writeFile(path.join(folder, 'elsewhere.html'), 'target');
    await rm(path.join(out, 'linked.html'));
    await symlink(path.join(folder, 'elsewhere.html'), path.join(out, 'linked.html'));
    await writeOutput(out, [
      { path: 'same.html', contents: Buffer.from('unchanged') },
      { path: 'changed.html', contents: 'after' },
      { path: 'edited.html', contents: 'as built' },
      { path: 'linked.html', contents: 'target' },
    ]);
    expect(await inode('same.html')).toBe(sameBefore);
    expect(await inode('edited.html')).not.toBe(editedBefore);
    expect(await readFile(path.join(out, 'edited.html'), 'utf8')).toBe('as built');
    expect(await readFile(path.join(out, 'changed.html'), 'utf8')).toBe('after');
    expect((await lstat(path.join(out, 'linked.html'))).isFile()).toBe(true);
    expect(await readFile(path.join(out, 'linked.html'), 'utf8')).toBe('target');
    expect((await lstat(path.join(out, 'same.html'))).nlink).toBe(1);
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

describe('on bad input and interrupted builds', () => {
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'agency-site-output-'));
    for (const folder of ['content', 'templates', 'public']) await mkdir(path.join(root, folder));
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function refusal(out: string): Promise<SiteError> {
    return guardOutDir(resolveConfig({ root, out })).then(
      () => expect.fail(`--out ${out} was accepted`),
      (thrown: unknown) => thrown as SiteError,
    );
  }

  /** The pid of a process that has exited, as a killed build's would be. */
  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.on('exit', resolve));
    return child.pid!;
  }

  const files = (count: number, prefix = 'page'): OutputFile[] =>
    Array.from({ length: count }, (_, index) => ({
      path: `${prefix}-${index}.html`,
      contents: `<p>${prefix} ${index}</p>`,
    }));

  describe('guardOutDir, refusals', () => {
    it('refuses the project folder, a source folder, a folder inside one and their parents', async () => {
      for (const out of ['.', '..', 'content', 'templates', 'public', 'public/dist', 'content/legal/out', '/']) {
        expect((await refusal(out)).code, out).toBe('UnsafeOutDir');
      }
      expect((await refusal('.')).message).toContain('is the project folder itself');
      expect((await refusal('content')).message).toContain('is the content folder itself');
      expect((await refusal('..')).message).toContain(`holds ${root}`);
    });

    it('refuses a symbolic link that leads into a source folder', async () => {
      await symlink(path.join(root, 'public'), path.join(root, 'site'));
      expect((await refusal('site/dist')).message).toMatch(/is inside .*public/);
    });

    it('refuses a folder of other files, and a file, but accepts an earlier build, an empty folder and a new one', async () => {
      await mkdir(path.join(root, 'notes'));
      await writeFile(path.join(root, 'notes', 'todo.txt'), 'keep me');
      expect((await refusal('notes')).message).toContain('not an earlier build');
      await writeFile(path.join(root, 'out.txt'), 'a file');
      expect((await refusal('out.txt')).code).toBe('UnsafeOutDir');
      await mkdir(path.join(root, 'dist'));
      await writeFile(path.join(root, 'dist', 'index.html'), '');
      await mkdir(path.join(root, 'empty'));
      for (const out of ['dist', 'empty', 'new', '../elsewhere']) await guardOutDir(resolveConfig({ root, out }));
    });
  });

  describe('writeOutput', () => {
    it('leaves the previous output as it was when a file cannot be written, and removes the staging folder', async () => {
      const out = path.join(root, 'dist');
      await writeOutput(out, files(5, 'old'));
      const before = await snapshotFolder(out);
      // "a" must be a file and a folder at once: the write fails after many files are already staged.
      const planned = [
        ...files(300),
        { path: 'a/b.html', contents: 'b' },
        { path: 'a', contents: 'a' },
        ...files(300, 'more'),
      ];
      const error = await writeOutput(out, planned).then(
        () => expect.fail('the write succeeded'),
        (thrown: unknown) => thrown as SiteError,
      );
      expect(error).toBeInstanceOf(SiteError);
      expect(error).toMatchObject({
        code: 'WriteFailed',
        file: 'dist/a',
        message: expect.stringContaining('The previous output is untouched'),
      });
      expect(await snapshotFolder(out)).toEqual(before);
      expect(await listLeftovers(out)).toEqual([]);
    });

    it('fails with "disk full" on a full disk and leaves the previous output as it was', async (context) => {
      const disk = path.join(root, 'disk');
      await mkdir(disk);
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', disk], { stdio: 'ignore' });
      } catch {
        context.skip(
          'mounting a small tmpfs needs root (CAP_SYS_ADMIN); the CLI test simulates a full disk with ulimit -f instead',
        );
      }
      try {
        const out = path.join(disk, 'dist');
        await writeOutput(out, [{ path: 'index.html', contents: 'x'.repeat(100 * 1024) }]);
        const before = await snapshotFolder(out);
        const error = await writeOutput(out, [{ path: 'index.html', contents: 'y'.repeat(200 * 1024) }]).then(
          () => expect.fail('the write succeeded'),
          (thrown: unknown) => thrown as SiteError,
        );
        expect(error).toMatchObject({
          code: 'WriteFailed',
          file: 'dist/index.html',
          hint: expect.stringContaining('The disk is full'),
        });
        expect(await snapshotFolder(out)).toEqual(before);
        expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('x'.repeat(100 * 1024));
        expect(await listLeftovers(out)).toEqual([]);
      } finally {
        execFileSync('umount', [disk]);
      }
    });
  });

  describe('recoverOutput', () => {
    it('puts back a previous output that a killed build had moved aside, and drops its staging folder', async () => {
      const out = path.join(root, 'dist');
      const pid = await deadPid();
      await mkdir(`${out}.old-${pid}`);
      await writeFile(path.join(`${out}.old-${pid}`, 'index.html'), 'previous');
      await mkdir(`${out}.staging-${pid}`);
      await writeFile(path.join(`${out}.staging-${pid}`, 'index.html'), 'half');
      await recoverOutput(out);
      expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('previous');
      expect(await listLeftovers(out)).toEqual([]);
    });

    it('drops a moved-aside output once the new one is in place', async () => {
      const out = path.join(root, 'dist');
      const pid = await deadPid();
      await mkdir(out);
      await writeFile(path.join(out, 'index.html'), 'new');
      await mkdir(`${out}.old-${pid}`);
      await recoverOutput(out);
      expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('new');
      expect(await listLeftovers(out)).toEqual([]);
    });

    it('leaves alone the staging folder of a build that is still running', async () => {
      const out = path.join(root, 'dist');
      const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
      try {
        await mkdir(`${out}.staging-${running.pid}`);
        await recoverOutput(out);
        expect(await listLeftovers(out)).toEqual([`dist.staging-${running.pid}`]);
      } finally {
        running.kill();
      }
    });
  });
});
