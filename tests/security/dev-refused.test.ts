/**
 * Issue 23, point 4: while dev rebuilds with a Markdown file that takes too long to render (the
 * render runs in a worker with a deadline), it keeps answering with the last good pages, then
 * refuses the file and goes on serving them.
 */
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { CLI, pageSource } from '../helpers/project.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

it('serves the last good page while a file too complex to render is refused', async ({ onTestFinished }) => {
  const project = await copyWarmProject('agency-site-dev-refused-');
  onTestFinished(() => project.cleanup());
  const child = spawn(process.execPath, [CLI, 'dev', '--root', project.root, '--port', '0'], {
    env: { ...process.env, NO_COLOR: '1' },
  });
  onTestFinished(() => {
    child.kill();
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  await expect.poll(() => /Dev server: (http:\/\/\S+)/.exec(stdout)?.[1], { timeout: 60_000 }).toBeTruthy();
  const url = /Dev server: (http:\/\/\S+)/.exec(stdout)![1]!;
  const home = async () => {
    const response = await fetch(url);
    return { status: response.status, text: await response.text() };
  };
  expect((await home()).text).toContain('Northwind Studio');

  await project.write('content/pages/stars.md', pageSource('Stars', '*a**a***'.repeat(20_000)));
  // Asked again and again until the refusal is printed: every answer is the last good page.
  const answers: Array<{ status: number; text: string }> = [];
  while (!stderr.includes('[MarkdownTooComplex]')) {
    answers.push(await home());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(answers.length).toBeGreaterThan(0);
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Northwind Studio');
  }
  expect(stderr).toContain('content/pages/stars.md:7:1 [MarkdownTooComplex]');
  expect(stderr).toContain('still serving the last good pages');
  expect((await home()).text).toContain('Northwind Studio');
}, 180_000);
