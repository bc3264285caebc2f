import { spawn, type ChildProcess } from 'node:child_process';
import { access, chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, type TempProject } from '../helpers/project.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

const children: ChildProcess[] = [];
const projects: TempProject[] = [];
let blocker: Server | undefined;

afterEach(async () => {
  for (const child of children.splice(0)) child.kill();
  blocker?.close();
  await Promise.all(projects.splice(0).map((project) => project.cleanup()));
});

/** Runs `agency-site dev` until its stdout shows the URL; returns what it printed so far. */
function startDev(args: string[], env: NodeJS.ProcessEnv): Promise<{ url: string; stdout: () => string; stderr: () => string }> {
  const child = spawn(process.execPath, [CLI, 'dev', ...args], { env: { ...process.env, NO_COLOR: '1', ...env } });
  children.push(child);
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

describe('agency-site dev (the command)', () => {
  it('prints the URL, moves off a busy port and says so, opens the browser, and leaves dist/ alone', async () => {
    const project = await copyWarmProject('agency-site-cli-dev-');
    projects.push(project);
    blocker = createServer();
    await new Promise<void>((done) => blocker!.listen(0, '127.0.0.1', done));
    const busy = (blocker.address() as { port: number }).port;
    // A stand-in for xdg-open that notes what it was asked to open.
    await mkdir(project.file('bin'));
    await writeFile(project.file('bin/xdg-open'), `#!/bin/sh\necho "$1" > "${project.file('opened.txt')}"\n`);
    await chmod(project.file('bin/xdg-open'), 0o755);

    const dev = await startDev(['--root', project.root, '--port', String(busy), '--open'], { PATH: project.file('bin') });
    expect(dev.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(dev.url).not.toBe(`http://127.0.0.1:${busy}/`);
    // stderr and stdout are separate pipes: the warning may arrive after the URL.
    await expect.poll(() => dev.stderr()).toContain(`Port ${busy} is busy`);
    const home = await fetch(dev.url);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Northwind Studio');
    await expect.poll(() => readFile(project.file('opened.txt'), 'utf8').catch(() => '')).toBe(`${dev.url}\n`);
    await expect(access(project.file('dist'))).rejects.toThrow();
  });

  it('warns, and keeps serving, when no browser can be opened', async () => {
    const project = await copyWarmProject('agency-site-cli-dev-');
    projects.push(project);
    const dev = await startDev(['--root', project.root, '--port', '0', '--open'], { PATH: project.file('no-such-folder') });
    await expect.poll(() => dev.stderr()).toContain('Could not open a browser');
    expect((await fetch(dev.url)).status).toBe(200);
  });
});
