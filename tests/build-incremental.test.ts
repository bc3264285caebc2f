/**
 * Dev rebuilds with a BuildCache (src/cache/build-cache.ts): one changed page is rendered and checked
 * alone, and every rebuild equals a fresh build without any cache.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBuildCache, forgetChanges, type BuildCache } from '../src/cache/build-cache.ts';
import { buildSite, type BuildResult } from '../src/build.ts';
import { resolveConfig, type ResolvedConfig } from '../src/config.ts';
import { SiteErrors } from '../src/errors.ts';
import { copyProject, pageSource, replacePages, type TempProject } from './helpers/project.ts';

let project: TempProject;
const page = pageSource;

beforeEach(async () => {
  project = await copyProject();
  await replacePages(project, Object.fromEntries(['alpha', 'beta', 'gamma'].map((name) => [name, page(name, `The ${name} page. See [terms](/terms).`)])));
});
afterEach(() => project.cleanup());

/** What the output holds, as text by path (files of public/ by their source path). */
function contents(result: BuildResult): Map<string, string> {
  return new Map(result.output.map((file) => [file.path, file.source ?? Buffer.from(file.contents ?? '').toString('base64')]));
}

async function expectSameAsFreshBuild(result: BuildResult, config: ResolvedConfig) {
  const fresh = await buildSite({ ...config, cache: false, threads: 0 }, { write: false });
  expect(contents(result)).toEqual(contents(fresh));
}

function rebuild(config: ResolvedConfig, cache: BuildCache, ...files: string[]) {
  forgetChanges(cache, config, files.map((file) => ({ path: project.file(file), event: 'change' as const })));
  return buildSite(config, { write: false, cache });
}

describe('dev rebuilds', () => {
  it('render only the page whose file changed, and equal a fresh build', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const cache = createBuildCache();
    await buildSite(config, { write: false, cache });
    await project.edit('content/pages/beta.md', 'The beta page.', 'The *new* beta page.');
    const result = await rebuild(config, cache, 'content/pages/beta.md');
    expect(result.computed).toEqual({ markdown: 1, pages: 1 });
    await expectSameAsFreshBuild(result, config);
  });

  it('render every page again when content they all show changed', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const cache = createBuildCache();
    const first = await buildSite(config, { write: false, cache });
    await project.edit('content/site.yaml', /copyright: .*/, 'copyright: "© 2031 Northwind Studio"');
    const result = await rebuild(config, cache, 'content/site.yaml');
    expect(result.computed).toEqual({ markdown: 0, pages: first.pages });
    await expectSameAsFreshBuild(result, config);
  });

  it('add and remove pages', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const cache = createBuildCache();
    await buildSite(config, { write: false, cache });
    await project.write('content/pages/delta.md', page('delta', 'New.'));
    await project.remove('content/pages/alpha.md');
    forgetChanges(cache, config, [
      { path: project.file('content/pages/delta.md'), event: 'add' },
      { path: project.file('content/pages/alpha.md'), event: 'unlink' },
    ]);
    const result = await buildSite(config, { write: false, cache });
    expect(result.output.some((file) => file.path === 'alpha.html')).toBe(false);
    expect(result.computed).toEqual({ markdown: 1, pages: 1 });
    await expectSameAsFreshBuild(result, config);
  });

  it('report a broken link an edit adds, and build again once it is fixed', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const cache = createBuildCache();
    await buildSite(config, { write: false, cache });
    await project.edit('content/pages/beta.md', '(/terms)', '(/no-such-page)');
    const failed = await rebuild(config, cache, 'content/pages/beta.md').catch((error: unknown) => error);
    expect((failed as SiteErrors).errors.map((error) => [error.code, error.file])).toEqual([['BrokenLink', 'content/pages/beta.md']]);
    await project.edit('content/pages/beta.md', '(/no-such-page)', '(/privacy-policy)');
    await expectSameAsFreshBuild(await rebuild(config, cache, 'content/pages/beta.md'), config);
  });

  it('check an unchanged page again when the page its anchor points into lost the id', async () => {
    const config = resolveConfig({ root: project.root, threads: 0, allowHtml: true });
    const cache = createBuildCache();
    await project.write('content/pages/beta.md', page('beta', '<h2 id="intro">Intro</h2>\n\nText.'));
    await project.write('content/pages/alpha.md', page('alpha', 'Read [the intro](/beta#intro).'));
    await buildSite(config, { write: false, cache });
    await project.edit('content/pages/beta.md', ' id="intro"', '');
    const failed = await rebuild(config, cache, 'content/pages/beta.md').catch((error: unknown) => error);
    expect((failed as SiteErrors).errors.map((error) => [error.code, error.file])).toEqual([['BrokenAnchor', 'content/pages/alpha.md']]);
  });

  it('save the disk cache after the first build, so the next process starts warm', async () => {
    const config = resolveConfig({ root: project.root, threads: 0 });
    const first = await buildSite(config, { write: false, cache: createBuildCache() });
    const next = await buildSite(config, { write: false });
    expect(next.computed).toEqual({ markdown: 0, pages: 0 });
    expect(next.pages).toBe(first.pages);
  });
});
