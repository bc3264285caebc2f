/**
 * checkSite: after rendering, every internal link, #anchor and referenced file of the output
 * must resolve, and canonical URLs must follow the URL policy. Works on the output in memory,
 * so `build` checks exactly what it is about to write and `check` writes nothing.
 */
import { createCodeFrame, SiteError, type SiteErrorCode } from '../errors.ts';
import type { SourceFile as ContentSource } from '../content/load.ts';

/** A content file as the check reads it: its path and text. */
type SourceFile = Pick<ContentSource, 'file' | 'text'>;
import { requestPaths, type Route, type UrlPolicy } from '../site/routes.ts';
import { scanHtml, type HtmlScan } from './scan-html.ts';
import { editDistance } from '../suggest.ts';

export interface RenderedPage {
  route: Route;
  /** The page as the build writes it: UTF-8 bytes (or the text itself). */
  html: Uint8Array | string;
}

/**
 * What the check may take from an earlier check of the same page (src/stages.ts keeps it by the
 * page's inputs): its scan, and whether it passed while the pages its anchors point into are the same.
 */
export interface CheckMemo {
  scan(page: RenderedPage, read: () => PageScan): PageScan;
  passed(page: RenderedPage): boolean;
  /** The page passed; `anchored`: the output files its anchors point into. */
  keep(page: RenderedPage, anchored: ReadonlySet<string>): void;
}

export interface SiteCheckInput {
  pages: RenderedPage[];
  /** Every file the output will hold (pages, assets, public/), relative paths. */
  files: ReadonlySet<string>;
  urls: UrlPolicy;
  /** Content files, to point a broken link back at the line that wrote it. */
  sources: SourceFile[];
  memo?: CheckMemo;
  /** The content files whose HTML a page shows, to name where a duplicate id came from. */
  bodiesOf?: (page: RenderedPage) => Array<{ file: string; html: string }>;
}

type LinkCode = Extract<SiteErrorCode, 'BrokenLink' | 'BrokenAnchor' | 'MissingAsset'>;

interface Problem {
  code: LinkCode;
  value: string;
  /** What is wrong with the link, after "links to "value"". */
  problem: string;
  hint: string;
  pages: string[];
  origin: { file: string; line?: number; column?: number; frame?: string };
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const ORIGIN = 'http://site.invalid';

export interface PageScan {
  ids: Set<string>;
  duplicateIds: string[];
  references: Array<{ attribute: string; value: string }>;
  canonical: string | undefined;
}

export function checkSite(input: SiteCheckInput): SiteError[] {
  const { pages, files, urls, sources, memo = READ_ALWAYS, bodiesOf = () => [] } = input;
  const context = createCheckContext(pages, files, urls, sources, memo);
  const errors: SiteError[] = [];
  for (const page of pages) {
    if (memo.passed(page)) continue;
    const scan = context.scanOf(page.route.file)!;
    const before = errors.length + context.problems.size;
    const anchored = checkReferences(page, scan, context);
    const canonical = checkCanonical(page, scan, urls);
    if (canonical) errors.push(canonical);
    for (const id of scan.duplicateIds) errors.push(duplicateId(page, id, bodiesOf(page)));
    const problemsNow = errors.length + context.problems.size;
    // A page whose link joined a problem of another page adds no new problem: count its pages too.
    const joined = [...context.problems.values()].some((problem) => problem.pages.includes(page.route.path));
    if (problemsNow === before && !joined) memo.keep(page, anchored);
  }
  return [...errors, ...[...context.problems.values()].map(formatProblem)];
}

type CheckContext = ReturnType<typeof createCheckContext>;

/** What the check of every page shares: the pages by file, their scans, resolved links, and the problems so far. */
function createCheckContext(
  pages: RenderedPage[],
  files: ReadonlySet<string>,
  urls: UrlPolicy,
  sources: SourceFile[],
  memo: CheckMemo,
) {
  const pageOf = new Map(pages.map((page) => [page.route.file, page]));
  // Read when asked: a page that passes again needs neither its own scan nor its targets'.
  const scans = new Map<string, PageScan>();
  const scanOf = (file: string): PageScan | undefined => {
    const page = pageOf.get(file);
    if (!page) return undefined;
    let scan = scans.get(file);
    if (!scan) scans.set(file, (scan = memo.scan(page, () => readPage(page))));
    return scan;
  };
  // The same link resolves the same way on every page that has it (site paths start with "/").
  const resolved = new Map<string, URL>();
  // And a path to the same output file: thousands of pages share their header and footer links.
  const fileOf = new Map<string, string | undefined>();
  const resolveCached = (pathname: string) => {
    if (!fileOf.has(pathname)) fileOf.set(pathname, resolveFile(pathname, urls, files));
    return fileOf.get(pathname);
  };
  // One wrong link in the site file shows on every page: it is one problem, naming every page.
  const problems = new Map<string, Problem>();
  const add = (page: RenderedPage, code: LinkCode, value: string, problem: string, hint: string) => {
    const origin: Problem['origin'] = findInSources(sourcesFirst(sources, page.route), linkSpellings(value, urls)) ?? {
      file: page.route.file,
    };
    // Where no content file wrote the link, a template did: one problem for all pages that show it.
    const key = `${code}\0${value}\0${origin.line === undefined ? '' : `${origin.file}:${origin.line}:${origin.column}`}`;
    const known = problems.get(key);
    if (known && !known.pages.includes(page.route.path)) known.pages.push(page.route.path);
    if (known) return;
    problems.set(key, { code, value, problem, hint, pages: [page.route.path], origin });
  };
  // Made once per missing path: a template's broken link shows on every page.
  const pageHints = new Map<string, string>();
  const pageHint = (pathname: string) => {
    let hint = pageHints.get(pathname);
    if (hint === undefined) {
      const paths = pages.map((other) => other.route.path).filter((path) => path !== '/404');
      hint = `Link to one of the pages (${nearest(pathname, paths, urls).join(', ')}${paths.length > HINTED_PAGES ? `; ${paths.length} pages in all` : ''}), or add the missing file to public/.`;
      pageHints.set(pathname, hint);
    }
    return hint;
  };
  return { urls, pageOf, scanOf, resolved, resolveCached, problems, add, pageHint };
}

/** Every link and asset of one page, reported into the context; returns the pages its anchors point into. */
function checkReferences(page: RenderedPage, scan: PageScan, context: CheckContext): Set<string> {
  const { urls, pageOf, scanOf, resolved, resolveCached, add, pageHint } = context;
  const anchored = new Set<string>();
  const pageUrl = new URL(urls.href(page.route.path), ORIGIN);
  for (const reference of scan.references) {
    if (EXTERNAL.test(reference.value)) continue;
    const key = reference.value.startsWith('/') ? reference.value : `${pageUrl.pathname}\0${reference.value}`;
    let url = resolved.get(key);
    if (!url) resolved.set(key, (url = new URL(reference.value, pageUrl)));
    const samePage = url.pathname === pageUrl.pathname && !reference.value.replace(/#.*/, '');
    const target = samePage ? page.route.file : resolveCached(url.pathname);
    if (target === undefined) {
      const asset = reference.attribute !== 'href' || /\.[a-z0-9]+$/i.test(url.pathname);
      add(
        page,
        asset ? 'MissingAsset' : 'BrokenLink',
        reference.value,
        asset ? `but the output has no file ${url.pathname}` : `but ${url.pathname} is not a page or file of this site`,
        asset
          ? 'Add the file to public/ (public/images/x.svg is served at /images/x.svg), or correct the path.'
          : pageHint(url.pathname),
      );
      continue;
    }
    const fragment = decodeFragment(url.hash);
    if (fragment) anchored.add(target);
    const targetIds = fragment ? scanOf(target)?.ids : undefined;
    if (fragment && targetIds && !targetIds.has(fragment)) {
      const targetPath = pageOf.get(target)?.route.path ?? target;
      add(
        page,
        'BrokenAnchor',
        reference.value,
        `but the page ${targetPath} has no element with id="${fragment}"`,
        `Link to an anchor that exists on ${targetPath}: ${[...targetIds]
          .map((id) => `#${id}`)
          .slice(0, 12)
          .join(', ')}.`,
      );
    }
  }
  return anchored;
}

/** An indexable page must declare the canonical URL the URL policy gives it. */
function checkCanonical(page: RenderedPage, scan: PageScan, urls: UrlPolicy): SiteError | undefined {
  const expected = urls.absolute(page.route.path);
  if (!page.route.indexable || scan.canonical === expected) return undefined;
  return new SiteError({
    code: 'CanonicalMismatch',
    message: `The page ${page.route.path} declares the canonical URL ${scan.canonical ?? '(none)'}, but the URL policy gives ${expected}.`,
    file: page.route.file,
    hint: 'Let the layout take the canonical URL from urls.absolute(route.path).',
  });
}

/** Two elements of one page with the same id: an anchor to it finds the first only. */
function duplicateId(page: RenderedPage, id: string, bodies: Array<{ file: string; html: string }>): SiteError {
  const written = `id="${id}"`;
  const found: string[] = [];
  for (const body of bodies) {
    for (let at = body.html.indexOf(written); at !== -1; at = body.html.indexOf(written, at + 1)) found.push(body.file);
  }
  while (found.length < 2) found.push('the templates');
  const [first, second] = found;
  const fromContent = found.find((source) => source !== 'the templates');
  return new SiteError({
    code: 'DuplicateId',
    message: `The page ${page.route.path} has two elements with ${written}: one from ${first}, one from ${second}. A link to #${id} reaches only the first.`,
    file: fromContent ?? page.route.file,
    hint: fromContent
      ? `Rename the heading in ${fromContent} so that its id differs from every other id of the page.`
      : 'Give each element of the templates its own id.',
  });
}

function formatProblem(problem: Problem): SiteError {
  const pagesText =
    problem.pages.length === 1 ? `The page ${problem.pages[0]}` : `The pages ${problem.pages.join(', ')}`;
  return new SiteError({
    code: problem.code,
    message: `${pagesText} ${problem.pages.length === 1 ? 'links' : 'link'} to "${problem.value}", ${problem.problem}.`,
    ...problem.origin,
    hint: problem.hint,
  });
}

/** Every page read and checked. */
const READ_ALWAYS: CheckMemo = { scan: (_, read) => read(), passed: () => false, keep: () => undefined };

/** The ids, references and canonical URL of a page, read from its text. */
function readPage(page: RenderedPage): PageScan {
  // The text is read here once and dropped. What the parser read may be slices that would keep
  // the whole page's text alive until the check ends: the scan is taken from its JSON instead,
  // whose strings are copies.
  const text =
    typeof page.html === 'string'
      ? page.html
      : Buffer.from(page.html.buffer, page.html.byteOffset, page.html.byteLength).toString('utf8');
  return fromJson(JSON.stringify(scanHtml(text)));
}

/** A scan from its JSON (scanHtml's shape, as src/stages.ts keeps it too). */
export function fromJson(json: string): PageScan {
  const { ids, duplicateIds, references, canonical } = JSON.parse(json) as HtmlScan;
  return { ids: new Set(ids), duplicateIds, references, canonical };
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
function sourcesFirst(sources: SourceFile[], route: Route): SourceFile[] {
  if (route.page.kind !== 'legal') return sources;
  const own = `content/legal/${route.page.legal.slug}.md`;
  return [...sources.filter((source) => source.file === own), ...sources.filter((source) => source.file !== own)];
}

function findInSources(sources: SourceFile[], needles: string[]) {
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
