/**
 * Content advice through the CLI, as editors and CI meet it: a warning at file:line with its rule,
 * --strict failing on it, a per-file switch silencing it, and --report as text and in JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, runCli, type TempProject } from './helpers/project.ts';

let project: TempProject;
let line: number;
beforeAll(async () => {
  project = await copyProject();
  const about = await project.read('content/about.md');
  await project.write('content/about.md', `${about.trimEnd()}\n\nFor our terms, [click here](/terms).\n`);
  line = about.trimEnd().split('\n').length + 2;
});
afterAll(async () => {
  await project.cleanup();
});

describe('content advice in check', () => {
  it('prints a vague link text as a warning at its file and line with the rule, and exits 0', async () => {
    const result = await runCli(['check', '--root', project.root]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`warning content/about.md:${line}:16 [VagueLinkText] The link text "click here"`);
    expect(result.stderr).toContain('advice: { off: [vague-link-text] }');
    expect(result.stdout).toContain('no errors, 1 warning');
  });

  it('fails on it with --strict', async () => {
    const result = await runCli(['check', '--root', project.root, '--strict']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^error content/about.md:${line}:16 \\[VagueLinkText\\]`, 'm'));
  });

  it('is silenced by the rule turned off in that file', async () => {
    const quiet = await copyProject();
    try {
      const about = await project.read('content/about.md');
      await quiet.write('content/about.md', about.replace(/^---\n/, '---\nadvice: { off: [vague-link-text] }\n'));
      const result = await runCli(['check', '--root', quiet.root, '--strict']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    } finally {
      await quiet.cleanup();
    }
  });

  it('--report prints a summary per page with the warning under its page', async () => {
    const result = await runCli(['check', '--root', project.root, '--report']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\/\n-{8}\ntitle {8}Northwind Studio \| .* \[\d+ characters\]$/m);
    expect(result.stdout).toMatch(/^\/terms\n-{8}\n/m);
    expect(result.stdout).toContain(`content/about.md:${line}:16 [VagueLinkText]`);
    expect(result.stdout).toMatch(/^words {8}\d+ \(about \d+ min to read\)$/m);
  });

  it('--report --reporter json puts the summary into the one JSON document', async () => {
    const result = await runCli(['check', '--root', project.root, '--report', '--reporter', 'json']);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.problems).toEqual([
      expect.objectContaining({
        code: 'VagueLinkText',
        severity: 'warning',
        file: 'content/about.md',
        line,
        column: 16,
      }),
    ]);
    const home = document.summary.report.find((page: { path: string }) => page.path === '/');
    expect(home.warnings).toEqual([
      expect.objectContaining({ code: 'VagueLinkText', location: `content/about.md:${line}:16` }),
    ]);
    expect(home.headings[0]).toEqual({ level: 1, text: expect.any(String) });
    expect(document.summary.report.map((page: { path: string }) => page.path)).toContain('/terms');
  });
});
