/**
 * One build's run, apart from the pipeline that drives it (build.ts), so that the stage modules
 * (build-sources.ts, build-pages.ts) take it without importing the pipeline back: the options a
 * build is started with, and the Run every stage of it shares.
 */
import type { Problems } from './build-problems.ts';
import type { FileVersions } from './cache/file-versions.ts';
import type { Store } from './cache/store.ts';
import type { ResolvedConfig } from './config.ts';
import type { ImagePipeline } from './images/pipeline.ts';
import type { PreviousPages } from './redirects/moved-pages.ts';
import type { Stages } from './stages.ts';

export interface BuildOptions {
  /** false: run every step and check, but leave the output folder alone (`agency-site check`, dev). */
  write?: boolean;
  /** Where the steps keep their results: dev keeps one between builds. Default: the disk cache, for this build. */
  store?: Store;
  /** The versions of the source files (dev's watcher). Default: every file as it is now. */
  files?: FileVersions;
  /** The pages browsers have open (dev): rendered and shown before the rest of the site. */
  open?: OpenPages;
  /** Warnings fail the build before anything is written (`--strict`, for CI). */
  strict?: boolean;
  /** Make the content advice's summary of each page (`--report`). */
  report?: boolean;
  /** The pages published before (`check --against`'s sitemap). Default: those the last written build kept in the cache. */
  previous?: PreviousPages;
}

/** What every stage of one run shares: the store, the stages it keeps, the image pipeline, the problems. */
export interface Run {
  config: ResolvedConfig;
  options: BuildOptions;
  store: Store;
  stages: Stages;
  pipeline: ImagePipeline;
  stopImages: AbortController;
  problems: Problems;
  /** The store's counts when the run started, for what this run made anew. */
  before: Record<string, number>;
  workers: { count: number };
}

/** dev's open pages: their links, asked once the site is made, and where their new HTML goes. */
export interface OpenPages {
  hrefs(): ReadonlySet<string>;
  show(pages: ReadonlyArray<{ href: string; html: string }>): void;
}
