/**
 * build and check as CI runs them: workflow annotations, one JSON document, --quiet, --strict
 * on a real warning (raw HTML removed from Markdown), and FORCE_COLOR.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, pageSource, replacePages, runCli, type TempProject } from './helpers/project.ts';

let project: TempProject;
beforeAll(async () => {
  project = await copyProject();
  // Line 7 column 7 of the file: the <script> that the sanitizer removes with a warning.
  await replacePages(project, { raw: pageSource('Raw', 'Hello <script>alert(1)</script> and 100% done.') });
});
afterAll(async () => {
  await project.cleanup();
});

const WARNING =
  '::warning file=content/pages/raw.md,line=7,col=7,title=RawHtmlRemoved::This Markdown has the <script> element, left out of the page';

describe('--reporter github', () => {
  it('is chosen under GITHUB_ACTIONS=true and prints each warning as a workflow command on stdout', async () => {
    const result = await runCli(['check', '--root', project.root], { env: { GITHUB_ACTIONS: 'true' } });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${WARNING}`);
    expect(result.stdout).toMatch(/%0Ahint: Write it in Markdown or in the HTML GitHub keeps/);
    // People reading the log still get the code frame.
    expect(result.stderr).toContain('warning content/pages/raw.md:7:7 [RawHtmlRemoved]');
  });

  it('prints an error on the line of the site file that is broken', async () => {
    const broken = await copyProject();
    try {
      const lines = (await broken.read('content/site.yaml')).split('\n');
      const line = lines.findIndex((text) => text.startsWith('url: ')) + 1;
      await broken.edit('content/site.yaml', /^url: .*$/m, 'url: [unclosed');
      const result = await runCli(['check', '--root', broken.root, '--reporter', 'github']);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(
        new RegExp(
          `^::error file=content/site.yaml,line=${line},col=6,title=YamlSyntax::The list that starts here`,
          'm',
        ),
      );
    } finally {
      await broken.cleanup();
    }
  });
});

describe('--reporter json', () => {
  it('prints one JSON document with every problem and the summary, and nothing else on stdout', async () => {
    const result = await runCli(['check', '--root', project.root, '--reporter', 'json']);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.problems).toEqual([
      expect.objectContaining({
        code: 'RawHtmlRemoved',
        severity: 'warning',
        file: 'content/pages/raw.md',
        line: 7,
        column: 7,
        hint: expect.stringContaining('--allow-html'),
      }),
    ]);
    expect(document.summary).toMatchObject({ command: 'check', ok: true, pages: 11, errors: 0, warnings: 1 });
    expect(result.stderr).toBe('');
  });

  it('lists errors with their severity when the run fails, still as one document', async () => {
    const result = await runCli(['check', '--root', project.root, '--reporter', 'json', '--strict']);
    expect(result.code).toBe(1);
    const document = JSON.parse(result.stdout);
    expect(
      document.problems.map((problem: { code: string; severity: string }) => [problem.code, problem.severity]),
    ).toEqual([['RawHtmlRemoved', 'error']]);
    expect(document.summary).toMatchObject({ command: 'check', ok: false, errors: 1, warnings: 0 });
  });
});

describe('--quiet and --strict', () => {
  it('--quiet prints the problems and no summary', async () => {
    const result = await runCli(['check', '--root', project.root, '--quiet']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('[RawHtmlRemoved]');
  });

  it('check --strict turns the warning into an error and exits 1', async () => {
    const result = await runCli(['check', '--root', project.root, '--strict']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error content\/pages\/raw.md:7:7 \[RawHtmlRemoved\]/m);
    expect(result.stderr).toContain('1 problem found.');
  });

  it('build --strict exits 1 on the warning and leaves the previous output as it was', async () => {
    const first = await runCli(['build', '--root', project.root]);
    expect(first.code).toBe(0);
    const before = await readFile(project.file('dist/raw.html'), 'utf8');
    await project.write('content/pages/raw.md', pageSource('Raw again', 'Hello <iframe src="x"></iframe>.'));
    const strict = await runCli(['build', '--root', project.root, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('[RawHtmlRemoved]');
    expect(await readFile(project.file('dist/raw.html'), 'utf8')).toBe(before);
  });
});

describe('colour', () => {
  it('FORCE_COLOR colours the labels even into a pipe; FORCE_COLOR=0 does not', async () => {
    const forced = await runCli(['check', '--root', project.root], { env: { FORCE_COLOR: '1' } });
    expect(forced.stderr).toContain('\u001b[33mwarning\u001b[0m');
    const off = await runCli(['check', '--root', project.root], { env: { FORCE_COLOR: '0' } });
    expect(off.stderr).not.toContain('\u001b[');
    const plain = await runCli(['check', '--root', project.root]);
    expect(plain.stderr).not.toContain('\u001b[');
  });
});
