/**
 * Dev rebuilds with a kept store and the watcher's file versions (src/cache/): one changed page is
 * rendered and checked alone, and every rebuild equals a fresh build without any cache.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileVersionCounter, type FileChange } from '../src/cache/file-versions.ts';
import { createStore, openStore, type Store } from '../src/cache/store.ts';
import { buildSite, type BuildResult } from '../src/build.ts';
import { resolveConfig, type ResolvedConfig } from '../src/config.ts';
import type { SiteError, SiteErrors } from '../src/errors.ts';
import { copyProject, pageSource, replacePages, type TempProject } from './helpers/project.ts';

let project: TempProject;
const page = pageSource;

beforeEach(async () => {
  project = await copyProject();
  await replacePages(
    project,
    Object.fromEntries(
      ['alpha', 'beta', 'gamma'].map((name) => [name, page(name, `The ${name} page. See [terms](/terms).`)]),
    ),
  );
});
afterEach(() => project.cleanup());

/** What the output holds, as text by path (files of public/ by their source path). */
function contents(result: BuildResult): Map<string, string> {
  return new Map(
    result.output.map((file) => [file.path, file.source ?? Buffer.from(file.contents ?? '').toString('base64')]),
  );
}

async function expectSameAsFreshBuild(result: BuildResult, config: ResolvedConfig) {
  const fresh = await buildSite({ ...config, cache: false, threads: 0 }, { write: false });
  expect(contents(result)).toEqual(contents(fresh));
}

/** What dev keeps between builds: one store, and the versions of the files its watcher saw change. */
interface Session {
  store: Store;
  build(changes?: FileChange[]): Promise<BuildResult>;
}

function createSession(config: ResolvedConfig, store: Store = createStore()): Session {
  const versions = createFileVersionCounter([config.contentDir, config.templatesDir, config.publicDir]);
  return {
    store,
    build(changes = []) {
      for (const change of changes) versions.record(change);
      return buildSite(config, { write: false, store, files: versions.snapshot() });
    },
  };
}

function rebuild(session: Session, ...files: string[]) {
  return session.build(files.map((file) => ({ path: project.file(file), event: 'change' as const })));
}

describe('dev rebuilds', () => {
  it('render only the page whose file changed, and equal a fresh build', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    await session.build();
    await project.edit('content/pages/beta.md', 'The beta page.', 'The *new* beta page.');
    const result = await rebuild(session, 'content/pages/beta.md');
    expect(result.computed).toEqual({ markdown: 1, pages: 1, advice: 1 });
    await expectSameAsFreshBuild(result, config);
  });

  it('report the removed raw HTML of a page that did not change, and two pages with the same text apart', async () => {
    await project.write('content/pages/alpha.md', page('alpha', 'Text with <marquee>moving</marquee> HTML.'));
    await project.write('content/pages/delta.md', page('alpha', 'Text with <marquee>moving</marquee> HTML.'));
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    await session.build();
    await project.edit('content/pages/beta.md', 'The beta page.', 'The new beta page.');
    const result = await rebuild(session, 'content/pages/beta.md');
    expect(result.computed).toEqual({ markdown: 1, pages: 1, advice: 1 });
    expect(
      result.warnings
        .filter((warning) => warning.code === 'RawHtmlRemoved')
        .map((warning) => [warning.code, warning.file]),
    ).toEqual([
      ['RawHtmlRemoved', 'content/pages/alpha.md'],
      ['RawHtmlRemoved', 'content/pages/delta.md'],
    ]);
    await expectSameAsFreshBuild(result, config);
  });

  it('render every page again when content they all show changed', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    const first = await session.build();
    await project.edit('content/site.yaml', /copyright: .*/, 'copyright: "© 2031 Northwind Studio"');
    const result = await rebuild(session, 'content/site.yaml');
    expect(result.computed).toEqual({ markdown: 0, pages: first.pages, advice: first.pages });
    await expectSameAsFreshBuild(result, config);
  });

  it('render every page again when a page every footer lists changed its title', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    const first = await session.build();
    await project.edit('content/legal/terms.md', /^title: .*$/m, 'title: Terms of Work');
    const result = await rebuild(session, 'content/legal/terms.md');
    expect(result.computed.pages).toBe(first.pages);
    await expectSameAsFreshBuild(result, config);
  });

  it('take a page out of search results and back: the sitemap follows, though no path changed', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    const sitemapOf = (result: BuildResult) =>
      String(result.output.find((file) => file.path === 'sitemap.xml')?.contents);
    expect(sitemapOf(await session.build())).toContain('/beta');
    await project.edit('content/pages/beta.md', 'title: beta', 'title: beta\nnoindex: true');
    const hidden = await rebuild(session, 'content/pages/beta.md');
    expect(sitemapOf(hidden)).not.toContain('/beta');
    await expectSameAsFreshBuild(hidden, config);
    await project.edit('content/pages/beta.md', 'title: beta\nnoindex: true', 'title: beta');
    expect(sitemapOf(await rebuild(session, 'content/pages/beta.md'))).toContain('/beta');
  });

  it('add and remove pages', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    await session.build();
    await project.write('content/pages/delta.md', page('delta', 'New.'));
    await project.remove('content/pages/alpha.md');
    const result = await session.build([
      { path: project.file('content/pages/delta.md'), event: 'add' },
      { path: project.file('content/pages/alpha.md'), event: 'unlink' },
    ]);
    expect(result.output.some((file) => file.path === 'alpha.html')).toBe(false);
    expect(result.computed).toEqual({ markdown: 1, pages: 1, advice: 1 });
    await expectSameAsFreshBuild(result, config);
  });

  it('carry what a save kept and make anew what it changed: a page renamed, a news post, the site file', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    await session.build();
    // As many pages as before, one at another path: its route, placed entry and output file are new.
    await project.write('content/pages/delta.md', page('delta', 'The delta page.'));
    await project.remove('content/pages/gamma.md');
    const renamed = await session.build([
      { path: project.file('content/pages/delta.md'), event: 'add' },
      { path: project.file('content/pages/gamma.md'), event: 'unlink' },
    ]);
    expect(renamed.output.some((file) => file.path === 'delta.html')).toBe(true);
    expect(renamed.output.some((file) => file.path === 'gamma.html')).toBe(false);
    await expectSameAsFreshBuild(renamed, config);
    // A news post's title: its page, the news list, the feeds and the CMS's preview entries follow.
    const post = 'content/news/faster-sites-by-default.md';
    await project.edit(post, 'title: Faster sites, by default', 'title: Faster sites, always');
    const news = await rebuild(session, post);
    expect(contents(news).get('news/faster-sites-by-default.html')).toBeDefined();
    await expectSameAsFreshBuild(news, config);
    // The site's name: every page and the CMS's page follow.
    await project.edit('content/site.yaml', 'name: Northwind Studio', 'name: Southwind Studio');
    const named = await rebuild(session, 'content/site.yaml');
    const admin = Buffer.from(contents(named).get('admin/index.html')!, 'base64').toString('utf8');
    expect(admin).toContain('Southwind Studio');
    await expectSameAsFreshBuild(named, config);
    // And a save of a page after all that: the rest carried, the same as a fresh build.
    await project.edit('content/pages/beta.md', 'The beta page.', 'The new beta page.');
    const saved = await rebuild(session, 'content/pages/beta.md');
    expect(saved.computed.pages).toBe(1);
    await expectSameAsFreshBuild(saved, config);
  }, 120_000);

  it('report a broken link an edit adds, and build again once it is fixed', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    await session.build();
    await project.edit('content/pages/beta.md', '(/terms)', '(/no-such-page)');
    const failed = await rebuild(session, 'content/pages/beta.md').catch((error: unknown) => error);
    expect((failed as SiteErrors).errors.map((error) => [error.code, error.file])).toEqual([
      ['BrokenLink', 'content/pages/beta.md'],
    ]);
    await project.edit('content/pages/beta.md', '(/no-such-page)', '(/privacy-policy)');
    await expectSameAsFreshBuild(await rebuild(session, 'content/pages/beta.md'), config);
  });

  it('report the link of an unchanged page to a page a save removed, and mend it when the page is back', async () => {
    await project.write('content/pages/alpha.md', page('alpha', 'Read [beta](/beta).'));
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    await session.build();
    const beta = await project.read('content/pages/beta.md');
    await project.remove('content/pages/beta.md');
    const failed = await session
      .build([{ path: project.file('content/pages/beta.md'), event: 'unlink' }])
      .catch((error: unknown) => error);
    expect((failed as SiteErrors).errors.map((error) => [error.code, error.file])).toEqual([
      ['BrokenLink', 'content/pages/alpha.md'],
    ]);
    await project.write('content/pages/beta.md', beta);
    const mended = await session.build([{ path: project.file('content/pages/beta.md'), event: 'add' }]);
    await expectSameAsFreshBuild(mended, config);
    // Then a save of another page: the pages kept from before the removal are still right.
    await project.edit('content/pages/gamma.md', 'The gamma page.', 'The new gamma page.');
    const saved = await rebuild(session, 'content/pages/gamma.md');
    expect(saved.computed.pages).toBe(1);
    await expectSameAsFreshBuild(saved, config);
    const fresh = await buildSite({ ...config, cache: false, threads: 0 }, { write: false });
    const told = (result: BuildResult) =>
      result.warnings.map((warning) => [warning.code, warning.file, warning.message]);
    expect(told(saved)).toEqual(told(fresh));
  }, 120_000);

  it('resolve the redirects again when a save renames the page one leads to', async () => {
    await project.write('content/redirects.yaml', '- from: /old-beta\n  to: /beta\n');
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    await session.build();
    // As many pages as before, one at another path: the redirect to /beta leads nowhere.
    await project.write('content/pages/delta.md', await project.read('content/pages/beta.md'));
    await project.remove('content/pages/beta.md');
    const failed = await session
      .build([
        { path: project.file('content/pages/delta.md'), event: 'add' },
        { path: project.file('content/pages/beta.md'), event: 'unlink' },
      ])
      .catch((error: unknown) => error);
    expect((failed as SiteErrors).errors.map((error) => [error.code, error.file])).toEqual([
      ['RedirectInvalid', 'content/redirects.yaml'],
    ]);
  });

  it('check an unchanged page again when the page its anchor points into lost the id', async () => {
    const config = resolveConfig({ root: project.root, threads: 0, allowHtml: true });
    const session = createSession(config);
    await project.write('content/pages/beta.md', page('beta', '<h2 id="intro">Intro</h2>\n\nText.'));
    await project.write('content/pages/alpha.md', page('alpha', 'Read [the intro](/beta#intro).'));
    await session.build();
    await project.edit('content/pages/beta.md', ' id="intro"', '');
    const failed = await rebuild(session, 'content/pages/beta.md').catch((error: unknown) => error);
    expect((failed as SiteErrors).errors.map((error) => [error.code, error.file])).toEqual([
      ['BrokenAnchor', 'content/pages/alpha.md'],
    ]);
  });

  it('save the disk cache after the first build, so the next process starts warm', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config, await openStore(config));
    const first = await session.build();
    const next = await buildSite(config, { write: false });
    expect(next.computed).toEqual({ markdown: 0, pages: 0, advice: 0 });
    expect(next.pages).toBe(first.pages);
  });

  it('bundle the templates again only after a template changed, and the assets only after the stylesheet changed', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    const bundles = () => ({
      templates: session.store.peek<{ bundle: unknown }>('templates', 'last')!.bundle,
      assets: session.store.peek<{ bundle: unknown }>('assets', 'last')!.bundle,
    });
    await session.build();
    const first = bundles();
    await project.edit('content/pages/beta.md', 'The beta page.', 'The new beta page.');
    await rebuild(session, 'content/pages/beta.md');
    expect(bundles()).toEqual(first);
    expect(bundles().templates).toBe(first.templates);

    await project.edit('templates/styles/site.css', /$/, '\n.new-rule { color: red; }\n');
    await rebuild(session, 'templates/styles/site.css');
    expect(bundles().templates).toBe(first.templates);
    expect(bundles().assets).not.toBe(first.assets);

    const styled = bundles().assets;
    await project.write('templates/sections/NewSection.tsx', 'export const NewSection = () => null;\n');
    await session.build([{ path: project.file('templates/sections/NewSection.tsx'), event: 'add' }]);
    expect(bundles().templates).not.toBe(first.templates);
    expect(bundles().assets).not.toBe(styled);
  });

  it('hold no more in memory after many edits than after one: what a build did not use is dropped', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const session = createSession(config);
    await session.build();
    const sizes: number[] = [];
    for (const text of ['One.', 'Two.', 'Three.']) {
      await project.write('content/pages/beta.md', page('beta', text));
      await rebuild(session, 'content/pages/beta.md');
      sizes.push(session.store.size());
    }
    expect(new Set(sizes).size).toBe(1);
  });
});

/**
 * What a build gives: its output and warnings, or its problems. A dev save is compared whole with a
 * fresh build of the same files, whether it fails or not.
 */
async function outcomeOf(build: Promise<BuildResult>) {
  const told = (problems: readonly SiteError[]) =>
    problems.map((problem) => [problem.code, problem.file, problem.line, problem.message]);
  try {
    const result = await build;
    return { output: contents(result), warnings: told(result.warnings) };
  } catch (error) {
    return { errors: told((error as SiteErrors).errors) };
  }
}

/** The session's build of the changes equals a fresh one; its outcome, for more checks. */
async function expectAsFresh(session: Session, config: ResolvedConfig, changes: FileChange[] = []) {
  const saved = await outcomeOf(session.build(changes));
  expect(saved).toEqual(await outcomeOf(buildSite({ ...config, cache: false, threads: 0 }, { write: false })));
  return saved;
}

const changed = (file: string): FileChange => ({ path: project.file(file), event: 'change' });
const added = (file: string): FileChange => ({ path: project.file(file), event: 'add' });
const removed = (file: string): FileChange => ({ path: project.file(file), event: 'unlink' });

/** Each of these builds a dozen times, half of them fresh. */
const SLOW = 180_000;

describe('dev saves, which start from the last load and redo what the saved files changed', () => {
  it(
    'rename a page onto the path of another and back, with saves of other pages between',
    async () => {
      const config = resolveConfig({ root: project.root, threads: 0 });
      const session = createSession(config);
      await session.build();
      await project.edit('content/pages/beta.md', 'The beta page.', 'The new beta page.');
      await expectAsFresh(session, config, [changed('content/pages/beta.md')]);
      // content/legal/terms.md makes /terms: two pages at one path.
      const alpha = await project.read('content/pages/alpha.md');
      await project.remove('content/pages/alpha.md');
      await project.write('content/pages/terms.md', alpha);
      const clash = await expectAsFresh(session, config, [
        removed('content/pages/alpha.md'),
        added('content/pages/terms.md'),
      ]);
      expect(clash.errors?.length).toBeGreaterThan(0);
      await project.edit('content/pages/gamma.md', 'The gamma page.', 'The new gamma page.');
      await expectAsFresh(session, config, [changed('content/pages/gamma.md')]);
      await project.remove('content/pages/terms.md');
      await project.write('content/pages/alpha.md', alpha);
      const back = await expectAsFresh(session, config, [
        removed('content/pages/terms.md'),
        added('content/pages/alpha.md'),
      ]);
      expect(back.errors).toBeUndefined();
      await project.edit('content/pages/alpha.md', 'The alpha page.', 'The new alpha page.');
      await expectAsFresh(session, config, [changed('content/pages/alpha.md')]);
    },
    SLOW,
  );

  it(
    'add a page, save it and others, and remove it',
    async () => {
      const config = resolveConfig({ root: project.root, threads: 0 });
      const session = createSession(config);
      await session.build();
      await project.write('content/pages/delta.md', page('delta', 'New. See [beta](/beta).'));
      await expectAsFresh(session, config, [added('content/pages/delta.md')]);
      await project.edit('content/pages/delta.md', 'New.', 'Newer.');
      await project.edit('content/pages/beta.md', 'The beta page.', 'The new beta page.');
      await expectAsFresh(session, config, [changed('content/pages/delta.md'), changed('content/pages/beta.md')]);
      await project.remove('content/pages/delta.md');
      await expectAsFresh(session, config, [removed('content/pages/delta.md')]);
      await project.edit('content/pages/gamma.md', 'The gamma page.', 'The new gamma page.');
      await expectAsFresh(session, config, [changed('content/pages/gamma.md')]);
    },
    SLOW,
  );

  it(
    "break a page's front matter and mend it, and show and drop raw HTML, while other pages are saved",
    async () => {
      const config = resolveConfig({ root: project.root, threads: 0 });
      const session = createSession(config);
      await session.build();
      await project.edit('content/pages/beta.md', 'title: beta', 'title: [beta');
      const broken = await expectAsFresh(session, config, [changed('content/pages/beta.md')]);
      expect(broken.errors?.map(([, file]) => file)).toContain('content/pages/beta.md');
      await project.edit('content/pages/gamma.md', 'The gamma page.', 'The new gamma page.');
      await expectAsFresh(session, config, [changed('content/pages/gamma.md')]);
      await project.edit('content/pages/beta.md', 'title: [beta', 'title: beta');
      await expectAsFresh(session, config, [changed('content/pages/beta.md')]);
      await project.edit('content/pages/alpha.md', 'The alpha page.', 'The <marquee>alpha</marquee> page.');
      const shown = await expectAsFresh(session, config, [changed('content/pages/alpha.md')]);
      expect(shown.warnings?.map(([code]) => code)).toContain('RawHtmlRemoved');
      await project.edit('content/pages/gamma.md', 'The new gamma page.', 'The gamma page.');
      await expectAsFresh(session, config, [changed('content/pages/gamma.md')]);
      await project.edit('content/pages/alpha.md', 'The <marquee>alpha</marquee> page.', 'The alpha page.');
      const dropped = await expectAsFresh(session, config, [changed('content/pages/alpha.md')]);
      expect(dropped.warnings?.map(([code]) => code)).not.toContain('RawHtmlRemoved');
    },
    SLOW,
  );

  it(
    'save content/site.yaml, a service and a news post, then a page',
    async () => {
      const config = resolveConfig({ root: project.root, threads: 0 });
      const session = createSession(config);
      await session.build();
      await project.edit('content/site.yaml', /copyright: .*/, 'copyright: "© 2031 Northwind Studio"');
      await expectAsFresh(session, config, [changed('content/site.yaml')]);
      await project.edit('content/services/branding.md', /^title: .*/m, 'title: Brand Design');
      await expectAsFresh(session, config, [changed('content/services/branding.md')]);
      await project.edit('content/news/faster-sites-by-default.md', /^title: .*/m, 'title: Faster sites by default');
      await expectAsFresh(session, config, [changed('content/news/faster-sites-by-default.md')]);
      await project.edit('content/pages/beta.md', 'The beta page.', 'The new beta page.');
      await expectAsFresh(session, config, [changed('content/pages/beta.md')]);
    },
    SLOW,
  );
});
