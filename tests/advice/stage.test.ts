/**
 * The advice as a step of the pipeline: what it found on each page is kept in the store, and an
 * edit that moves a warning's line without changing the page still moves the warning.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildSite, type BuildResult } from '../../src/build.ts';
import { resolveConfig, type ResolvedConfig } from '../../src/config.ts';
import { formatError } from '../../src/errors.ts';
import { createFileVersionCounter } from '../../src/cache/file-versions.ts';
import { createStore } from '../../src/cache/store.ts';
import { copyProject, lineOf, pageSource, replacePages, type TempProject } from '../helpers/project.ts';

let project: TempProject | undefined;
afterEach(async () => {
  await project?.cleanup();
  project = undefined;
});

const TERMS = 'content/legal/terms.md';

describe('the advice step', () => {
  it("keeps each page's findings while its files are the same, and finds them again where a file changed", async () => {
    project = await copyProject();
    await project.edit(TERMS, /^description: .*$/m, 'description: Our terms.');
    // Each build opens the project's disk cache, as `agency-site check` does.
    const config = resolveConfig({ root: project.root, threads: 0 });
    const build = async () => {
      const result = await buildSite(config, { write: false });
      const warnings = result.warnings
        .filter((warning) => warning.code === 'DescriptionLength')
        .map((warning) => `${warning.file}:${warning.line}`);
      return { warnings, advised: result.computed.advice, pages: result.pages };
    };

    const first = await build();
    expect(first.advised).toBe(first.pages);
    expect(first.warnings).toEqual([`${TERMS}:${lineOf(await project.read(TERMS), 'description:')}`]);

    const again = await build();
    expect(again).toEqual({ ...first, advised: 0 });

    // A comment above the description changes no page, only where the description is written.
    await project.edit(TERMS, 'description: Our terms.', '# Shown in search results.\ndescription: Our terms.');
    const moved = await build();
    expect(moved.warnings).toEqual([`${TERMS}:${lineOf(await project.read(TERMS), 'description:')}`]);
    expect(moved.warnings).not.toEqual(first.warnings);
    expect(moved.advised).toBe(1);
  });

  it("takes the last build's warnings from the disk cache where no finding changed, with the code frames of changed files made again", async () => {
    project = await copyProject();
    await project.edit(TERMS, /^description: .*$/m, 'description: Our terms.');
    const config = resolveConfig({ root: project.root, threads: 0 });
    const first = await buildSite(config, { write: false });
    const terms = (result: BuildResult) => result.warnings.find((warning) => warning.file === TERMS);
    expect(terms(first)?.frame).toContain('title: Terms of Service');

    // The title's line is in the description warning's frame; quoting it changes no finding.
    await project.edit(TERMS, 'title: Terms of Service', 'title: "Terms of Service"');
    const quoted = await buildSite(config, { write: false });
    expect(quoted.computed.advice).toBe(1);
    expect(terms(quoted)?.frame).toContain('title: "Terms of Service"');
    await expectWarningsOfFreshBuild(quoted, config);

    // A page whose findings change: the site-wide advice is made again.
    await project.edit(TERMS, 'description: Our terms.', 'description: Terms.');
    const changed = await buildSite(config, { write: false });
    expect(terms(changed)?.message).toContain('is 6 characters long');
    await expectWarningsOfFreshBuild(changed, config);
  }, 120_000);
});

describe('the advice in dev', () => {
  it('keeps the site-wide advice from save to save, as a fresh build makes it: duplicates made and undone, findings that move', async () => {
    project = await copyProject();
    await replacePages(project, {
      alpha: pageSource('Alpha', 'Write to ana@example.com for a quote.'),
      beta: pageSource('Beta', 'The beta page.'),
      gamma: pageSource('Gamma', 'The gamma page.'),
    });
    // What dev keeps between builds: one store, and the versions of the files its watcher saw change.
    const config = resolveConfig({ root: project.root, threads: 0 });
    const versions = createFileVersionCounter([config.contentDir, config.templatesDir, config.publicDir]);
    const store = createStore();
    const build = () => buildSite(config, { write: false, store, files: versions.snapshot() });
    const save = async (slug: string, from: string | RegExp, to: string) => {
      const file = slug.includes('/') ? slug : `content/pages/${slug}.md`;
      await project!.edit(file, from, to);
      versions.record({ path: project!.file(file), event: 'change' });
      const result = await build();
      await expectWarningsOfFreshBuild(result, config);
      return result.warnings.filter((warning) => warning.code.startsWith('Duplicate')).map(({ message }) => message);
    };
    await build();
    expect(await save('beta', 'title: Beta', 'title: Alpha')).toEqual([
      expect.stringContaining('The page /beta has the same title as /alpha'),
    ]);
    expect(await save('gamma', 'title: Gamma', 'title: Alpha')).toHaveLength(2);
    // /alpha, the first of the three, takes another title: /gamma is now a duplicate of /beta.
    expect(await save('alpha', 'title: Alpha', 'title: Delta')).toEqual([
      expect.stringContaining('The page /gamma has the same title as /beta'),
    ]);
    // The email moves from /alpha to /gamma.
    await save('alpha', 'Write to ana@example.com for a quote.', 'Write to us.');
    await save('gamma', 'The gamma page.', 'Write to ana@example.com for a quote.');
    expect(await save('beta', 'title: Alpha', 'title: Beta')).toEqual([]);
    // The site file changes every page's key: the rules are made anew, then kept again.
    await save('content/site.yaml', /$/, '\n# Edited.\n');
    expect(await save('beta', 'title: Beta', 'title: Delta')).toEqual([
      expect.stringContaining('The page /beta has the same title as /alpha'),
    ]);
  }, 180_000);
});

/** The same warnings, words, places and frames, as a build that keeps nothing. */
async function expectWarningsOfFreshBuild(result: BuildResult, config: ResolvedConfig) {
  const fresh = await buildSite({ ...config, cache: false }, { write: false });
  expect(result.warnings.map(formatError)).toEqual(fresh.warnings.map(formatError));
}
