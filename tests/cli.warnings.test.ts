/**
 * Many warnings of one rule through the CLI: the terminal prints the first few of that rule in
 * full and counts the rest, while `--reporter json` and `--reporter github` carry every one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, pageSource, replacePages, runCli, type TempProject } from './helpers/project.ts';

/** Twelve pages with a vague link each (one rule, many warnings), and two with a short description. */
const VAGUE = 12;
let project: TempProject;
beforeAll(async () => {
  project = await copyProject();
  const pages: Record<string, string> = {};
  for (let index = 1; index <= VAGUE; index++) {
    pages[`vague-${index}`] = pageSource(`Vague ${index}`, `For the terms, [click here](/terms).`);
  }
  for (const name of ['short-a', 'short-b']) {
    pages[name] = `---\ntitle: The ${name} page of the studio's site\ndescription: Short, ${name}.\n---\n\nText.\n`;
  }
  await replacePages(project, pages);
});
afterAll(async () => {
  await project.cleanup();
});

const warningLines = (stderr: string, code: string) =>
  stderr.split('\n').filter((line) => line.startsWith('warning ') && line.includes(`[${code}]`));

describe('many warnings of one rule', () => {
  it('prints three of the rule in full in the terminal and counts the other nine', async () => {
    const result = await runCli(['check', '--root', project.root]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`no errors, ${VAGUE + 2} warnings`);
    const vague = warningLines(result.stderr, 'VagueLinkText');
    expect(vague.map((line) => line.split(' ')[1])).toEqual([
      'content/pages/vague-1.md:7:16',
      'content/pages/vague-10.md:7:16',
      'content/pages/vague-11.md:7:16',
    ]);
    // Each with its code frame.
    expect(result.stderr.match(/^> 7 \| For the terms, \[click here\]/gm)).toHaveLength(3);
    expect(result.stderr).toContain('warning ... and 9 more VagueLinkText (--reporter json lists every one)');
    // Another rule is counted on its own: both of its warnings are printed.
    expect(warningLines(result.stderr, 'DescriptionLength')).toHaveLength(2);
    expect(result.stderr).not.toContain('more DescriptionLength');
  });

  it('does the same in a build', async () => {
    const result = await runCli(['build', '--root', project.root]);
    expect(result.code).toBe(0);
    expect(warningLines(result.stderr, 'VagueLinkText')).toHaveLength(3);
    expect(result.stderr).toContain('... and 9 more VagueLinkText');
  });

  it('keeps every one in --reporter json', async () => {
    const result = await runCli(['check', '--root', project.root, '--reporter', 'json']);
    expect(result.code).toBe(0);
    const { problems, summary } = JSON.parse(result.stdout);
    const vague = problems.filter((problem: { code: string }) => problem.code === 'VagueLinkText');
    expect(vague).toHaveLength(VAGUE);
    expect(summary.warnings).toBe(VAGUE + 2);
    expect(result.stderr).toBe('');
  });

  it('annotates every one with --reporter github, and counts the rest in the log text', async () => {
    const result = await runCli(['check', '--root', project.root, '--reporter', 'github']);
    expect(result.code).toBe(0);
    const annotations = result.stdout.split('\n').filter((line) => line.startsWith('::warning '));
    expect(annotations.filter((line) => line.includes('title=VagueLinkText::'))).toHaveLength(VAGUE);
    expect(annotations).toHaveLength(VAGUE + 2);
    expect(warningLines(result.stderr, 'VagueLinkText')).toHaveLength(3);
    expect(result.stderr).toContain('... and 9 more VagueLinkText');
  });
});
