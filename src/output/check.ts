/**
 * checkSite: every internal link, #anchor and referenced file of the output must resolve, and canonical
 * URLs must follow the URL policy. It checks the output in memory, so `build` checks exactly what it writes.
 */
import { createCodeFrame, createError, type SiteError } from '../errors.ts';
import type { SourceFile } from '../content/source.ts';
import { entryFile, requestPaths, type Route, type UrlPolicy } from '../site/routes.ts';
import { scanHtml, type PageScan } from './scan-html.ts';
import { parseScan, stringifyScan } from './scan-json.ts';
import { editDistance } from '../suggest.ts';

export interface RenderedPage {
  readonly route: Route;
  /** The page as the build writes it: UTF-8 bytes (or the text itself). */
  readonly html: Uint8Array | string;
  /** The bytes of `html`, where they are known without reading it (a page the disk cache kept is read only when asked for). */
  readonly size?: number;
}

/**
 * What the check may take from an earlier check of the same page (src/page-stages.ts keeps it by the
 * page's inputs): its scan, and whether it passed while the pages its anchors point into are the same.
 */
export interface CheckMemo {
  scan(page: RenderedPage, read: () => PageScan): PageScan;
  /** `index`: the page's position among the pages checked. */
  passed(page: RenderedPage, index: number): boolean;
  /** The page at `index` passed; `anchored`: the output files its anchors point into. */
  keep(page: RenderedPage, anchored: ReadonlySet<string>, index: number): void;
}

export interface SiteCheckInput {
  pages: RenderedPage[];
  /** Every file the output will hold (pages, assets, public/), relative paths. */
  files: ReadonlySet<string>;
  urls: UrlPolicy;
  /** Content files, to point a broken link back at the line that wrote it. */
  sources: Array<Pick<SourceFile, 'file' | 'text'>>;
  memo?: CheckMemo;
  /** The content files whose HTML a page shows, to name where a duplicate id came from. */
  bodiesOf?: (page: RenderedPage) => Array<{ file: string; html: string }>;
  /** Output files made without an entry that has problems of its own: anchors into them are not checked. */
  partial?: ReadonlySet<string>;
  /** How links resolved, kept by the caller while `files` and `urls` are the same (dev); else made anew. */
  links?: ResolvedLinks;
}

/**
 * How links resolved, valid while the output's files and the URL policy are the same: thousands of pages
 * share their header and footer links, and a dev save checks again pages whose links resolved last time.
 */
export interface ResolvedLinks {
  urls: Map<string, Resolved>;
  files: Map<string, string | undefined>;
}

export function createResolvedLinks(): ResolvedLinks {
  return { urls: new Map(), files: new Map() };
}

/** What is wrong with one link, the same on every page that has it: the facts of its catalogue entry. */
type LinkDetail =
  | { code: 'BrokenLink'; value: string; path: string; nearest: string[]; total: number }
  | { code: 'MissingAsset'; value: string; path: string }
  | { code: 'BrokenAnchor'; value: string; target: string; id: string; ids: string[] };

interface Problem {
  detail: LinkDetail;
  pages: string[];
  origin: { file: string; line?: number; column?: number; frame?: string };
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const ORIGIN = 'http://site.invalid';

export function checkSite(input: SiteCheckInput): SiteError[] {
  const { pages, files, urls, sources, memo = READ_ALWAYS, bodiesOf = () => [], partial = new Set() } = input;
  const links = input.links ?? createResolvedLinks();
  const context = { ...createCheckContext(pages, files, urls, sources, memo, links), partial };
  const errors: SiteError[] = [];
  for (let index = 0; index < pages.length; index++) {
    const page = pages[index]!;
    if (memo.passed(page, index)) continue;
    const scan = context.scanOf(page.route.file, page)!;
    const before = errors.length + context.problems.size;
    const anchored = checkReferences(page, scan, context);
    const canonical = checkCanonical(page, scan, urls);
    if (canonical) errors.push(canonical);
    for (const id of scan.duplicateIds) errors.push(duplicateId(page, id, bodiesOf(page)));
    const problemsNow = errors.length + context.problems.size;
    // A page whose link joined a problem of another page adds no new problem: count its pages too.
    const joined = [...context.problems.values()].some((problem) => problem.pages.includes(page.route.path));
    // An anchor into a partial page was not checked: the page has not passed.
    const unchecked = partial.size > 0 && [...anchored].some((file) => partial.has(file));
    if (problemsNow === before && !joined && !unchecked) memo.keep(page, anchored, index);
  }
  return [...errors, ...[...context.problems.values()].map(formatProblem)];
}

type CheckContext = ReturnType<typeof createCheckContext>;

/** What the check of every page shares: the pages by file, their scans, resolved links, and the problems so far. */
function createCheckContext(
  pages: RenderedPage[],
  files: ReadonlySet<string>,
  urls: UrlPolicy,
  sources: SiteCheckInput['sources'],
  memo: CheckMemo,
  links: ResolvedLinks,
) {
  // Made when a page's anchor first points into another: a save that checks one page of thousands
  // again (the others pass as they did) often needs no other.
  let positions: Map<string, number> | undefined;
  const pageOf = (file: string) => {
    positions ??= new Map(pages.map((page, at) => [page.route.file, at]));
    const at = positions.get(file);
    return at === undefined ? undefined : pages[at];
  };
  // Read when asked: a page that passes again needs neither its own scan nor its targets'.
  const scans = new Map<string, PageScan>();
  const scanOf = (file: string, page = pageOf(file)): PageScan | undefined => {
    if (!page) return undefined;
    let scan = scans.get(file);
    if (!scan) scans.set(file, (scan = memo.scan(page, () => readPage(page))));
    return scan;
  };
  // The same link resolves the same way on every page that has it (site paths start with "/"),
  // and a path to the same output file (see ResolvedLinks).
  const { urls: resolved, files: fileOf } = links;
  const resolveCached = (pathname: string) => {
    if (!fileOf.has(pathname)) fileOf.set(pathname, resolveFile(pathname, urls, files));
    return fileOf.get(pathname);
  };
  // One wrong link in the site file shows on every page: it is one problem, naming every page.
  const problems = new Map<string, Problem>();
  const add = (page: RenderedPage, detail: LinkDetail) => {
    const { code, value } = detail;
    const origin: Problem['origin'] = findInSources(sourcesFirst(sources, page.route), linkSpellings(value, urls)) ?? {
      file: page.route.file,
    };
    // Where no content file wrote the link, a template did: one problem for all pages that show it.
    const key = `${code}\0${value}\0${origin.line === undefined ? '' : `${origin.file}:${origin.line}:${origin.column}`}`;
    const known = problems.get(key);
    if (known && !known.pages.includes(page.route.path)) known.pages.push(page.route.path);
    if (known) return;
    problems.set(key, { detail, pages: [page.route.path], origin });
  };
  // Found once per missing path: a template's broken link shows on every page.
  const nearestPages = new Map<string, { nearest: string[]; total: number }>();
  const pagesNear = (pathname: string) => {
    let near = nearestPages.get(pathname);
    if (near === undefined) {
      const paths = pages.map((other) => other.route.path).filter((path) => path !== '/404');
      near = { nearest: nearest(pathname, paths, urls), total: paths.length };
      nearestPages.set(pathname, near);
    }
    return near;
  };
  return { urls, pageOf, scanOf, resolved, resolveCached, problems, add, pagesNear };
}

/** Every link and asset of one page, reported into the context; returns the pages its anchors point into. */
function checkReferences(
  page: RenderedPage,
  scan: PageScan,
  context: CheckContext & { partial: ReadonlySet<string> },
): Set<string> {
  const { urls, pageOf, scanOf, resolved, resolveCached, add, pagesNear, partial } = context;
  const anchored = new Set<string>();
  const pageUrl = new URL(urls.href(page.route.path), ORIGIN);
  const pagePath = pageUrl.pathname;
  for (const reference of scan.references) {
    if (EXTERNAL.test(reference.value)) continue;
    const key = reference.value.startsWith('/') ? reference.value : `${pagePath}\0${reference.value}`;
    let url = resolved.get(key);
    if (!url) resolved.set(key, (url = resolve(reference.value, pageUrl)));
    const samePage = url.pathname === pagePath && url.fragmentOnly;
    const target = samePage ? page.route.file : resolveCached(url.pathname);
    if (target === undefined) {
      const asset = reference.attribute !== 'href' || /\.[a-z0-9]+$/i.test(url.pathname);
      const { value } = reference;
      const path = url.pathname;
      add(
        page,
        asset ? { code: 'MissingAsset', value, path } : { code: 'BrokenLink', value, path, ...pagesNear(path) },
      );
      continue;
    }
    const { fragment } = url;
    if (fragment) anchored.add(target);
    const targetIds = fragment && !partial.has(target) ? scanOf(target)?.ids : undefined;
    if (fragment && targetIds && !targetIds.includes(fragment)) {
      const targetPath = pageOf(target)?.route.path ?? target;
      const ids = [...targetIds];
      add(page, { code: 'BrokenAnchor', value: reference.value, target: targetPath, id: fragment, ids });
    }
  }
  return anchored;
}

/** A link as the check reads it, the same on every page that resolves it the same way. */
export interface Resolved {
  pathname: string;
  /** The #fragment, decoded; '' for none. */
  fragment: string;
  /** Written as a #fragment alone (or empty): on its own page. */
  fragmentOnly: boolean;
}

function resolve(value: string, pageUrl: URL): Resolved {
  const url = new URL(value, pageUrl);
  return { pathname: url.pathname, fragment: decodeFragment(url.hash), fragmentOnly: !value.replace(/#.*/, '') };
}

/** An indexable page must declare the canonical URL the URL policy gives it. */
function checkCanonical(page: RenderedPage, scan: PageScan, urls: UrlPolicy): SiteError | undefined {
  const expected = urls.absolute(page.route.path);
  if (!page.route.indexable || scan.canonical === expected) return undefined;
  const facts = { path: page.route.path, canonical: scan.canonical, expected };
  return createError('CanonicalMismatch', facts, { file: page.route.file });
}

/** Two elements of one page with the same id: an anchor to it finds the first only. */
function duplicateId(page: RenderedPage, id: string, bodies: Array<{ file: string; html: string }>): SiteError {
  const written = `id="${id}"`;
  const found: string[] = [];
  for (const body of bodies) {
    for (let at = body.html.indexOf(written); at !== -1; at = body.html.indexOf(written, at + 1)) found.push(body.file);
  }
  while (found.length < 2) found.push('the templates');
  const [first, second] = found as [string, string];
  const content = found.find((source) => source !== 'the templates');
  const facts = { path: page.route.path, id, first, second, content };
  return createError('DuplicateId', facts, { file: content ?? page.route.file });
}

function formatProblem({ detail, pages, origin }: Problem): SiteError {
  switch (detail.code) {
    case 'BrokenLink':
      return createError('BrokenLink', { ...detail, pages }, origin);
    case 'MissingAsset':
      return createError('MissingAsset', { ...detail, pages }, origin);
    case 'BrokenAnchor':
      return createError('BrokenAnchor', { ...detail, pages }, origin);
  }
}

/** Every page read and checked. */
const READ_ALWAYS: CheckMemo = { scan: (_, read) => read(), passed: () => false, keep: () => undefined };

/**
 * What a page's HTML holds (src/output/scan-html.ts), read from its text. The content advice reads
 * the same scan (src/page-stages.ts hands it to both), so each page is read once.
 */
export function readPage(page: Pick<RenderedPage, 'html'>): PageScan {
  return parseScan(readPageJson(page));
}

/**
 * A page's scan as JSON (src/output/scan-json.ts), the form the build keeps it in. The scan decoded from
 * it holds copies, not slices that would keep the whole page's text alive.
 */
export function readPageJson(page: Pick<RenderedPage, 'html'>): string {
  const text =
    typeof page.html === 'string'
      ? page.html
      : Buffer.from(page.html.buffer, page.html.byteOffset, page.html.byteLength).toString('utf8');
  return stringifyScan(scanHtml(text));
}

/** Pages named in a broken link's hint at most: a site of thousands would list them all. */
const HINTED_PAGES = 12;

/** The page paths most like the missing one (all of them when there are few), closest first. */
function nearest(missing: string, paths: string[], urls: UrlPolicy): string[] {
  if (paths.length <= HINTED_PAGES) return paths;
  const distance = new Map(paths.map((path) => [path, editDistance(missing, urls.href(path))]));
  return [...paths]
    .sort((a, b) => distance.get(a)! - distance.get(b)! || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, HINTED_PAGES);
}

/** Output file served for a URL path, the way a static host serves it; undefined if none. */
export function resolveFile(pathname: string, urls: UrlPolicy, files: ReadonlySet<string>): string | undefined {
  return requestPaths(urls.base, pathname)?.find((candidate) => files.has(candidate));
}

function decodeFragment(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/** The ways a content file may have written a link that the page shows as `value`. */
function linkSpellings(value: string, urls: UrlPolicy): string[] {
  const written = value.startsWith(urls.base) ? `/${value.slice(urls.base.length)}` : value;
  return [...new Set([value, written, written.replace(/\/(#|$)/, '$1')])];
}

/** The page's own Markdown file first: a link found there is the one the page shows. */
function sourcesFirst(sources: SiteCheckInput['sources'], route: Route): SiteCheckInput['sources'] {
  if (route.page.kind !== 'entry') return sources;
  const own = entryFile(route.page);
  return [...sources.filter((source) => source.file === own), ...sources.filter((source) => source.file !== own)];
}

function findInSources(sources: SiteCheckInput['sources'], needles: string[]) {
  for (const source of sources) {
    for (const needle of needles) {
      const patterns = [`](${needle}`, `]: ${needle}`, `: ${needle}`, `: "${needle}"`, `: '${needle}'`, `<${needle}>`];
      for (const pattern of patterns) {
        const index = findWhole(source.text, pattern);
        if (index === -1) continue;
        const offset = index + pattern.indexOf(needle);
        const before = source.text.slice(0, offset);
        const line = before.split('\n').length;
        const column = offset - before.lastIndexOf('\n');
        return { file: source.file, line, column, frame: createCodeFrame(source.text, line, column) };
      }
    }
  }
  return undefined;
}

/** indexOf, skipping matches that continue with more of a path ("/term" must not match "/terms"). */
function findWhole(text: string, pattern: string): number {
  for (let index = text.indexOf(pattern); index !== -1; index = text.indexOf(pattern, index + 1)) {
    const next = text[index + pattern.length];
    if (next === undefined || !/[\w\-./#]/.test(next)) return index;
  }
  return -1;
}
