import { spawn } from 'node:child_process';
import { access, chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { describe, it, type TestContext } from 'vitest';
import { CLI, type TempProject } from '../helpers/project.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

/** A fresh copy of the project, removed when the test ends. */
async function project(onTestFinished: TestContext['onTestFinished']): Promise<TempProject> {
  const copy = await copyWarmProject('agency-site-cli-dev-');
  onTestFinished(() => copy.cleanup());
  return copy;
}

/** Runs `agency-site dev` until its stdout shows the URL (stopped when the test ends). */
function startDev(
  onTestFinished: TestContext['onTestFinished'],
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; stdout: () => string; stderr: () => string }> {
  const child = spawn(process.execPath, [CLI, 'dev', ...args], { env: { ...process.env, NO_COLOR: '1', ...env } });
  onTestFinished(() => {
    child.kill();
  });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const url = /Dev server: (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url) resolve({ url, stdout: () => stdout, stderr: () => stderr });
    });
    child.on('exit', (code) => reject(new Error(`dev exited with ${code}: ${stdout}${stderr}`)));
  });
}

describe.concurrent('agency-site dev (the command)', () => {
  it('prints the URL, moves off a busy port and says so, opens the browser, and leaves dist/ alone', async ({
    expect,
    onTestFinished,
  }) => {
    const copy = await project(onTestFinished);
    const blocker = createServer();
    onTestFinished(() => {
      blocker.close();
    });
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const busy = (blocker.address() as { port: number }).port;
    // A stand-in for xdg-open that notes what it was asked to open.
    await mkdir(copy.file('bin'));
    await writeFile(copy.file('bin/xdg-open'), `#!/bin/sh\necho "$1" > "${copy.file('opened.txt')}"\n`);
    await chmod(copy.file('bin/xdg-open'), 0o755);

    const dev = await startDev(onTestFinished, ['--root', copy.root, '--port', String(busy), '--open'], {
      PATH: copy.file('bin'),
    });
    expect(dev.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(dev.url).not.toBe(`http://127.0.0.1:${busy}/`);
    // stderr and stdout are separate pipes: the warning may arrive after the URL.
    await expect.poll(() => dev.stderr()).toContain(`Port ${busy} is busy`);
    const home = await fetch(dev.url);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Northwind Studio');
    await expect.poll(() => readFile(copy.file('opened.txt'), 'utf8').catch(() => '')).toBe(`${dev.url}\n`);
    await expect(access(copy.file('dist'))).rejects.toThrow();
  });

  it('warns, and keeps serving, when no browser can be opened', async ({ expect, onTestFinished }) => {
    const copy = await project(onTestFinished);
    const dev = await startDev(onTestFinished, ['--root', copy.root, '--port', '0', '--open'], {
      PATH: copy.file('no-such-folder'),
    });
    await expect.poll(() => dev.stderr()).toContain('Could not open a browser');
    expect((await fetch(dev.url)).status).toBe(200);
  });
});
