/**
 * buildSite(config): the one pipeline, the same for build, check and dev:
 * read -> parse and validate (all errors together) -> Markdown -> routes -> publication -> pages ->
 * check -> write. Each step keeps its results in the store by keys made from its inputs; a single
 * build opens the store on the disk cache, `dev` passes one it keeps, with the versions of the files
 * its watcher saw change. `check` runs the same pipeline and does not write.
 */
import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { runAdviceStage } from './advice/stage.ts';
import type { PageReport } from './advice/page-report.ts';
import { hashKey } from './cache/disk.ts';
import { unchangedFiles, type FileVersions } from './cache/file-versions.ts';
import { openStore, type Store } from './cache/store.ts';
import type { ResolvedConfig } from './config.ts';
import { createLoadContext, imageContentOf, loadKinds, loadSite, type LoadedKinds } from './content/load.ts';
import { SiteError, SiteErrors, toSiteErrors } from './errors.ts';
import { checkSite } from './output/check.ts';
import { byteLength, planOutput } from './output/plan.ts';
import { guardOutDir, recoverOutput, writeOutput, type PlannedFile } from './output/staging.ts';
import { checkHeadersFile, HEADERS_FILE } from './publish/headers.ts';
import { listPublicFiles } from './publish/public-files.ts';
import type { Image } from './content/schema.ts';
import { createImagePipeline, type ImagePipeline } from './images/pipeline.ts';
import { processMarkdownImages, type MarkdownImageSet } from './images/markdown.ts';
import { placeSiteImages } from './images/place.ts';
import {
  createPublication,
  createSiteImages,
  type Publication,
  type PublicationInput,
  type SiteImageSet,
} from './publish/publication.ts';
import { buildAssets } from './render/assets.ts';
import { renderSitePages } from './render/site-pages.ts';
import { loadTemplates } from './render/templates.ts';
import { createRoutes, createUrlPolicy, type UrlPolicy } from './site/routes.ts';

export interface BuildOptions {
  /** false: run every step and check, but leave the output folder alone (`agency-site check`, dev). */
  write?: boolean;
  /** Where the steps keep their results: dev keeps one between builds. Default: the disk cache, for this build. */
  store?: Store;
  /** The versions of the source files (dev's watcher). Default: every file as it is now. */
  files?: FileVersions;
  /** Warnings fail the build before anything is written (`--strict`, for CI). */
  strict?: boolean;
  /** Make the content advice's summary of each page (`--report`). */
  report?: boolean;
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
  /** What this build made anew instead of taking it from the store: Markdown bodies, pages, pages the advice read. */
  computed: { markdown: number; pages: number; advice: number };
  /** Worker threads that rendered Markdown besides the main thread. */
  workers: number;
  outDir: string;
  written: boolean;
  /** Problems that did not stop the build (raw HTML removed from Markdown, ...). */
  warnings: SiteError[];
  /** Every file of the output, written or not: what `dev` serves from memory. */
  output: PlannedFile[];
  /** With `report`: the content advice's summary of each page. */
  report?: PageReport[];
}

export async function buildSite(config: ResolvedConfig, options: BuildOptions = {}): Promise<BuildResult> {
  const write = options.write ?? true;
  const clock = startClock();
  await requireProjectFolder(config.root);
  if (write) {
    await recoverOutput(config.outDir);
    await guardOutDir(config);
  }
  const store = options.store ?? (await openStore(config));
  const files = options.files ?? unchangedFiles;
  const before = store.computed();
  const stopImages = new AbortController();
  // One pipeline for the images of the site and of Markdown bodies, pruned once both were made here.
  const pipeline = createImagePipeline(config.cache ? config.cacheDir : undefined, stopImages.signal);
  const madeImages = new Set<string>();
  let workers = 0;
  try {
    const publicKey = `${files.folder(config.publicDir)} ${config.allowPublicScripts}`;
    const publicFiles = await store.step('public-files', publicKey, () => listPublicFiles(config));
    const templating = keepBundle(store, files, config.templatesDir, 'templates', () => loadTemplates(config));
    const bundling = keepBundle(store, files, config.templatesDir, 'assets', () => buildAssets(config));
    // Every kind read and checked first: the site's images are made while the Markdown renders.
    const kinds = loadKinds(createLoadContext(config, { store, files }));
    const images = startImages(store, files, config, publicFiles, kinds, { pipeline, made: madeImages });
    // Awaited after the load; a load that fails first must not leave it unhandled.
    images.catch(() => undefined);
    const [loaded, templates, assets] = await settleAll([
      loadSite(config, { store, files, kinds, onWorkers: (count) => (workers = count) }),
      templating,
      bundling,
    ]);
    const urls = createUrlPolicy(config, loaded.site.settings.url);
    const markdownImages = await makeMarkdownImages(
      store,
      { files, config, urls, pipeline, made: madeImages },
      loaded.markdownImages,
    );
    const { site, pages: contentPages, pageSources } = placeSiteImages(loaded, markdownImages.pictures, urls);
    const routes = createRoutes(site, urls, contentPages);
    clock.stage('load');
    const published = await publish(store, { config, site, routes, urls, publicFiles }, await images);
    // Every image of this build is made: what the cache holds besides is from content that is gone.
    if (madeImages.size === 2) pipeline.prune();
    pipeline.close();
    clock.stage('images');
    const { head, headKey } = published;
    const links = { css: urls.asset(assets.css), js: urls.asset(assets.js) };
    const pageInput = { templates, site, routes, urls, assets: links, images: published.images, head, headKey };
    const pages = renderSitePages({ ...pageInput, pageSources }, store);
    clock.stage('render');
    const imageFiles = new Set(published.files.map((file) => file.path));
    // A Markdown image that is also a portfolio image has the same files.
    const bodyImageFiles = markdownImages.files.filter((file) => !imageFiles.has(file.path));
    const planned = planOutput(
      pages.map((page) => ({ path: page.route.file, contents: page.html })),
      assets.files,
      publicFiles,
      published.files,
      bodyImageFiles,
    );
    const problems = checkSite({
      pages,
      files: new Set(planned.map((file) => file.path)),
      urls,
      sources: loaded.sources,
      store,
    });
    if (problems.length > 0) throw new SiteErrors(problems);
    clock.stage('check');
    const advice = await runAdviceStage({
      store,
      loaded,
      pages,
      publicFiles,
      publicKey,
      output: planned,
      base: urls.base,
      report: options.report ?? false,
    });
    const warnings = [...loaded.warnings, ...checkHostLimits(planned), ...advice.warnings];
    if (options.strict && warnings.length > 0) throw new SiteErrors(warnings);
    clock.stage('advice');
    await Promise.all([write && writeOutput(config.outDir, planned), store.save()]);
    store.sweep();
    clock.stage(write ? 'write' : 'skip-write');
    const counted = store.computed();
    const computed = {
      markdown: (counted.markdown ?? 0) - (before.markdown ?? 0),
      pages: (counted.page ?? 0) - (before.page ?? 0),
      advice: advice.computed,
    };
    return {
      ...clock.result(),
      pages: pages.length,
      files: planned.length,
      ...sizeOf(planned),
      images: { ...published.work },
      computed,
      workers,
      outDir: config.outDir,
      written: write,
      warnings,
      output: planned,
      report: advice.report,
    };
  } catch (error) {
    // A build that fails stops its images: the encoder process is killed, and no image is made or
    // stored after this returns.
    stopImages.abort();
    throw error;
  } finally {
    pipeline.close();
  }
}

type Made = { set: SiteImageSet; key: string };

/** The site's images, started as soon as the content they are made from is read and valid. */
async function startImages(
  store: Store,
  files: FileVersions,
  config: ResolvedConfig,
  publicFiles: PlannedFile[],
  kinds: Promise<LoadedKinds>,
  { pipeline, made }: { pipeline: ImagePipeline; made: Set<string> },
): Promise<Made | undefined> {
  const content = imageContentOf(await kinds);
  if (!content) return undefined;
  const urls = createUrlPolicy(config, content.settings.url);
  const key = hashKey(
    JSON.stringify(content),
    urlKey(urls),
    publicFiles.map((file) => file.path).join('\n'),
    files.folder(config.publicDir),
  );
  const set = await store.step('images', key, () => {
    made.add('images');
    return createSiteImages({ config, site: content, urls, publicFiles, pipeline });
  });
  return { set, key };
}

/** The images Markdown bodies show, kept while their paths and sizes, the URL policy and public/ are the same. */
function makeMarkdownImages(
  store: Store,
  {
    files,
    config,
    urls,
    pipeline,
    made,
  }: { files: FileVersions; config: ResolvedConfig; urls: UrlPolicy; pipeline: ImagePipeline; made: Set<string> },
  images: Image[],
): Promise<MarkdownImageSet> {
  const key = hashKey(JSON.stringify(images), urlKey(urls), files.folder(config.publicDir));
  return store.step('markdown-images', key, () => {
    made.add('markdown-images');
    return processMarkdownImages(pipeline, { images, publicDir: config.publicDir, urls });
  });
}

/** The publication: kept while the images, site, routes, URL policy and public/ are the same. */
function publish(store: Store, input: PublicationInput, images: Made | undefined): Promise<Publication> {
  // The load succeeded, so the image content was valid and its images were started.
  if (!images) throw new Error('buildSite: the site loaded but its images were never started');
  const { site, routes, urls, publicFiles } = input;
  const key = hashKey(
    images.key,
    JSON.stringify(site),
    routes.map((route) => `${route.path} ${route.file} ${route.indexable}`).join('\n'),
    urlKey(urls),
    publicFiles.map((file) => file.path).join('\n'),
  );
  return store.step('publication', key, () => createPublication(input, Promise.resolve(images.set)));
}

/** A bundle is kept while no file came or went under its folder and the files it was made from keep their versions. */
async function keepBundle<T extends { inputs: string[] }>(
  store: Store,
  files: FileVersions,
  folder: string,
  name: string,
  make: () => Promise<T>,
): Promise<T> {
  const stamp = (inputs: readonly string[]) =>
    `${files.listing(folder)} ${inputs.map((input) => files.file(input)).join(' ')}`;
  const last = store.peek<{ stamp: string; bundle: T }>(name, 'last');
  if (last && last.stamp === stamp(last.bundle.inputs)) return last.bundle;
  const bundle = await make();
  store.keep(name, 'last', { stamp: stamp(bundle.inputs), bundle });
  return bundle;
}

function urlKey(urls: UrlPolicy): string {
  return JSON.stringify({ format: urls.format, base: urls.base, siteUrl: urls.siteUrl });
}

function startClock() {
  const started = performance.now();
  const stages: Record<string, number> = {};
  let mark = started;
  return {
    stage(name: string) {
      const now = performance.now();
      stages[name] = Math.round((now - mark) * 10) / 10;
      mark = now;
    },
    result: () => ({ milliseconds: Math.round(performance.now() - started), stages }),
  };
}

/** Counted when asked: a dev rebuild does not need it. */
function sizeOf(planned: PlannedFile[]): { readonly bytes: number } {
  return {
    get bytes() {
      return planned.reduce((sum, file) => sum + byteLength(file), 0);
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

/** The hosts' limits on _headers (rules, line length): a warning, since smaller hosts have none. */
function checkHostLimits(planned: PlannedFile[]): SiteError[] {
  const headers = planned.find((file) => file.path === HEADERS_FILE)?.contents;
  return typeof headers === 'string' ? checkHeadersFile(headers) : [];
}
