/**
 * A read-only output folder or cache (chmod -R a-w dist) and the leftovers of a build that could not
 * remove it: recovered, never an internal error, and the next build works. File permissions do
 * not bind root, so under root the CLI runs as the unprivileged user 65534.
 */
import { execFile } from 'node:child_process';
import { chmod, chown, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, copyProject, PROJECT_ROOT, runCli, type CliResult, type TempProject } from '../helpers/project.ts';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/** The CLI as a user that file permissions apply to. */
function runUnprivileged(args: string[], cwd: string): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      {
        cwd,
        env: { ...process.env, NO_COLOR: '1', HOME: cwd },
        timeout: 60_000,
        ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** chmod -R a-w, folders last so they can still be walked. */
async function makeReadOnly(folder: string): Promise<void> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const child = path.join(folder, entry.name);
    if (entry.isDirectory()) await makeReadOnly(child);
    else await chmod(child, 0o444);
  }
  await chmod(folder, 0o555);
}

async function chownTree(folder: string): Promise<void> {
  if (!asRoot) return;
  await chown(folder, NOBODY, NOBODY);
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    await chown(path.join(entry.parentPath, entry.name), NOBODY, NOBODY);
  }
}

/**
 * User 65534 must be able to reach the tool to run it: a clone inside a private folder (mktemp -d
 * makes one with mode 700) is not. Gives the folders above the tool the search bit others lack,
 * for the duration of this file, and takes it back after.
 */
const opened: Array<[string, number]> = [];
beforeAll(async () => {
  if (!asRoot) return;
  for (let folder = PROJECT_ROOT; ; folder = path.dirname(folder)) {
    const { mode } = await stat(folder);
    if ((mode & 0o001) === 0) {
      opened.push([folder, mode & 0o7777]);
      await chmod(folder, (mode & 0o7777) | 0o001);
    }
    if (path.dirname(folder) === folder) break;
  }
});
afterAll(async () => {
  for (const [folder, mode] of opened.splice(0)) await chmod(folder, mode);
});

describe('a read-only or half-removed output folder', () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await copyProject('agency-site-readonly-');
    // Built once as the test user: it also prepares the CLI's bundle, which user 65534 may not write.
    expect((await runCli(['build'], { cwd: project.root })).code).toBe(0);
    await chownTree(project.root);
  });
  afterAll(async () => {
    await project?.cleanup();
  });

  it('builds over a read-only dist/, leaves no dist.old-* behind, and builds again', async () => {
    await makeReadOnly(project.file('dist'));
    const first = await runUnprivileged(['build'], project.root);
    expect(first.stderr).not.toContain('internal error');
    expect(first.code).toBe(0);
    expect((await readdir(project.root)).filter((name) => name.startsWith('dist.'))).toEqual([]);
    const second = await runUnprivileged(['build'], project.root);
    expect(second.code, second.stderr).toBe(0);
  });

  it('clears a read-only dist.old-PID left by a dead build', async () => {
    const leftover = project.file('dist.old-999999');
    await mkdir(path.join(leftover, 'assets'), { recursive: true });
    await writeFile(path.join(leftover, 'assets', 'site.css'), 'body{}');
    await chownTree(leftover);
    await makeReadOnly(leftover);
    const result = await runUnprivileged(['build'], project.root);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    expect((await readdir(project.root)).filter((name) => name.startsWith('dist.'))).toEqual([]);
  });
});

describe('a cache folder that cannot be written', () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await copyProject('agency-site-cache-ro-');
    expect((await runCli(['build', '--no-cache'], { cwd: project.root })).code).toBe(0);
    await chownTree(project.root);
    // Nothing cached yet, and nowhere to put it: every image is made and none can be kept.
    await mkdir(project.file('.cache'));
    await chownTree(project.file('.cache'));
    await chmod(project.file('.cache'), 0o555);
  });
  afterAll(async () => {
    await project?.cleanup();
  });

  it('is a warning, and the build goes on without it, blaming no image', async () => {
    const result = await runUnprivileged(['build'], project.root);
    expect(result.stderr).not.toContain('ImageFailed');
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/warning .*cache .*cannot be written/);
    expect(result.stdout).toContain('Built ');
  });
});
