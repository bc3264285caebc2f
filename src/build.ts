/**
 * buildSite(config): the one pipeline of build, check and dev (sources -> site -> pages -> output -> check
 * -> advice -> write), its stages kept by the store (src/stages.ts). Problems are data (src/build-problems.ts):
 * a stage whose input is broken is skipped, not run into a follow-on error, and a failed build writes nothing.
 */
import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { PageReport } from './advice/page-report.ts';
import { advise, checkLinks, makeSite, planFiles, renderSite, showOpenPages } from './build-pages.ts';
import { createProblems } from './build-problems.ts';
import type { BuildOptions, Run } from './build-run.ts';
import { readSources } from './build-sources.ts';
import { openStore } from './cache/store.ts';
import type { ResolvedConfig } from './config.ts';
import { createError, type SiteError, SiteErrors } from './errors.ts';
import { createImagePipeline } from './images/pipeline.ts';
import { byteLength, type OutputFile } from './output/plan.ts';
import { guardOutDir, recoverOutput } from './output/staging.ts';
import { writeStage } from './page-stages.ts';
import { requireSourceFolders } from './project-paths.ts';
import { checkHeadersFile, HEADERS_FILE } from './publish/headers.ts';
import { createStages } from './stages.ts';
import {
  findGonePages,
  keepPublished,
  publishedStamp,
  readPublished,
  type PreviousPages,
} from './redirects/moved-pages.ts';

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
  /** The files esbuild bundled into the templates and the browser assets (absolute paths). */
  bundled: string[];
}

/**
 * The pipeline. Throws SiteErrors with every problem found (errors and warnings together) when
 * any is an error, or any at all under `strict`; the previous output is then left as it was.
 */
export async function buildSite(config: ResolvedConfig, options: BuildOptions = {}): Promise<BuildResult> {
  const write = options.write ?? true;
  const clock = startClock();
  await prepareProject(config, write);
  const run = await startRun(config, options);
  try {
    const sources = await readSources(run);
    clock.stage('load');
    const site = await makeSite(run, sources);
    clock.stage('images');
    if (site && options.open && !run.problems.failed()) await showOpenPages(sources, site, options.open);
    const pages = site && renderSite(run, sources, site);
    clock.stage('render');
    const output = planFiles(run, sources, site, pages);
    // Without the list of pages (a folder of them unreadable), every link to one would be reported.
    if (site && pages && !sources.entries.pagesUnknown) checkLinks(run, sources, site, pages, output);
    clock.stage('check');
    const advice = site && pages ? await advise(run, sources, site, pages, output) : undefined;
    run.problems.add('warnings', [
      ...(sources.content?.loaded.warnings ?? []),
      ...checkHostLimits(site?.publication.files ?? []),
    ]);
    run.problems.add('warnings', advice?.warnings);
    // Pages the last build published that are gone: only when every page could be made, or a page
    // left out for an error would be reported gone as well.
    const previous = options.previous ?? (config.cache ? await publishedBefore(run) : undefined);
    const gone = site && previous && !run.problems.failed() ? findGonePages(previous, site.routes) : undefined;
    run.problems.add('warnings', gone?.warnings);
    clock.stage('advice');
    if (run.problems.failed(options.strict)) throw new SiteErrors(run.problems.list());
    if (!site || !pages || !advice) throw new Error('buildSite: a stage made nothing and reported no problem');
    // Written first: what it links is recorded in the store for the next build.
    if (write) await writeStage(run.store, config.outDir, output.planned);
    await run.store.save();
    // What this build published, for the next build's moved-page guard.
    if (write && config.cache) await keepPublished(config.cacheDir, site.routes, previous, gone?.served);
    // A store that outlives the build (dev's) drops what this build did not use; a build's own ends with it.
    if (options.store) run.store.sweep();
    clock.stage(write ? 'write' : 'skip-write');
    let bytes: number | undefined;
    return {
      ...clock.result(),
      pages: pages.pages.length,
      files: output.planned.length,
      // Counted when first asked, not spread (a spread would read it): a dev rebuild does not need it.
      get bytes() {
        bytes ??= output.planned.reduce((sum, file) => sum + byteLength(file), 0);
        return bytes;
      },
      images: { ...site.publication.work },
      computed: { ...computedBy(run), advice: advice.computed },
      workers: run.workers.count,
      outDir: config.outDir,
      written: write,
      warnings: run.problems.list(),
      output: output.planned,
      report: advice.report,
      bundled: [...(sources.templates?.inputs ?? []), ...(sources.assets?.inputs ?? [])],
    };
  } catch (error) {
    // A build that fails stops its images: the encoder process is killed, and no image is made or
    // stored after this returns.
    run.stopImages.abort();
    throw error;
  } finally {
    run.pipeline.close();
  }
}

/** The pages the last written build published, read again when its file's stamp moved (dev asks after every save). */
async function publishedBefore(run: Run): Promise<PreviousPages | undefined> {
  const record = publishedStamp(run.config.cacheDir);
  return record && (await run.store.step('published-pages', record.stamp, () => readPublished(record.file)));
}

/** A --root that leads nowhere, a source folder that leads out, an unsafe --out: nothing can be built. */
async function prepareProject(config: ResolvedConfig, write: boolean): Promise<void> {
  await requireProjectFolder(config.root);
  requireSourceFolders(config);
  if (write) {
    await recoverOutput(config.outDir);
    await guardOutDir(config);
  }
}

async function startRun(config: ResolvedConfig, options: BuildOptions): Promise<Run> {
  const store = options.store ?? (await openStore(config));
  const stopImages = new AbortController();
  // One pipeline for the images of the site and of Markdown bodies.
  const pipeline = createImagePipeline(config.cache ? config.cacheDir : undefined, stopImages.signal, {
    drawsHere: !options.store,
  });
  const workers = { count: 0 };
  const onWorkers = (count: number) => (workers.count = count);
  const stages = createStages({ config, store, files: options.files, pipeline, onWorkers });
  return {
    config,
    options,
    store,
    stages,
    pipeline,
    stopImages,
    problems: createProblems(),
    before: store.computed(),
    workers,
  };
}

function computedBy(run: Run): { markdown: number; pages: number } {
  const counted = run.store.computed();
  return {
    markdown: (counted.markdown ?? 0) - (run.before.markdown ?? 0),
    pages: (counted.page ?? 0) - (run.before.page ?? 0),
  };
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

/**
 * The hosts' limits on _headers (rules, line length): a warning, since smaller hosts have none.
 * The publication's few files are searched, not the output's thousands.
 */
function checkHostLimits(published: readonly OutputFile[]): SiteError[] {
  const headers = published.find((file) => file.path === HEADERS_FILE)?.contents;
  return typeof headers === 'string' ? checkHeadersFile(headers) : [];
}
