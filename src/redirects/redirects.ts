/**
 * content/redirects.yaml -> checked redirects: their routes (a small page at each old path, for
 * hosts without redirects, such as GitHub Pages) and the `_redirects` file Netlify and Cloudflare
 * Pages read. Every problem points at the line of its entry. Pure: no I/O.
 */
import { createError, type SiteError, SiteErrors } from '../errors.ts';
import type { RedirectEntry } from '../content/schema.ts';
import type { LoadedKinds } from '../content/load.ts';
import type { Parsed } from '../content/parse.ts';
import { locateField } from '../content/validate.ts';
import type { OutputFile } from '../output/plan.ts';
import type { Redirect, Route, UrlPolicy } from '../site/routes.ts';

export const REDIRECTS_FILE = '_redirects';

export interface RedirectsInput {
  /** content/redirects.yaml as loaded: its entries and where they stand; none when the file is absent. */
  file?: { data: RedirectEntry[]; parsed: Parsed };
  /** The routes of the site's pages: what a redirect may lead to and must not start at. */
  routes: readonly Route[];
  /** Files of public/ (output paths): what a redirect may lead to besides pages. */
  publicFiles: ReadonlyArray<{ path: string }>;
  urls: UrlPolicy;
}

export interface SiteRedirects {
  redirects: Redirect[];
  /** One route per redirect: the page at its old path (not indexable, listed nowhere). */
  routes: Route[];
  /** `_redirects`, when there is any redirect. */
  files: OutputFile[];
}

/** content/redirects.yaml as loaded and valid, or undefined when the file is absent. */
export function redirectsOf(kinds: LoadedKinds): RedirectsInput['file'] {
  const [file] = kinds.files.redirects;
  return file?.entry && file.parsed ? { data: file.entry.data as RedirectEntry[], parsed: file.parsed } : undefined;
}

/** Files the build writes besides pages and public/: a redirect may lead to them. */
const BUILT_TARGETS = new Set(['sitemap.xml', 'robots.txt']);

/** Throws every problem of the file together (SiteErrors). */
export function resolveRedirects({ file, routes, publicFiles, urls }: RedirectsInput): SiteRedirects {
  const entries = file?.data ?? [];
  if (!file || entries.length === 0) return { redirects: [], routes: [], files: [] };
  const at = (index: number, field: 'from' | 'to') => locateField(file.parsed, [index, field]);
  const pages = new Map<string, string>();
  const files = new Set<string>();
  for (const route of routes) {
    pages.set(pageKey(route.path), route.path);
    files.add(route.file);
  }
  for (const public_ of publicFiles) files.add(public_.path);
  const sources = new Map<string, number>();
  const errors: SiteError[] = [];
  entries.forEach((entry, index) => {
    const key = pageKey(entry.from);
    const page = pages.get(key) ?? (files.has(pageFile(entry.from, urls)) ? entry.from : undefined);
    if (page !== undefined) {
      errors.push(createError('RedirectInvalid', { problem: 'live page', from: entry.from, page }, at(index, 'from')));
    }
    const first = sources.get(key);
    if (first !== undefined) {
      const line = at(first, 'from').line ?? 1;
      errors.push(createError('RedirectInvalid', { problem: 'duplicate', from: entry.from, line }, at(index, 'from')));
    } else if (page === undefined) sources.set(key, index);
  });
  entries.forEach((entry, index) => {
    const problem = checkTarget(entry, entries, sources, { pages, files });
    if (problem) errors.push(createError('RedirectInvalid', problem, at(index, 'to')));
  });
  if (errors.length > 0) throw new SiteErrors(errors);
  const redirects = entries.map((entry) => resolveRedirect(entry, urls));
  return {
    redirects,
    routes: redirects.map((redirect) => ({
      path: redirect.from,
      file: pageFile(redirect.from, urls),
      indexable: false,
      page: { kind: 'redirect', redirect },
    })),
    files: [{ path: REDIRECTS_FILE, contents: Buffer.from(renderRedirectsFile(redirects, urls)) }],
  };
}

type TargetProblem = Parameters<typeof createError<'RedirectInvalid'>>[1];

/** What is wrong with where an entry leads, if anything: nowhere, or to another redirect. */
function checkTarget(
  entry: RedirectEntry,
  entries: readonly RedirectEntry[],
  sources: ReadonlyMap<string, number>,
  site: { pages: ReadonlyMap<string, string>; files: ReadonlySet<string> },
): TargetProblem | undefined {
  if (isAbsoluteUrl(entry.to)) return undefined;
  const path = entry.to.split('#')[0]!;
  const key = pageKey(path);
  if (sources.has(key)) return followChain(entry, entries, sources);
  const file = path.slice(1);
  if (site.pages.has(key) && key !== '/404') return undefined;
  if (site.files.has(file) || BUILT_TARGETS.has(file)) return undefined;
  return { problem: 'no target', to: entry.to, path };
}

/** A redirect to a redirect: a loop when it comes back to where it started, else a chain. */
function followChain(
  entry: RedirectEntry,
  entries: readonly RedirectEntry[],
  sources: ReadonlyMap<string, number>,
): TargetProblem {
  const hopOf = (redirect: RedirectEntry) => sources.get(pageKey(redirect.to.split('#')[0]!));
  const start = pageKey(entry.from);
  const cycle = [entry.from];
  const seen = new Set([start]);
  let current = entry;
  for (let next = hopOf(current); next !== undefined; next = hopOf(current)) {
    const hop = entries[next]!;
    cycle.push(hop.from);
    if (pageKey(hop.from) === start) return { problem: 'loop', from: entry.from, cycle };
    // A chain that runs into a loop further on: that loop is reported at its own lines.
    if (seen.has(pageKey(hop.from))) break;
    seen.add(pageKey(hop.from));
    current = hop;
  }
  return { problem: 'chain', to: entry.to, next: entries[hopOf(entry)!]!.to, end: current.to };
}

function resolveRedirect(entry: RedirectEntry, urls: UrlPolicy): Redirect {
  const status = entry.status ?? 301;
  if (isAbsoluteUrl(entry.to)) return { from: entry.from, to: entry.to, status, href: entry.to, absolute: entry.to };
  const path = entry.to.split('#')[0]!;
  // A file of public/ keeps its name; a page gets the URL format's shape.
  const isFile = /\.[a-z0-9]+$/i.test(path) && !/\.html?$/i.test(path);
  const href = isFile ? urls.asset(entry.to) : urls.href(toPagePath(entry.to));
  // The canonical URL names the page; a fragment is a place on it.
  const absolute = `${new URL(urls.siteUrl).origin}${href.split('#')[0]}`;
  return { from: entry.from, to: entry.to, status, href, absolute };
}

/**
 * `_redirects` in the syntax Netlify and Cloudflare Pages share: `from to status`, old paths with the base.
 * Cloudflare applies a rule even where a file exists; Netlify serves the file (the page at the old path, which
 * sends the visitor on) unless the rule is forced with `!`, which Cloudflare does not read, so none is forced.
 */
export function renderRedirectsFile(redirects: readonly Redirect[], urls: Pick<UrlPolicy, 'base'>): string {
  const lines = redirects.map(
    (redirect) => `${urls.base}${redirect.from.slice(1)} ${redirect.href} ${redirect.status}`,
  );
  return `# Made by agency-site from content/redirects.yaml: old path, new address, status.\n${lines.join('\n')}\n`;
}

/** The output file of the page at an old path: as written for .html, else by the URL format. */
export function pageFile(from: string, urls: Pick<UrlPolicy, 'file'>): string {
  if (/\.html?$/i.test(from)) return from.slice(1);
  return urls.file(from.replace(/\/+$/, '') || '/');
}

/**
 * One key per page, whichever shape a link gives its path: /terms, /terms/, /terms.html and
 * /terms/index.html are the same page to a static host.
 */
export function pageKey(path: string): string {
  // The usual shape (/terms) is its own key: no pattern to try, for each of thousands of pages.
  if (!path.includes('.') && !path.endsWith('/')) return path === '' ? '/' : path;
  const key = path
    .replace(/\/index\.html?$/i, '/')
    .replace(/\.html?$/i, '')
    .replace(/\/+$/, '');
  return key === '' ? '/' : key;
}

/** A site path as the URL policy takes it: /terms.html -> /terms, fragment kept. */
function toPagePath(target: string): string {
  const hash = target.indexOf('#');
  const path = hash === -1 ? target : target.slice(0, hash);
  return `${pageKey(path)}${hash === -1 ? '' : target.slice(hash)}`;
}

function isAbsoluteUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}
