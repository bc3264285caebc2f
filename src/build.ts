/**
 * buildSite(config): the one pipeline, the same for build, check and dev: read and check every
 * content kind -> Markdown bodies and the site's images -> routes -> publication -> pages ->
 * check -> advice -> write. Each stage is kept by the store where src/stages.ts and
 * src/page-stages.ts wrap it: a single build opens the store on the disk cache, `dev` passes one it
 * keeps, with the versions of the files its watcher saw change. `check` does not write.
 */
import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { PageReport } from './advice/page-report.ts';
import { unchangedFiles, type FileVersions } from './cache/file-versions.ts';
import { openStore, type Store } from './cache/store.ts';
import type { ResolvedConfig } from './config.ts';
import { createError, type SiteError, SiteErrors, toSiteErrors } from './errors.ts';
import { byteLength, planOutput, type OutputFile } from './output/plan.ts';
import { guardOutDir, recoverOutput, writeOutput } from './output/staging.ts';
import { checkHeadersFile, HEADERS_FILE, integrityOf } from './publish/headers.ts';
import { requireSourceFolders } from './project-paths.ts';
import { createImagePipeline } from './images/pipeline.ts';
import { placeSiteImages } from './images/place.ts';
import { assetContents } from './render/assets.ts';
import { createPictureRenderer } from './render/page.tsx';
import { createRoutes, createUrlPolicy, type Route } from './site/routes.ts';
import { bodiesShownOn } from './advice/advice-input.ts';
import { adviceStage, checkStage, pageScans, renderPagesStage } from './page-stages.ts';
import { createStages } from './stages.ts';
import { imageContentOf } from './content/load.ts';
import { createAdminFiles } from './admin/files.ts';
import { KINDS } from './content/kinds.ts';

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
  output: OutputFile[];
  /** With `report`: the content advice's summary of each page. */
  report?: PageReport[];
}

export async function buildSite(config: ResolvedConfig, options: BuildOptions = {}): Promise<BuildResult> {
  const write = options.write ?? true;
  const clock = startClock();
  await requireProjectFolder(config.root);
  requireSourceFolders(config);
  if (write) {
    await recoverOutput(config.outDir);
    await guardOutDir(config);
  }
  const store = options.store ?? (await openStore(config));
  const before = store.computed();
  const stopImages = new AbortController();
  // One pipeline for the images of the site and of Markdown bodies.
  const pipeline = createImagePipeline(config.cache ? config.cacheDir : undefined, stopImages.signal);
  let workers = 0;
  const onWorkers = (count: number) => (workers = count);
  const stages = createStages({ config, store, files: options.files ?? unchangedFiles, pipeline, onWorkers });
  try {
    const publicFiles = await stages.publicFiles();
    const kinds = stages.kinds();
    // The CMS's preview script, made while the content loads (kept while the templates stay the same).
    const adminPreview = stages.adminPreview();
    adminPreview.catch(() => undefined);
    // Started once the content is read and valid: made while the Markdown renders.
    const images = kinds.then((read) => stages.siteImages(read, (url) => createUrlPolicy(config, url), publicFiles));
    // Awaited after the load; a load that fails first must not leave it unhandled.
    images.catch(() => undefined);
    const [{ loaded, bodies }, templates, assets] = await settleAll([
      kinds.then((read) => {
        if (read.errors.length > 0) throw new SiteErrors(read.errors);
        const { settings } = imageContentOf(read)!;
        return stages.content(read, createUrlPolicy(config, settings.url));
      }),
      stages.templates(),
      stages.assets(),
    ]);
    const urls = createUrlPolicy(config, loaded.site.settings.url);
    const markdownImages = await stages.markdownImages(loaded.markdownImages, urls);
    const { site, pages: contentPages } = placeSiteImages(
      loaded,
      markdownImages.pictures,
      urls,
      createPictureRenderer(templates),
    );
    const routes = createRoutes(site, urls, contentPages);
    clock.stage('load');
    const siteImages = await images;
    // The load succeeded, so the image content was valid and its images were started.
    if (!siteImages) throw new Error('buildSite: the site loaded but its images were never started');
    // The one script the pages load, named by the Content-Security-Policy and by its integrity attribute.
    const script = { url: urls.absoluteAsset(assets.js), integrity: integrityOf(assetContents(assets, assets.js)) };
    const publication = await stages.publication(
      { config, site, routes, urls, publicFiles, scripts: [script] },
      siteImages,
    );
    // Every image of this build is made: what the cache holds besides is from content that is gone.
    if (stages.madeEveryImage()) pipeline.prune();
    pipeline.close();
    clock.stage('images');
    const links = { css: urls.asset(assets.css), js: urls.asset(assets.js), jsIntegrity: script.integrity };
    const { pages, keys } = renderPagesStage(store, {
      ...{ templates, site, routes, urls, assets: links, images: publication.images, publication },
      kinds: await kinds,
      bodies,
      unplaced: loaded.pages,
    });
    clock.stage('render');
    const imageFiles = new Set(publication.files.map((file) => file.path));
    // A Markdown image that is also a portfolio image has the same files.
    const bodyImageFiles = markdownImages.files.filter((file) => !imageFiles.has(file.path));
    const planned = planOutput(
      pages.map((page) => ({ path: page.route.file, contents: page.html })),
      assets.files,
      publicFiles,
      publication.files,
      bodyImageFiles,
      createAdminFiles({
        ...{ kinds: KINDS, settings: site.settings, stats: site.stats, base: urls.base },
        ...{ stylesheet: urls.asset(assets.css), preview: await adminPreview },
      }),
    );
    const outputFiles = new Set(planned.map((file) => file.path));
    const bodiesOf = (page: { route: Route }) => bodiesShownOn(page.route, site);
    // Each page is read once, for the check and the advice both.
    const scanOf = pageScans(store, keys);
    const problems = checkStage(
      store,
      { pages, files: outputFiles, urls, sources: loaded.sources, bodiesOf },
      keys,
      scanOf,
    );
    if (problems.length > 0) throw new SiteErrors(problems);
    clock.stage('check');
    const advice = await adviceStage(
      store,
      {
        ...{ loaded, pages, publicFiles, publicKey: stages.publicKey, output: planned, base: urls.base },
        report: options.report ?? false,
        scanOf,
      },
      keys,
    );
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
      images: { ...publication.work },
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
function sizeOf(planned: OutputFile[]): { readonly bytes: number } {
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
    throw createError('UsageError', { root });
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
function checkHostLimits(planned: OutputFile[]): SiteError[] {
  const headers = planned.find((file) => file.path === HEADERS_FILE)?.contents;
  return typeof headers === 'string' ? checkHeadersFile(headers) : [];
}
