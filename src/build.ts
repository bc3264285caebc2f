/**
 * buildSite(config): the one pipeline. content -> Site -> routes -> HTML + assets + public/ ->
 * site check -> staging folder -> swapped in. `check` runs the same pipeline without writing.
 */
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stop as stopEsbuild } from 'esbuild';
import { buildAssets } from './render/assets.ts';
import { reuse, type BuildCache } from './cache/build-cache.ts';
import { checkSite } from './output/check.ts';
import type { ResolvedConfig } from './config.ts';
import { loadSite } from './content/load.ts';
import type { ImageContent } from './content/schema.ts';
import { renderMarkdownAll } from './markdown/batch.ts';
import { createNoDiskCache, hashKey, loadDiskCache, type DiskCache } from './cache/disk.ts';
import { SiteError, SiteErrors, toSiteErrors } from './errors.ts';
import { renderSitePages } from './render/pages.ts';
import { createPublication, createSiteImages, type Publication, type PublicationInput, type SiteImageSet } from './publish/publication.ts';
import { guardOutDir, recoverOutput, writeOutput, type PlannedFile } from './output/staging.ts';
import { listPublicFiles } from './publish/public-files.ts';
import { createRoutes, createUrlPolicy } from './site/routes.ts';
import { loadTemplates } from './render/templates.ts';
import { GENERATOR_VERSION } from './cache/version.ts';

export interface BuildOptions {
  /** false: run every step and check, but leave the output folder alone (`agency-site check`). */
  write?: boolean;
  /** Results of earlier builds to reuse where their inputs did not change (dev). */
  cache?: BuildCache;
  /**
   * No other build runs in this process (the CLI's build and check): esbuild's helper process
   * (about 20 to 40 MB) is stopped as soon as the templates and assets are bundled, not kept
   * for a next build.
   */
  alone?: boolean;
}

export interface BuildResult {
  pages: number;
  files: number;
  bytes: number;
  milliseconds: number;
  /** Milliseconds per stage, for --verbose. */
  stages: Record<string, number>;
  /** Images encoded by sharp in this build, and images reused from the cache. */
  images: { encoded: number; reused: number };
  /** What this build made anew instead of taking it from the disk cache or the previous build (dev). */
  computed: { markdown: number; pages: number };
  /** Worker threads that rendered Markdown besides the main thread. */
  workers: number;
  outDir: string;
  written: boolean;
  /** Problems that did not stop the build (raw HTML removed from Markdown, ...). */
  warnings: SiteError[];
  /** Every file of the output, written or not: what `dev` serves from memory. */
  output: PlannedFile[];
}

export async function buildSite(config: ResolvedConfig, options: BuildOptions = {}): Promise<BuildResult> {
  const write = options.write ?? true;
  const cache = options.cache;
  const started = performance.now();
  const stages: Record<string, number> = {};
  let mark = started;
  const stage = (name: string) => {
    const now = performance.now();
    stages[name] = Math.round((now - mark) * 10) / 10;
    mark = now;
  };

  await requireProjectFolder(config.root);
  if (write) {
    await recoverOutput(config.outDir);
    await guardOutDir(config);
  }
  const computed = { markdown: 0, pages: 0 };
  let workers = 0;
  const diskOpened = !cache?.disk;
  const opened = cache?.disk ?? (await openDiskCache(config));
  if (cache) cache.disk ??= opened;
  const disk = countingSets(opened, computed);
  // Listed first: the images need it, and should not wait behind the reads of the content.
  const publicFiles = await reuse(cache, 'publicFiles', () => listPublicFiles(config));
  // A single build starts its images as soon as the content they are made from is read: the
  // encoder process then works beside the Markdown, while this process is still small. (Dev
  // keeps its last publication instead: see publish() below.)
  let images: Promise<SiteImageSet> | undefined;
  const stopImages = new AbortController();
  const onImageContent = (site: ImageContent) => {
    images = createSiteImages({ config, site, urls: createUrlPolicy(config, site.settings.url), publicFiles, signal: stopImages.signal });
    // Awaited after the load; a load that fails first must not leave it unhandled.
    images.catch(() => undefined);
  };
  // A build that fails stops its images: the encoder process is killed, and no image is made or
  // stored after this returns (one libvips may still be finishing in this process, unused).
  const stopped = (error: unknown): never => {
    stopImages.abort();
    throw error;
  };
  const templating = reuse(cache, 'templates', () => loadTemplates(config));
  const bundling = reuse(cache, 'assets', () => buildAssets(config));
  if (options.alone) void Promise.allSettled([templating, bundling]).then(() => stopEsbuild().catch(() => undefined));
  const { loaded, templates, assets, urls, routes } = await (async () => {
    const [loaded, templates, assets] = await settleAll([
      loadSite(config, {
        cache: cache?.content,
        disk,
        renderMarkdown: (bodies) =>
          renderMarkdownAll(bodies, { allowHtml: config.allowHtml, threads: config.threads, cache: disk, onWorkers: (count) => (workers = count) }),
        onImageContent: cache ? undefined : onImageContent,
      }),
      templating,
      bundling,
    ]);
    const urls = createUrlPolicy(config, loaded.site.settings.url);
    return { loaded, templates, assets, urls, routes: createRoutes(loaded.site, urls, loaded.pages) };
  })().catch(stopped);
  stage('load');

  const links = { css: urls.asset(assets.css), js: urls.asset(assets.js) };
  const published = cache
    ? await publish({ config, site: loaded.site, routes, urls, publicFiles }, cache)
    : await createPublication({ config, site: loaded.site, routes, urls, publicFiles }, images);
  stage('images');
  const pages = renderSitePages(
    { templates, site: loaded.site, routes, urls, assets: links, images: published.images, head: published.head },
    disk,
    cache?.pages,
  );
  stage('render');

  const planned: PlannedFile[] = [
    ...pages.map((page) => ({ path: page.route.file, contents: page.html })),
    ...assets.files,
    ...publicFiles,
    ...published.files,
  ];
  const clashes = findClashes(planned.map((file) => file.path));
  if (clashes.length > 0) {
    throw new SiteErrors(
      clashes.map(
        ({ file, folder }) =>
          new SiteError({
            code: 'DuplicateUrl',
            message: folder
              ? `The output needs ${file} to be a file and a folder at once: a file in public/ has the name of a folder the build makes, or the other way round.`
              : `Two sources write the output file ${file}: a file in public/ has the same path as a page or asset the build makes.`,
            file: `public/${file}`,
            hint: 'Rename or remove the file in public/.',
          }),
      ),
    );
  }
  const problems = checkSite({ pages, files: new Set(planned.map((file) => file.path)), urls, sources: loaded.sources, cache: disk }, cache?.check);
  if (problems.length > 0) throw new SiteErrors(problems);
  stage('check');

  // A single build saves the disk cache beside its output; a dev session after its first build only.
  await Promise.all([write && writeOutput(config.outDir, planned), diskOpened && disk.save()]);
  stage(write ? 'write' : 'skip-write');
  return {
    pages: pages.length,
    files: planned.length,
    // Counted when asked: a dev rebuild does not need it.
    get bytes() {
      return planned.reduce((sum, file) => sum + byteLength(file), 0);
    },
    milliseconds: Math.round(performance.now() - started),
    stages,
    images: { ...published.work },
    computed,
    workers,
    outDir: config.outDir,
    written: write,
    warnings: loaded.warnings,
    output: planned,
  };
}

/** The publication of the previous build in this process when all it is made from is the same. */
async function publish(input: PublicationInput, cache: BuildCache): Promise<Publication> {
  const { site, routes, urls, publicFiles } = input;
  const key = hashKey(
    JSON.stringify(site),
    routes.map((route) => `${route.path} ${route.file} ${route.indexable}`).join('\n'),
    JSON.stringify({ format: urls.format, base: urls.base, siteUrl: urls.siteUrl }),
    publicFiles.map((file) => file.path).join('\n'),
  );
  if (cache.publication?.key !== key) cache.publication = { key, value: await createPublication(input) };
  return cache.publication.value;
}

/** The disk cache of the project, or none with --no-cache. */
export function openDiskCache(config: ResolvedConfig): Promise<DiskCache> {
  return config.cache ? loadDiskCache(config.cacheDir, GENERATOR_VERSION) : Promise.resolve(createNoDiskCache());
}

/** Every value set in the disk cache was just computed: count them by kind. */
function countingSets(cache: DiskCache, computed: BuildResult['computed']): DiskCache {
  const kinds: Record<string, keyof BuildResult['computed']> = { m: 'markdown', p: 'pages' };
  return {
    ...cache,
    set(key, value) {
      const kind = kinds[key.slice(0, key.indexOf(':'))];
      if (kind) computed[kind]++;
      cache.set(key, value);
    },
  };
}

/** A --root that leads nowhere is one usage error, not one error per missing source. */
async function requireProjectFolder(root: string): Promise<void> {
  const isFolder = await stat(root).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  if (!isFolder) {
    throw new SiteError({
      code: 'UsageError',
      message: `The project folder ${root} does not exist.`,
      hint: 'Run agency-site in the folder that holds content/, templates/ and public/, or pass that folder with --root.',
    });
  }
}

/** Waits for every step and reports the problems of all of them together. */
async function settleAll<T extends readonly unknown[]>(steps: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(steps);
  const errors: SiteError[] = [];
  for (const result of results) {
    if (result.status === 'fulfilled') continue;
    const siteErrors = toSiteErrors(result.reason);
    if (!siteErrors) throw result.reason;
    errors.push(...siteErrors);
  }
  if (errors.length > 0) throw new SiteErrors(errors);
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** Output paths written twice, and paths that would have to be a file and a folder at once. */
function findClashes(paths: string[]): Array<{ file: string; folder: boolean }> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const file of paths) (seen.has(file) ? repeated : seen).add(file);
  // Every folder a path passes through ('a/b/c.html': 'a' and 'a/b').
  const folders = new Set<string>();
  for (const file of paths) for (let slash = file.indexOf('/'); slash !== -1; slash = file.indexOf('/', slash + 1)) folders.add(file.slice(0, slash));
  return [
    ...[...repeated].map((file) => ({ file, folder: false })),
    ...[...seen].filter((file) => folders.has(file)).map((file) => ({ file, folder: true })),
  ];
}

function byteLength(file: PlannedFile): number {
  if (typeof file.contents === 'string') return Buffer.byteLength(file.contents);
  return file.contents?.byteLength ?? file.size ?? 0;
}
