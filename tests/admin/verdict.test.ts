/**
 * The build's verdict on a CMS save before it is written: the proposed files go through the
 * pipeline `check` runs, and only the problems the save brings refuse it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaveReview, RefusedSave } from '../../src/admin/save-review.ts';
import { createVerdicts, type Verdicts } from '../../src/admin/verdict.ts';
import { resolveConfig } from '../../src/config.ts';
import type { TempProject } from '../helpers/project.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

let project: TempProject;
let verdicts: Verdicts;

beforeAll(async () => {
  project = await copyWarmProject('agency-site-verdict-');
  verdicts = createVerdicts(resolveConfig({ root: project.root, future: true }));
  await verdicts.warm();
});

afterAll(() => project?.cleanup());

describe('the verdict on a save', () => {
  it('refuses removing the About section the menu links to, naming site.yaml, and leaves the file alone', async () => {
    const before = await project.read('content/home.yaml');
    const proposed = before.replace(/ {2}- type: about\n/, '');
    const times: number[] = [];
    for (let round = 0; round < 7; round++) {
      const verdict = await verdicts.judge([{ path: 'content/home.yaml', contents: proposed }]);
      times.push(verdict.milliseconds);
      expect(verdict.errors.map((found) => [found.error.code, found.file])).toEqual([
        ['BrokenAnchor', 'content/site.yaml'],
      ]);
      expect(verdict.existing).toEqual([]);
    }
    console.log('verdict ms', times, 'median', [...times].sort((a, b) => a - b)[3]);
    expect(await project.read('content/home.yaml')).toBe(before);
  });

  it('accepts a change the build takes, with no errors', async () => {
    const before = await project.read('content/home.yaml');
    const verdict = await verdicts.judge([
      { path: 'content/home.yaml', contents: before.replace('type: about', 'type: about\n    id: about') },
    ]);
    expect(verdict.errors).toEqual([]);
  });

  it('gives one message for a news date written in words', async () => {
    const file = 'content/news/faster-sites-by-default.md';
    const before = await project.read(file);
    const verdict = await verdicts.judge([{ path: file, contents: before.replace('2026-10-06', '1 December 2026') }]);
    console.log(verdict.errors.map((found) => [found.error.code, found.file, found.error.line, found.error.message]));
    expect(verdict.errors).toHaveLength(1);
    expect(verdict.errors[0]!.file).toBe(file);
  });
});

describe('the save review', () => {
  it('says a refused save in the editor\u2019s words: the entry, the field, what to do', async () => {
    const review = createSaveReview(resolveConfig({ root: project.root, future: true }));
    const home = await project.read('content/home.yaml');
    const refusal = await review(
      [{ path: 'content/home.yaml', raw: home.replace(/ {2}- type: about\n/, '') }],
      [],
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RefusedSave);
    expect((refusal as RefusedSave).problems).toMatchObject([
      {
        severity: 'error',
        saved: false,
        entry: 'Site settings',
        field: 'Navigation > Links > 3 (About) > Link',
        message:
          'The link "About" in Site settings > Navigation > Links points to the About section, which this change removes: put the section back, or remove that link in Site settings > Navigation > Links.',
      },
    ]);
    const file = 'content/news/faster-sites-by-default.md';
    const post = await project.read(file);
    const dated = await review([{ path: file, raw: post.replace('2026-10-06', '1 December 2026') }], []).catch(
      (error: unknown) => error,
    );
    const service = 'content/services/branding.md';
    const text = await project.read(service);
    const linked = await review([{ path: service, raw: `${text}\nSee our [work](/portfolio).\n` }], []).catch(
      (error: unknown) => error,
    );
    expect((linked as RefusedSave).problems).toMatchObject([
      { saved: true, field: 'Text', message: expect.stringMatching(/^Text points to "\/portfolio", which is no page/) },
    ]);
    expect((dated as RefusedSave).problems).toMatchObject([
      { saved: true, field: 'Date', message: expect.stringMatching(/^Date: must be a date such as 2026-03-01/) },
    ]);
  });

  it('words every problem an entry can bring as an editor would, with no file, line, code or key', async () => {
    const review = createSaveReview(resolveConfig({ root: project.root, future: true }));
    const refused = async (files: Array<{ path: string; raw: string }>) => {
      const refusal = await review(files, []).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(RefusedSave);
      return (refusal as RefusedSave).problems.map((problem) => problem.message);
    };
    const home = await project.read('content/home.yaml');
    const hero = home.slice(home.indexOf('  - type: hero'), home.indexOf('  - type: services'));
    const branding = await project.read('content/services/branding.md');
    const thanks = await project.read('content/pages/thanks.md');
    const redirects = await project.read('content/redirects.yaml');
    const said = {
      repeated: await refused([{ path: 'content/home.yaml', raw: `${home.trimEnd()}\n${hero}` }]),
      order: await refused([{ path: 'content/services/branding.md', raw: branding.replace('order: 3', 'order: 1') }]),
      reserved: await refused([{ path: 'content/pages/news.md', raw: thanks }]),
      image: await refused([{ path: 'content/services/branding.md', raw: `${branding}\n![](/images/nowhere.png)\n` }]),
      redirect: await refused([
        { path: 'content/redirects.yaml', raw: `${redirects}- from: /privacy\n  to: /terms\n` },
      ]),
    };
    expect(said.repeated).toEqual([
      expect.stringMatching(
        /^Sections > \d+ \([^)]*\) is a second Hero section \(section 1 is one\), and a page has only one: remove one of them/,
      ),
    ]);
    expect(said.order).toEqual([
      expect.stringMatching(
        /^Order: the number 1 is taken by "Services: Web Development": give each entry a number of its own/,
      ),
    ]);
    expect(said.reserved).toEqual([
      expect.stringMatching(
        /would be at the address \/news, which the site uses itself: give the new entry another title\.$/,
      ),
    ]);
    expect(said.image.join(' ')).toMatch(/"\/images\/nowhere\.png", which is not a file of the site: upload it/);
    expect(said.redirect).toEqual([
      expect.stringMatching(
        /^Redirects > 3 \(\/privacy\) > From: the redirect from \/privacy is there twice.*keep one of the two/,
      ),
    ]);
    for (const message of Object.values(said).flat())
      expect(message).not.toMatch(/content\/|\.ya?ml\b|\.md\b|\bline \d|[a-z][A-Z]\w*[A-Z]|public\//);
  });
});
