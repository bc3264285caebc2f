/**
 * The build cache invalidates exactly what a change can affect, and a build that uses it writes
 * the same bytes as a build without it.
 */
import { access, mkdir, readdir, readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_FILE, loadDiskCache } from '../src/cache/disk.ts';
import { buildSite } from '../src/build.ts';
import { resolveConfig, type Options } from '../src/config.ts';
import { GENERATOR_VERSION } from '../src/cache/version.ts';
import type { SiteErrors } from '../src/errors.ts';
import { copyProject, pageSource, replacePages, type TempProject } from './helpers/project.ts';
import { readTree } from './helpers/tree.ts';

let project: TempProject;

const page = pageSource;

beforeEach(async () => {
  project = await copyProject();
  await replacePages(project, {
    alpha: page('Alpha', 'First *page*, see [an example](https://example.com/).'),
    beta: page('Beta', '## Beta\n\n- one\n- two'),
    gamma: page('Gamma', 'Third page.'),
  });
});
afterEach(() => project.cleanup());

const build = (options: Options = {}) => buildSite(resolveConfig({ root: project.root, threads: 0, ...options }));

/** The same site built from nothing, without the cache, into another folder. */
async function expectSameAsPlainBuild(options: Options = {}) {
  await build({ ...options, out: 'plain', cache: false });
  expect(await readTree(project.file('dist'))).toEqual(await readTree(project.file('plain')));
}

describe('build cache', () => {
  it('makes nothing anew when nothing changed, and writes the same output', async () => {
    const first = await build();
    // 3 services, about, 3 legal pages, 3 pages and 2 news posts have Markdown.
    expect(first.computed).toEqual({ markdown: 12, pages: first.pages, advice: first.pages });
    const second = await build();
    expect(second.computed).toEqual({ markdown: 0, pages: 0, advice: 0 });
    await expectSameAsPlainBuild();
  });

  it('renders the Markdown and the page of a changed body, and nothing else', async () => {
    await build();
    await project.edit('content/pages/beta.md', '- two', '- two\n- three');
    expect((await build()).computed).toEqual({ markdown: 1, pages: 1, advice: 1 });
    await expectSameAsPlainBuild();
  });

  it('renders a page again when only its front matter changed, but not its Markdown', async () => {
    await build();
    await project.edit('content/pages/gamma.md', 'title: Gamma', 'title: Gamma rays');
    expect((await build()).computed).toEqual({ markdown: 0, pages: 1, advice: 1 });
    await expectSameAsPlainBuild();
  });

  it('renders every page again when a template changed, but no Markdown', async () => {
    const { pages } = await build();
    await project.edit(
      'templates/pages/ContentPage.tsx',
      '<h1>{entry.title}</h1>',
      '<h1 className="title">{entry.title}</h1>',
    );
    expect((await build()).computed).toEqual({ markdown: 0, pages, advice: pages });
    await expectSameAsPlainBuild();
  });

  it('bundles the stylesheet again when it changed, though the bundles are kept on disk while templates/ is the same', async () => {
    await build();
    await build();
    await project.edit('templates/styles/site.css', /$/, '\n.kept-bundle-rule { color: red; }\n');
    await build();
    const css = (await readdir(project.file('dist/assets'))).find((name) => name.endsWith('.css'))!;
    expect(await project.read(`dist/assets/${css}`)).toContain('.kept-bundle-rule');
    await expectSameAsPlainBuild();
  });

  it('renders every page again when content every page shows changed', async () => {
    const { pages } = await build();
    await project.edit('content/site.yaml', /copyright: .*/, 'copyright: "© 2031 Northwind Studio"');
    expect((await build()).computed).toEqual({ markdown: 0, pages, advice: pages });
    await project.edit('content/legal/terms.md', 'title: Terms of Service', 'title: Terms');
    expect((await build()).computed).toEqual({ markdown: 0, pages, advice: pages });
    await expectSameAsPlainBuild();
  });

  it('renders every page again for another --base or --format, and all Markdown for --allow-html', async () => {
    const { pages } = await build();
    // Same HTML from the Markdown (it holds no raw HTML), so the pages themselves are still cached.
    expect((await build({ allowHtml: true })).computed).toEqual({ markdown: 12, pages: 0, advice: 0 });
    await expectSameAsPlainBuild({ allowHtml: true });
    expect((await build({ base: '/sub/' })).computed).toEqual({ markdown: 12, pages, advice: pages });
    await expectSameAsPlainBuild({ base: '/sub/' });
    expect((await build({ format: 'directory' })).computed).toEqual({ markdown: 0, pages, advice: pages });
  }, 120_000);

  it('renders added pages and drops removed ones', async () => {
    await build();
    await project.write('content/pages/delta.md', page('Delta', 'New.'));
    await project.remove('content/pages/gamma.md');
    expect((await build()).computed).toEqual({ markdown: 1, pages: 1, advice: 1 });
    await expectSameAsPlainBuild();
  });

  it('checks the links of a page it took from the cache against the files of this build', async () => {
    await project.write('content/pages/alpha.md', page('Alpha', 'Read [the brochure](/files/brochure.pdf).'));
    await mkdir(project.file('public/files'));
    await project.write('public/files/brochure.pdf', '%PDF-1.4');
    await build();
    await project.remove('public/files');
    // The page itself is the same, so it and what the check read from it come from the cache.
    const error = await build().then(
      () => undefined,
      (thrown: SiteErrors) => thrown,
    );
    expect(error?.errors.map((problem) => [problem.code, problem.file, problem.line])).toEqual([
      ['MissingAsset', 'content/pages/alpha.md', 7],
    ]);
    const problems = await build({ cache: false }).then(
      () => [],
      (thrown: SiteErrors) => thrown.errors.map((problem) => problem.message),
    );
    expect(error?.errors.map((problem) => problem.message)).toEqual(problems);
  });

  it('points at the same lines for front matter it took from the cache as for front matter it parsed', async () => {
    await build();
    // The same front matter, now checked against the legal pages' schema: it lacks dateLine and order.
    await project.write('content/legal/gamma.md', await project.read('content/pages/gamma.md'));
    await project.remove('content/pages/gamma.md');
    const problems = async (options: Options) =>
      build(options).then(
        () => [],
        (error: SiteErrors) =>
          error.errors.map((problem) => [problem.code, problem.file, problem.line, problem.column, problem.message]),
      );
    const cached = await problems({});
    expect(cached.length).toBeGreaterThan(0);
    expect(cached).toEqual(await problems({ cache: false }));
  });

  it('builds edit after edit from the cache what a plain build writes', async () => {
    await build();
    const texts = ['Third page.', 'First edit.', 'Second edit.', 'Third edit.'];
    for (let index = 1; index < texts.length; index++) {
      await project.edit('content/pages/gamma.md', texts[index - 1]!, texts[index]!);
      expect((await build()).computed.markdown).toBe(1);
    }
    expect(await project.read('dist/gamma.html')).toContain('Third edit.');
    await expectSameAsPlainBuild();
  });

  it('belongs to one generator version: another version finds nothing in it', async () => {
    await build();
    const config = resolveConfig({ root: project.root });
    const same = await loadDiskCache(config.cacheDir, GENERATOR_VERSION);
    const other = await loadDiskCache(config.cacheDir, `${GENERATOR_VERSION}-next`);
    // Every key the build stored is found under its own version and under no other.
    const bytes = await readFile(`${config.cacheDir}/${CACHE_FILE}`);
    // The keys come last, followed by their length (src/cache/disk.ts).
    const headerEnd = bytes.length - 4;
    const header = JSON.parse(bytes.toString('utf8', headerEnd - bytes.readUInt32LE(headerEnd), headerEnd)) as {
      keys: string;
    };
    // Joined by newlines (src/cache/cache-file.ts).
    const keys = header.keys.split('\n');
    expect(keys.length).toBeGreaterThan(1);
    for (const stored of keys) {
      expect(same.get(stored)).toBeDefined();
      expect(other.get(stored)).toBeUndefined();
    }
  });

  it('with --no-cache neither reads nor writes the cache, images included', async () => {
    const result = await build({ cache: false });
    expect(result.images.reused).toBe(0);
    // Resolved as --no-cache resolves it: a config with the cache on keeps the site's url there.
    const config = resolveConfig({ root: project.root, cache: false });
    await expect(access(config.cacheDir)).rejects.toThrow();
    // A cache made by an earlier build is not read either.
    await build();
    expect((await build({ cache: false })).images).toEqual({ encoded: result.images.encoded, reused: 0 });
  });
});
