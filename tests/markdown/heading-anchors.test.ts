/**
 * Issue 13, point 4: headings in Markdown have GitHub's ids, so the site check knows them. A link
 * to /terms#payment passes when content/legal/terms.md has a "Payment" heading and fails with
 * BrokenAnchor, naming the ids that do exist, when it does not. `#id` means the page's own heading.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyProject, pageSource, replacePages, runCli, type TempProject } from '../helpers/project.ts';

let project: TempProject;

beforeAll(async () => {
  project = await copyProject();
});
afterAll(() => project?.cleanup());

const check = () => runCli(['check'], { cwd: project.root });

it('passes links to headings of another page and of the same page (regression: every such link was BrokenAnchor)', async () => {
  await replacePages(project, {
    guide: pageSource(
      'Guide',
      'Read [how we bill](/terms#payment), then [the steps](#first-steps).\n\n## First steps\n\nText.',
    ),
  });
  const result = await check();
  expect(result.stderr).not.toContain('BrokenAnchor');
  expect(result.code).toBe(0);
});

it('fails a link to a heading that does not exist, at its file, and names the ids the page has', async () => {
  await replacePages(project, {
    guide: pageSource('Guide', 'Read [how we bill](/terms#paymnt) and [the steps](#first-step).\n\n## First steps\n'),
  });
  const result = await check();
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/content\/pages\/guide\.md(:\d+:\d+)? \[BrokenAnchor\][^\n]*\/terms#paymnt/);
  expect(result.stderr).toMatch(/\[BrokenAnchor\][^\n]*#first-step\b/);
  expect(result.stderr).toContain('#payment');
  expect(result.stderr).toContain('#first-steps');
});
