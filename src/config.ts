/** resolveConfig(options) -> ResolvedConfig: the only home of defaults. */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createError, type SiteError } from './errors.ts';
import { readSiteUrl } from './site-url.ts';

export type UrlFormat = 'file' | 'directory';

/** What a person passed on the command line (or a test passed in code). */
export interface Options {
  root?: string;
  out?: string;
  base?: string;
  siteUrl?: string;
  format?: string;
  allowHtml?: boolean;
  /** Publish scripts, scripted pages and other active files from public/ (`--allow-scripts`). */
  allowScripts?: boolean;
  verbose?: boolean;
  /** false: neither read nor write the build cache (`--no-cache`). */
  cache?: boolean;
  /** Worker threads for Markdown besides the main thread (`--threads`). */
  threads?: number | string;
  /** Include news posts marked `draft: true` (`--drafts`; dev always does). */
  drafts?: boolean;
  /** Include news posts dated later than now (`--future`; dev always does). */
  future?: boolean;
  /** The instant drafts and scheduled posts are judged by, as ISO 8601 (default: AGENCY_SITE_NOW, else the clock). */
  now?: string;
}

export interface ResolvedConfig {
  root: string;
  contentDir: string;
  templatesDir: string;
  publicDir: string;
  outDir: string;
  cacheDir: string;
  /** Always starts and ends with '/': --base, else the path of the site URL, else '/'. */
  base: string;
  /** Overrides the site file's `url` when set; no trailing slash. */
  siteUrl?: string;
  format: UrlFormat;
  /** Raw HTML in Markdown is kept instead of being stripped. */
  allowHtml: boolean;
  /** Active files in public/ (scripts, scripted pages, XML, ...) are refused unless the site's build opts in. */
  allowPublicScripts: boolean;
  verbose: boolean;
  /** Reuse and keep what earlier builds made, in cacheDir, by content hash. */
  cache: boolean;
  /** Worker threads for Markdown besides the main thread; 0: none. */
  threads: number;
  /** News posts marked draft are built (with a badge). */
  drafts: boolean;
  /** News posts dated later than `now` are built (with a badge). */
  future: boolean;
  /** The instant a post's date is compared with, ISO 8601: the only clock the build reads. */
  now: string;
  /** No --threads given: `threads` is a most, and a worker starts only on an idle core (src/markdown/batch.ts). */
  threadsAuto?: boolean;
}

export function resolveConfig(options: Options = {}): ResolvedConfig {
  const root = path.resolve(options.root ?? '.');
  const outDir = path.resolve(root, options.out ?? 'dist');
  const format = options.format ?? 'file';
  if (format !== 'file' && format !== 'directory') {
    throw usage(`--format must be "file" or "directory", not "${format}".`);
  }
  const contentDir = path.join(root, 'content');
  const cacheDir = path.join(root, '.cache', 'agency-site');
  const cache = options.cache ?? true;
  const siteUrl = options.siteUrl === undefined ? undefined : resolveSiteUrl(options.siteUrl);
  const config: ResolvedConfig = {
    root,
    contentDir,
    templatesDir: path.join(root, 'templates'),
    publicDir: path.join(root, 'public'),
    outDir,
    cacheDir,
    base: baseFor(options.base, siteUrl ?? readSiteUrl(contentDir, cache ? cacheDir : undefined)),
    siteUrl,
    format,
    allowHtml: options.allowHtml ?? false,
    allowPublicScripts: options.allowScripts ?? false,
    verbose: options.verbose ?? false,
    cache,
    threads: resolveThreads(options.threads),
    drafts: options.drafts ?? false,
    future: options.future ?? false,
    now: resolveNow(options.now ?? process.env.AGENCY_SITE_NOW),
    threadsAuto: options.threads === undefined,
  };
  return config;
}

/** One worker per core besides the main thread, by default. */
function resolveThreads(value: number | string | undefined): number {
  if (value === undefined) return Math.max(0, availableParallelism() - 1);
  const threads = Number(value);
  if (!Number.isInteger(threads) || threads < 0 || threads > 64) {
    throw usage(`--threads must be a whole number from 0 to 64, not "${value}".`);
  }
  return threads;
}

/** Tests and previews set the instant (AGENCY_SITE_NOW=2026-03-01T09:00:00Z) so the same content builds the same site. */
function resolveNow(value: string | undefined): string {
  if (value === undefined || value === '') return new Date().toISOString();
  const time = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value)
    ? Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)
    : Number.NaN;
  if (Number.isNaN(time)) {
    throw usage(
      `The time "${value}" (--now or AGENCY_SITE_NOW) must be a date such as 2026-03-01 or 2026-03-01T09:00:00Z.`,
    );
  }
  return new Date(time).toISOString();
}

/**
 * One rule for where the site lives: a site URL with a path (a GitHub Pages project site,
 * https://user.github.io/repo/) gives the base, and a --base that says otherwise is a mistake.
 * A URL without a path says nothing about it, so any --base goes with it.
 */
function baseFor(option: string | undefined, siteUrl: string | undefined): string {
  const fromUrl = siteUrl === undefined ? '/' : urlPath(siteUrl);
  if (option === undefined) return fromUrl;
  const base = resolveBase(option);
  if (fromUrl !== '/' && fromUrl !== base) throw baseMismatch(base, siteUrl!);
  return base;
}

/** The path of a site URL as a base: '/' or '/repo/'. */
export function urlPath(siteUrl: string): string {
  return resolveBase(new URL(siteUrl).pathname);
}

export function baseMismatch(base: string, siteUrl: string): SiteError {
  return createError('UsageError', { base, siteUrl, sitePath: urlPath(siteUrl) });
}

function resolveBase(base: string): string {
  if (/[?#\\\s]/.test(base) || base.includes('..')) {
    throw usage(`--base "${base}" must be a plain path such as /agency/.`);
  }
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

function resolveSiteUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch (cause) {
    throw usage(`--site-url "${value}" is not an absolute URL.`, cause);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw usage(`--site-url must use http or https, not ${url.protocol}`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function usage(message: string, cause?: unknown): SiteError {
  return createError('UsageError', { text: message }, { cause });
}
