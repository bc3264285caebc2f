/**
 * One run reports every problem it can find (README, "The CLI"): a refused file of public/, a
 * content file that breaks its schema, a broken link on a page that did render, and a warning
 * come together, in the terminal, as GitHub annotations and in the JSON document; and nothing is
 * reported that only follows from another problem (a link to the page whose file is broken, or to
 * the refused file).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, pageSource, runCli, type TempProject } from './helpers/project.ts';
import { listLeftovers, snapshotFolder } from './helpers/snapshot.ts';

let project: TempProject;

beforeAll(async () => {
  project = await copyProject();
  expect((await runCli(['build', '--root', project.root])).code).toBe(0);
  await project.write('public/unsafe.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>\n');
  await project.edit('content/legal/refund-policy.md', /^order: 2$/m, 'order: two');
  // Links to the broken page, to an anchor in it and to the refused file: not problems of their own.
  const links = '[Refunds](/refund-policy), [plans](/refund-policy#subscription-plans), [logo](/unsafe.svg).';
  await project.write('content/pages/links.md', pageSource('Links', `${links}\n\nSee [our prices](/pricing).`));
  await project.write('content/pages/raw.md', pageSource('Raw', 'Hello <script>alert(1)</script> there.'));
}, 120_000);

afterAll(async () => {
  await project?.cleanup();
});

/** The four problems, in the report's order: public/, content, links, warnings. */
const EXPECTED = [
  { code: 'UnsafeSvg', severity: 'error', file: 'public/unsafe.svg' },
  { code: 'FrontmatterInvalid', severity: 'error', file: 'content/legal/refund-policy.md', line: 5 },
  { code: 'BrokenLink', severity: 'error', file: 'content/pages/links.md', line: 9 },
  { code: 'RawHtmlRemoved', severity: 'warning', file: 'content/pages/raw.md', line: 7 },
];

describe('a site with a public/ problem, a content error, a broken link and a warning', () => {
  it('prints all four in one terminal run, exits 1 and leaves dist/ as it was', async () => {
    const before = await snapshotFolder(project.file('dist'));
    const result = await runCli(['build', '--root', project.root]);
    expect(result.code).toBe(1);
    const reported = [...result.stderr.matchAll(/^(error|warning) (\S+?):\S* \[(\w+)\]/gm)].map(
      ([, severity, file, code]) => ({ severity, file, code }),
    );
    expect(reported).toEqual(EXPECTED.map(({ code, severity, file }) => ({ code, severity, file })));
    expect(result.stderr).toContain('4 problems found.');
    expect(await snapshotFolder(project.file('dist'))).toEqual(before);
    expect(await listLeftovers(project.file('dist'))).toEqual([]);
  });

  it('lists all four in the JSON document, and no problem that only follows from another', async () => {
    const result = await runCli(['check', '--root', project.root, '--reporter', 'json']);
    expect(result.code).toBe(1);
    const document = JSON.parse(result.stdout);
    expect(document.problems).toEqual(EXPECTED.map((problem) => expect.objectContaining(problem)));
    expect(document.summary).toMatchObject({ command: 'check', ok: false, errors: 3, warnings: 1 });
  });

  it('annotates all four for GitHub', async () => {
    const result = await runCli(['check', '--root', project.root, '--reporter', 'github']);
    expect(result.code).toBe(1);
    const annotations = [...result.stdout.matchAll(/^::(error|warning) file=([^,]+),.*title=(\w+)::/gm)].map(
      ([, severity, file, code]) => ({ severity, file, code }),
    );
    expect(annotations).toEqual(EXPECTED.map(({ code, severity, file }) => ({ code, severity, file })));
  });
});
