/**
 * The content advice across dev rebuilds: the warnings a save leaves alone stay as made, and every
 * warning a save adds, moves or removes is reported at once, as a fresh build reports it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileVersionCounter } from '../src/cache/file-versions.ts';
import { createStore } from '../src/cache/store.ts';
import { buildSite, type BuildResult } from '../src/build.ts';
import { resolveConfig, type ResolvedConfig } from '../src/config.ts';
import { formatError } from '../src/errors.ts';
import { copyProject, replacePages, type TempProject } from './helpers/project.ts';

let project: TempProject;

/** A page whose description is too short for search results: one DescriptionLength warning, with a code frame. */
const page = (title: string, body: string, description = `About ${title}.`) =>
  `---\ntitle: ${title}\ndescription: ${description}\nadvice: { off: [title-length] }\n---\n\n${body}\n`;

beforeEach(async () => {
  project = await copyProject();
  await replacePages(project, {
    alpha: page('Alpha', 'The alpha page.'),
    beta: page('Beta', 'The beta page.'),
    gamma: page('Gamma', 'The gamma page.'),
  });
});
afterEach(() => project.cleanup());

/** What dev keeps between builds: one store, and the versions of the files its watcher saw change. */
function createSession(config: ResolvedConfig) {
  const store = createStore();
  const versions = createFileVersionCounter([config.contentDir, config.templatesDir, config.publicDir]);
  return {
    build(...files: string[]) {
      return this.after(files.map((file) => ['change', file]));
    },
    /** A build after the watcher saw these events. */
    after(events: Array<['add' | 'change' | 'unlink', string]>) {
      for (const [event, file] of events) versions.record({ path: project.file(file), event });
      return buildSite(config, { write: false, store, files: versions.snapshot() });
    },
  };
}

async function expectWarningsOfFreshBuild(result: BuildResult, config: ResolvedConfig) {
  const fresh = await buildSite({ ...config, cache: false, threads: 0 }, { write: false });
  expect(result.warnings.map(formatError)).toEqual(fresh.warnings.map(formatError));
}

const codesOf = (result: BuildResult, file: string) =>
  result.warnings.filter((warning) => warning.file === file).map((warning) => warning.code);

describe('the advice in dev rebuilds', () => {
  it('warns of a duplicate title a save makes, and stops once the next save fixes it', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    const first = await session.build();
    expect(codesOf(first, 'content/pages/gamma.md')).toEqual(['DescriptionLength']);

    await project.write('content/pages/gamma.md', page('Alpha', 'The gamma page.', 'About Alpha.'));
    const duplicated = await session.build('content/pages/gamma.md');
    expect(codesOf(duplicated, 'content/pages/gamma.md').sort()).toEqual([
      'DescriptionLength',
      'DuplicateDescription',
      'DuplicateTitle',
    ]);
    await expectWarningsOfFreshBuild(duplicated, config);

    await project.write('content/pages/gamma.md', page('Gamma', 'The gamma page.'));
    const fixed = await session.build('content/pages/gamma.md');
    expect(codesOf(fixed, 'content/pages/gamma.md')).toEqual(['DescriptionLength']);
    await expectWarningsOfFreshBuild(fixed, config);
  }, 120_000);

  it("shows a warning's code frame as the saved file now reads, when the save changed no finding", async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    const first = await session.build();
    const before = first.warnings.find((warning) => warning.file === 'content/pages/beta.md');
    expect(before?.frame).toContain('title: Beta');

    // The title's line is in the description warning's frame; quoting it changes no value.
    await project.edit('content/pages/beta.md', 'title: Beta', 'title: "Beta"');
    const quoted = await session.build('content/pages/beta.md');
    const after = quoted.warnings.find((warning) => warning.file === 'content/pages/beta.md');
    expect(after?.frame).toContain('title: "Beta"');
    await expectWarningsOfFreshBuild(quoted, config);
  }, 120_000);

  it('keeps the warnings of the pages a save did not touch, running the rules on the saved page only', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    const first = await session.build();
    await project.edit('content/pages/beta.md', 'The beta page.', 'The *new* beta page.');
    const edited = await session.build('content/pages/beta.md');
    const alpha = (result: BuildResult) => result.warnings.find((warning) => warning.file === 'content/pages/alpha.md');
    expect(alpha(edited)).toBeDefined();
    expect(alpha(edited)).toEqual(alpha(first));
    expect(edited.computed.advice).toBe(1);
    await expectWarningsOfFreshBuild(edited, config);
  }, 120_000);

  it("follows the rules a page's front matter turns off and on, and a page replaced by another at its place", async () => {
    // Pages that turn nothing off: the rules each page turns off are carried from save to save.
    const plain = (title: string) => `---\ntitle: ${title}\ndescription: About ${title}.\n---\n\nThe ${title} page.\n`;
    await replacePages(project, { alpha: plain('Alpha'), beta: plain('Beta'), gamma: plain('Gamma') });
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    const first = await session.build();
    expect(codesOf(first, 'content/pages/beta.md').sort()).toEqual(['DescriptionLength', 'TitleLength']);

    await project.edit('content/pages/beta.md', 'The Beta page.', 'The *new* Beta page.');
    const edited = await session.build('content/pages/beta.md');
    expect(edited.computed.advice).toBe(1);
    await expectWarningsOfFreshBuild(edited, config);

    await project.edit('content/pages/beta.md', 'title: Beta', 'title: Beta\nadvice: { off: [title-length] }');
    const off = await session.build('content/pages/beta.md');
    expect(codesOf(off, 'content/pages/beta.md')).toEqual(['DescriptionLength']);
    await expectWarningsOfFreshBuild(off, config);

    await project.edit('content/pages/beta.md', '\nadvice: { off: [title-length] }', '');
    const on = await session.build('content/pages/beta.md');
    expect(codesOf(on, 'content/pages/beta.md').sort()).toEqual(['DescriptionLength', 'TitleLength']);
    await expectWarningsOfFreshBuild(on, config);

    // delta.md takes gamma.md's place in the pages' order.
    await project.remove('content/pages/gamma.md');
    await project.write('content/pages/delta.md', plain('Delta'));
    const replaced = await session.after([
      ['unlink', 'content/pages/gamma.md'],
      ['add', 'content/pages/delta.md'],
    ]);
    expect(codesOf(replaced, 'content/pages/gamma.md')).toEqual([]);
    expect(codesOf(replaced, 'content/pages/delta.md').sort()).toEqual(['DescriptionLength', 'TitleLength']);
    await expectWarningsOfFreshBuild(replaced, config);
  }, 120_000);
});
