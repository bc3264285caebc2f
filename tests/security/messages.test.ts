/**
 * Issue 23, point 5: every message is one line per line it means. Content reaches the terminal,
 * GitHub's workflow commands and the pages only escaped or refused, and substitutions take it
 * literally. Inputs are generated here.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeLine, formatError, SiteError, toProblem } from '../../src/errors.ts';
import { siteFileSchema } from '../../src/content/schema.ts';
import { pageSource, runCli, type TempProject } from '../helpers/project.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

/** Lines the tool prints of its own accord, which no content may imitate at the start of a line. */
const OWN_LINE = /^(Built|Checked|::|error |warning |hint: |\d+ problems? found)/;

function linesStartingLikeOurs(output: string, allowed: RegExp): string[] {
  return output.split('\n').filter((line) => OWN_LINE.test(line) && !allowed.test(line));
}

describe('escapeLine', () => {
  it('shows line feeds as \\n besides the control characters escapeControl shows', () => {
    expect(escapeLine('a\nBuilt 6 pages\r\n::add-mask::x\u001b[2J')).toBe(
      'a\\nBuilt 6 pages\\r\\n::add-mask::x\\x1b[2J',
    );
  });

  it('keeps the message and hint of an error on one line each, in the terminal and in the overlay', () => {
    const error = new SiteError({
      code: 'YamlSyntax',
      message: 'The key "a\nBuilt 6 pages" is wrong.',
      file: 'content/a\n::error::x.yaml',
      line: 2,
      frame: '> 2 | a',
      hint: 'Fix\n::add-mask::it.',
    });
    expect(formatError(error).split('\n')).toEqual([
      'content/a\\n::error::x.yaml:2:1 [YamlSyntax] The key "a\\nBuilt 6 pages" is wrong.',
      '> 2 | a',
      'hint: Fix\\n::add-mask::it.',
    ]);
    expect(toProblem(error).message).not.toContain('\n');
    expect(toProblem(error).hint).not.toContain('\n');
  });
});

describe('contact.form.endpoint', () => {
  it('refuses line breaks, tabs and other control characters, which a URL parser would drop', async () => {
    const site = await readFile(new URL('../../content/site.yaml', import.meta.url), 'utf8');
    const { parse } = await import('yaml');
    const data = parse(site) as { contact: { form: Record<string, unknown> } };
    for (const endpoint of ['https://example.com/\n"><script>', 'https://example.com/a\tb', '/api/\u0000x']) {
      data.contact.form.endpoint = endpoint;
      delete data.contact.form.netlify;
      const result = siteFileSchema.safeParse(data);
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((issue) => issue.path.join('.'))).toContain('contact.form.endpoint');
    }
    data.contact.form.endpoint = 'https://example.com/contact';
    expect(siteFileSchema.safeParse(data).success).toBe(true);
  });
});

describe('the CLI with line breaks and workflow commands in content', () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await copyWarmProject('agency-site-lines-');
    // A key with an escaped line break (a quoted YAML key), followed by lines that imitate ours.
    await project.write(
      'content/pages/fake.md',
      '---\ntitle: Fake\ndescription: A fake page.\n"x\\nBuilt 6 pages, 40 files, 1.2 MB into dist in 80 ms.\\n::error file=a::fake\\n::add-mask::secret": 1\n---\n\nText.\n',
    );
  });
  afterAll(async () => {
    await project?.cleanup();
  });

  it('prints the key on one line: no fake "Built" line and no workflow command', async () => {
    const result = await runCli(['check'], { cwd: project.root });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Built 6 pages');
    expect(
      linesStartingLikeOurs(
        result.stdout + result.stderr,
        /^error content\/pages\/fake\.md:4:1 |^1 problem found|^hint: Remove it /,
      ),
    ).toEqual([]);
  });

  it('under GitHub Actions, writes only our own workflow commands, with the content escaped', async () => {
    const result = await runCli(['check'], { cwd: project.root, env: { GITHUB_ACTIONS: 'true' } });
    expect(result.code).toBe(1);
    const commands = result.stdout.split('\n').filter((line) => line.startsWith('::'));
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatch(/^::error file=content\/pages\/fake\.md,line=4,col=1,title=FrontmatterInvalid::/);
    // The projection shows the key's line feeds as \n, so the command stays one line.
    expect(commands[0]).toContain('\\n::add-mask::secret');
    expect(
      `${result.stdout}\n${result.stderr}`
        .split('\n')
        .filter((line) => /^::(?!error file=content\/pages\/fake\.md,)/.test(line)),
    ).toEqual([]);
  });
});

describe('titleTemplate', () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await copyWarmProject('agency-site-dollars-');
    await project.write('content/pages/dollars.md', pageSource("Save $& and $` and $' and $$ today", 'Text.'));
  });
  afterAll(async () => {
    await project?.cleanup();
  });

  it("takes a title with $&, $`, $' and $$ literally", async () => {
    const result = await runCli(['build', '--out', 'out'], { cwd: project.root });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const files = (await readdir(project.file('out'), { recursive: true })).filter((file) => file.includes('dollars'));
    const html = await readFile(path.join(project.file('out'), files.find((file) => file.endsWith('.html'))!), 'utf8');
    expect(html).toContain('<title>Save $&amp; and $` and $&#x27; and $$ today | Northwind Studio</title>');
  });
});
