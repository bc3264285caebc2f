/**
 * Regression (issue 14): with a read-only node_modules (a shared CI image, a global install), even
 * --version failed, because the launcher bundled src/ into node_modules/.cache (EACCES). The tool
 * is copied here with node_modules/.cache made a plain file, which no one can create folders in,
 * root included: the bundle must go to $XDG_CACHE_HOME, or the failure must say what to do.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { copyProject, PROJECT_ROOT, type TempProject } from './helpers/project.ts';

let temp: string;
let tool: string;
beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'agency-site-launcher-'));
  tool = path.join(temp, 'tool');
  for (const name of ['src', 'bin', 'templates', 'package.json', 'package-lock.json']) {
    await cp(path.join(PROJECT_ROOT, name), path.join(tool, name), { recursive: true });
  }
  await mkdir(path.join(tool, 'node_modules'));
  for (const name of await readdir(path.join(PROJECT_ROOT, 'node_modules'))) {
    if (name !== '.cache')
      await symlink(path.join(PROJECT_ROOT, 'node_modules', name), path.join(tool, 'node_modules', name));
  }
  await writeFile(path.join(tool, 'node_modules', '.cache'), 'not a folder\n');
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(tool, 'bin', 'agency-site.js'), ...args],
      { env: { ...process.env, NO_COLOR: '1', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

const bundles = async (cache: string) => {
  const [install] = await readdir(path.join(cache, 'agency-site'));
  return (await readdir(path.join(cache, 'agency-site', install!)))
    .filter((name) => name.startsWith('cli-'))
    .map((name) => path.join(cache, 'agency-site', install!, name));
};

describe('the launcher with node_modules that cannot be written', () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await copyProject();
  });
  afterAll(async () => {
    await project.cleanup();
  });

  it('bundles into $XDG_CACHE_HOME and runs from there: --version, then a whole build', async () => {
    const cache = path.join(temp, 'xdg');
    const version = await run(['--version'], { XDG_CACHE_HOME: cache });
    expect(version).toMatchObject({ code: 0, stdout: `${packageJson.version}\n` });
    expect(await bundles(cache)).toHaveLength(1);
    // React, sharp and the Markdown worker resolve from the bundle outside the tool.
    const build = await run(['build', '--root', project.root, '--threads', '1'], { XDG_CACHE_HOME: cache });
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    expect(await readFile(project.file('dist/index.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/);
  });

  it('makes a new bundle when the sources change, and removes the stale one', async () => {
    const cache = path.join(temp, 'xdg-stale');
    await run(['--version'], { XDG_CACHE_HOME: cache });
    const [first] = await bundles(cache);
    await appendFile(path.join(tool, 'src', 'log.ts'), '\n// changed\n');
    expect((await run(['--version'], { XDG_CACHE_HOME: cache })).code).toBe(0);
    const after = await bundles(cache);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(first);
  });

  it('says where it tried and what to do when no folder can be written, and exits 1', async () => {
    const file = path.join(temp, 'a-file');
    await writeFile(file, '');
    const result = await run(['--version'], { XDG_CACHE_HOME: file, TMPDIR: file });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('agency-site could not write its compiled CLI in any of these folders');
    expect(result.stderr).toContain(path.join(tool, 'node_modules', '.cache', 'agency-site'));
    expect(result.stderr).toContain('npm run prepare');
  });
});
