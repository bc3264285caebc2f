/**
 * content/ and public/ themselves, and every file read from them (the config's early read of
 * content/site.yaml included), stay inside the project: a linked folder, a link to a device, a
 * named pipe, a loop or a link through a file is a clean error at the link, through the real CLI,
 * and nothing of what it points at is printed. Every input is made by the test.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, runCli, type TempProject } from '../helpers/project.ts';

const SECRET = 'SECRET_TOKEN=sk-live-do-not-print';
const CREDENTIALS = 'https://deploy:hunter2@secret.example/sub/';

let project: TempProject;
let outside: string;
/** Undone after each test, last first: links removed, folders moved back. */
const undo: Array<() => Promise<void>> = [];

/** Every word the CLI printed, in both streams. */
const printed = (result: { stdout: string; stderr: string }) => `${result.stdout}\n${result.stderr}`;

function expectNothingOfOutside(text: string): void {
  expect(text).not.toContain('SECRET');
  expect(text).not.toContain('hunter2');
  expect(text).not.toContain('secret.example');
  expect(text).not.toContain(outside);
  expect(text).not.toContain('outside-only');
  expect(text).not.toMatch(/internal error/i);
}

/** Replaces a folder of the project with a link to `target`, for one test. */
async function linkFolder(relative: string, target: string): Promise<void> {
  const moved = `${project.file(relative)}.real`;
  await rename(project.file(relative), moved);
  await symlink(target, project.file(relative));
  undo.push(async () => {
    await rm(project.file(relative));
    await rename(moved, project.file(relative));
  });
}

/** Makes `relative` a link to `target` (or a named pipe), setting aside what was there, for one test. */
async function replaceFile(relative: string, make: (file: string) => Promise<void>): Promise<void> {
  const file = project.file(relative);
  const kept = `${file}.kept`;
  const existed = await rename(file, kept).then(
    () => true,
    () => false,
  );
  await mkdir(path.dirname(file), { recursive: true });
  await make(file);
  undo.push(async () => {
    await rm(file, { force: true });
    if (existed) await rename(kept, file);
  });
}

beforeAll(async () => {
  project = await copyProject('agency-site-folders-');
  outside = await mkdtemp(path.join(os.tmpdir(), 'agency-site-outside-'));
  await writeFile(path.join(outside, 'secret.env'), `${SECRET}\n`);
  // A whole content folder elsewhere, with credentials in its URL and a broken page whose lines would show in a code frame.
  execFileSync('cp', ['-r', project.file('content'), path.join(outside, 'content')]);
  await writeFile(path.join(outside, 'content', 'site.yaml'), `url: ${CREDENTIALS}\nname: "${SECRET}"\n`);
  await mkdir(path.join(outside, 'content', 'pages'), { recursive: true });
  await writeFile(path.join(outside, 'content', 'pages', 'outside-only.md'), `---\ntitle: [${SECRET}\n---\n`);
  await mkdir(path.join(outside, 'public'));
  await writeFile(path.join(outside, 'public', 'outside-only.txt'), `${SECRET}\n`);
});

afterEach(async () => {
  for (const step of undo.splice(0).reverse()) await step();
});

afterAll(async () => {
  await project?.cleanup();
  await rm(outside, { recursive: true, force: true });
});

describe('source folders that lead out of the project', () => {
  it('stops at public/ linked elsewhere, printing nothing of it', async () => {
    await linkFolder('public', path.join(outside, 'public'));
    const result = await runCli(['check'], { cwd: project.root });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'error public [SymlinkOutside] public/ is a symbolic link that leads out of the project',
    );
    expectNothingOfOutside(printed(result));
  });

  it('stops at content/ linked elsewhere, and the early read of its site.yaml prints none of its URL', async () => {
    await linkFolder('content', path.join(outside, 'content'));
    // --base that disagrees with the outside URL would print it if the early read had read it.
    for (const args of [['check'], ['check', '--base', '/other/'], ['build']]) {
      const result = await runCli(args, { cwd: project.root });
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toContain('error content [SymlinkOutside]');
      expectNothingOfOutside(printed(result));
    }
  });

  it('reports a file in a linked subfolder at the link, without the names of the files it leads to', async () => {
    await linkFolder('content/pages', path.join(outside, 'content', 'pages'));
    const result = await runCli(['check'], { cwd: project.root });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error content/pages [SymlinkOutside]');
    expectNothingOfOutside(printed(result));
  });
});

describe('files that cannot be read as files', () => {
  it('refuses content/site.yaml linked to /dev/zero at once, before the config reads it', async () => {
    await replaceFile('content/site.yaml', (file) => symlink('/dev/zero', file));
    const result = await runCli(['check', '--base', '/x/'], { cwd: project.root, timeout: 30_000 });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('content/site.yaml [SymlinkOutside]');
    expectNothingOfOutside(printed(result));
  });

  // public/ is listed before content/ is read, and a problem there stops the build: one folder per run.
  it('refuses a device linked from inside the project and a named pipe in content/, without waiting on them', async () => {
    await replaceFile('content/zero', (file) => symlink('/dev/zero', file));
    await replaceFile('content/site.yaml', (file) => symlink('zero', file));
    await replaceFile('content/pages/pipe.md', async (file) => {
      execFileSync('mkfifo', [file]);
    });
    const result = await runCli(['check'], { cwd: project.root, timeout: 30_000 });
    expect(result.code).toBe(1);
    // /dev/zero lies outside the project; a pipe inside it is not a regular file.
    expect(result.stderr).toContain('content/site.yaml [SymlinkOutside]');
    expect(result.stderr).toContain('content/pages/pipe.md [FileUnreadable]');
    expectNothingOfOutside(printed(result));
  });

  it('refuses a named pipe in public/ without waiting on it', async () => {
    await replaceFile('public/pipe.txt', async (file) => {
      execFileSync('mkfifo', [file]);
    });
    const result = await runCli(['check'], { cwd: project.root, timeout: 30_000 });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error public/pipe.txt [FileUnreadable]');
  });

  it.each([
    ['public', ['public/loop.png', 'loop.png'], ['public/through.png', 'favicon.svg/x.png']],
    ['content', ['content/pages/loop.md', 'loop.md'], ['content/pages/through.md', '../site.yaml/x.md']],
  ])('reports a link loop and a link through a file in %s/ as SymlinkBroken at the link', async (_, loop, through) => {
    for (const [file, target] of [loop, through]) await replaceFile(file!, (made) => symlink(target!, made));
    const result = await runCli(['check'], { cwd: project.root, timeout: 30_000 });
    expect(result.code).toBe(1);
    for (const [file] of [loop, through]) expect(result.stderr).toContain(`error ${file} [SymlinkBroken]`);
    expectNothingOfOutside(printed(result));
  });
});
