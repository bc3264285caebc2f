/**
 * Regression (issue 14): with a read-only node_modules (a shared CI image, a global install), even
 * --version failed, because the launcher bundled src/ into node_modules/.cache (EACCES). The tool
 * is copied here with node_modules/.cache made a plain file, which no one can create folders in,
 * root included: the bundle must go to $XDG_CACHE_HOME, or the failure must say what to do.
 */
import { isAscii } from 'node:buffer';
import { execFile } from 'node:child_process';
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

  it('writes the script form of the CLI as ASCII, so that V8 holds it as one byte a character', async () => {
    const [bundle] = await bundles(path.join(temp, 'xdg'));
    expect(isAscii(await readFile(path.join(bundle!, 'cli-script.js')))).toBe(true);
  });

  // Node 20 only: later Nodes run the ES module bundle with module.enableCompileCache.
  it.runIf(!('enableCompileCache' in module))(
    'keeps the code cache of the CLI from one build to the next (V8 accepts it)',
    async () => {
      const cache = path.join(temp, 'xdg');
      const [bundle] = await bundles(cache);
      const codeCache = async () => {
        const [name, ...rest] = (await readdir(bundle!)).filter((name) => name.endsWith('.code-cache'));
        expect(rest).toEqual([]);
        return (await stat(path.join(bundle!, name!))).ino;
      };
      const before = await codeCache();
      await project.write(
        'content/legal/terms.md',
        `${await project.read('content/legal/terms.md')}\nOne more line.\n`,
      );
      const build = await run(['build', '--root', project.root, '--threads', '1', '--quiet'], {
        XDG_CACHE_HOME: cache,
      });
      expect(build).toMatchObject({ code: 0, stderr: '' });
      expect(await codeCache()).toBe(before);
    },
  );

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

describe("npm's prepare step", () => {
  // The repository itself: the tool's own templates, with the shipped content beside them.
  beforeAll(async () => {
    for (const name of ['content', 'public'])
      await cp(path.join(PROJECT_ROOT, name), path.join(tool, name), { recursive: true });
  });
  const preview = async () => {
    const [name] = (await readdir(path.join(tool, 'dist', 'admin'))).filter((file) => file.startsWith('preview-'));
    return readFile(path.join(tool, 'dist', 'admin', name!), 'utf8');
  };

  it("makes the CMS preview of the tool's templates beside the bundle, and a build publishes it as it is", async () => {
    const cache = path.join(temp, 'xdg-prepare');
    const env = { ...process.env, XDG_CACHE_HOME: cache };
    await new Promise<void>((resolve, reject) =>
      execFile(process.execPath, [path.join(tool, 'src', 'bundle.js')], { env, timeout: 120_000 }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    const [bundle] = await bundles(cache);
    const installed = await readdir(path.join(bundle!, 'admin-preview'));
    expect(installed).toHaveLength(1);
    // Marked, so the published script shows it came from the install and was not bundled again.
    const file = path.join(bundle!, 'admin-preview', installed[0]!);
    await writeFile(file, `/* made at install */${await readFile(file, 'utf8')}`);
    const build = () => run(['build', '--root', tool, '--quiet'], { XDG_CACHE_HOME: cache });
    expect(await build()).toMatchObject({ code: 0, stderr: '' });
    expect(await preview()).toBe(await readFile(file, 'utf8'));

    // Templates changed since the install: the build bundles their preview itself.
    const prose = path.join(tool, 'templates', 'ui', 'Prose.tsx');
    await writeFile(prose, `${await readFile(prose, 'utf8')}\n// changed\n`);
    expect(await build()).toMatchObject({ code: 0, stderr: '' });
    expect(await preview()).not.toContain('made at install');
  });
});

/**
 * Node 20 runs the CLI as a script whose compiled code V8 keeps in a file beside it
 * (src/script-cache.js). Shown here with a small script of the same shape: the cache is written
 * once the run is over, kept while V8 accepts it, made anew when V8 rejects it, and a cache that
 * cannot be written never fails the run.
 */
describe('the code cache of the CLI run as a script', () => {
  let folder: string;
  let script: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'agency-site-script-cache-'));
    script = path.join(folder, 'cli-script.js');
    await writeFile(
      script,
      [
        "(function (exports, require, module, __filename, __dirname) { 'use strict';",
        "  const { basename } = require('node:path');",
        '  const double = (n) => n * 2;',
        "  process.stdout.write([basename(__filename), double(21), typeof exports].join(' ') + '\\n');",
        "  if (process.argv.includes('--fail')) throw new Error('failed in the script');",
        "  if (process.argv.includes('--exit')) process.exit(3);",
        '})',
      ].join('\n'),
    );
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const runScript = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const code = `import(${JSON.stringify(pathToFileURL(path.join(tool, 'src', 'script-cache.js')).href)}).then((m) => m.runScript(${JSON.stringify(script)}))`;
      execFile(process.execPath, ['--input-type=module', '-e', code, '--', ...args], (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      });
    });
  const cacheFiles = async () => (await readdir(folder)).filter((name) => name !== 'cli-script.js');

  it('writes the cache after the first run, and keeps it while V8 accepts it', async () => {
    expect(await runScript()).toMatchObject({ code: 0, stdout: 'cli-script.js 42 object\n', stderr: '' });
    const [cache] = await cacheFiles();
    expect(cache).toBe(`cli-script.js.${process.version}-${process.arch}.code-cache`);
    expect((await stat(path.join(folder, cache!))).size).toBeGreaterThan(0);
    // Accepted, it stays the same file: a rewrite is renamed into place, a new inode.
    const inode = (await stat(path.join(folder, cache!))).ino;
    expect(await runScript()).toMatchObject({ code: 0, stdout: 'cli-script.js 42 object\n' });
    expect((await stat(path.join(folder, cache!))).ino).toBe(inode);
    expect(await cacheFiles()).toEqual([cache]);
  });

  it('makes the cache anew when V8 rejects it (another Node, another bundle, a broken file)', async () => {
    const [cache] = await cacheFiles();
    await writeFile(path.join(folder, cache!), 'not a code cache');
    expect(await runScript()).toMatchObject({ code: 0, stdout: 'cli-script.js 42 object\n' });
    expect((await readFile(path.join(folder, cache!), 'utf8')).startsWith('not a code cache')).toBe(false);
  });

  it('writes the cache when the script ends with process.exit or an error, and keeps their exit codes', async () => {
    await Promise.all((await cacheFiles()).map((name) => rm(path.join(folder, name))));
    expect(await runScript('--exit')).toMatchObject({ code: 3, stdout: 'cli-script.js 42 object\n' });
    expect(await cacheFiles()).toHaveLength(1);
    await Promise.all((await cacheFiles()).map((name) => rm(path.join(folder, name))));
    const failed = await runScript('--fail');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('Error: failed in the script');
    expect(failed.stderr).toContain(`${script}:5`);
  });

  it('runs as usual when the cache cannot be written, and leaves nothing behind', async () => {
    await Promise.all((await cacheFiles()).map((name) => rm(path.join(folder, name))));
    await runScript();
    const [cache] = await cacheFiles();
    // A folder where the cache goes: neither read nor replaced by a rename (root included).
    await rm(path.join(folder, cache!));
    await mkdir(path.join(folder, cache!, 'in-the-way'), { recursive: true });
    expect(await runScript()).toMatchObject({ code: 0, stdout: 'cli-script.js 42 object\n', stderr: '' });
    expect(await cacheFiles()).toEqual([cache]);
    await rm(path.join(folder, cache!), { recursive: true });
  });

  it('ends with one whole cache when runs write it at once', async () => {
    const runs = await Promise.all(Array.from({ length: 4 }, () => runScript()));
    for (const run of runs) expect(run).toMatchObject({ code: 0, stdout: 'cli-script.js 42 object\n' });
    const [cache, ...rest] = await cacheFiles();
    expect(rest).toEqual([]);
    const inode = (await stat(path.join(folder, cache!))).ino;
    await runScript();
    expect((await stat(path.join(folder, cache!))).ino).toBe(inode);
  });

  it('keeps the code of what ran only at the start of a long run (V8 drops unused bytecode)', async () => {
    // The CLI's top level and its modules' run once, then a build's many full collections pass
    // (--stress-flush-code drops unused bytecode at each one here). V8 reports the bytecode the
    // call to startOnly compiled: none when the cache of the last run held it.
    const other = await mkdtemp(path.join(os.tmpdir(), 'agency-site-script-cache-'));
    const long = path.join(other, 'cli-script.js');
    const statements = Array.from({ length: 500 }, (_, index) => `    total += ${index} * n;`);
    await writeFile(
      long,
      [
        "(function (exports, require, module, __filename, __dirname) { 'use strict';",
        "  const v8 = require('node:v8');",
        '  const bytecode = () => v8.getHeapCodeStatistics().bytecode_and_metadata_size;',
        '  function startOnly(n) {',
        '    let total = 0;',
        ...statements,
        '    return total;',
        '  }',
        '  const before = bytecode();',
        '  startOnly(1);',
        '  const compiled = bytecode() - before;',
        '  for (let i = 0; i < 10; i++) gc();',
        "  process.stdout.write(compiled + '\\n');",
        '})',
      ].join('\n'),
    );
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const code = `import(${JSON.stringify(pathToFileURL(path.join(tool, 'src', 'script-cache.js')).href)}).then((m) => m.runScript(${JSON.stringify(long)}))`;
        const flags = ['--expose-gc', '--stress-flush-code', '--input-type=module'];
        execFile(process.execPath, [...flags, '-e', code], (error, stdout) =>
          error ? reject(error) : resolve(stdout),
        );
      });
    try {
      expect(Number(await run())).toBeGreaterThan(1000);
      expect(Number(await run())).toBe(0);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
