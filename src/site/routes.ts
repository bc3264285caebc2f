/**
 * Site -> Route[], what each route shows (Page; Redirect, the checked entry src/redirects/ makes
 * a route of), and the one URL policy that decides output files, links, canonical URLs and the
 * sitemap together. Pure: no I/O.
 */
import { baseMismatch, urlPath, type ResolvedConfig, type UrlFormat } from '../config.ts';
import { createError, type SiteError, SiteErrors } from '../errors.ts';
import {
  contentFile,
  ENTRY_KIND_NAMES,
  entryPath,
  KINDS,
  type ContentPage,
  type EntryKindName,
  type EntryRoute,
  type FolderKind,
  type RoutedEntry,
  type Site,
} from '../content/kinds.ts';
import type { ScheduledPost } from '../news/schedule.ts';
import { newsListPath, newsPostPath } from './news-routes.ts';

export type Page =
  | { kind: 'home' }
  /** An entry of a kind with pages of its own (legal, pages): `of` names the kind. */
  | { kind: 'entry'; of: EntryKindName; entry: RoutedEntry }
  /** One page of /news: its posts, newest first, its number (1-based) and how many there are. */
  | { kind: 'news-list'; posts: ScheduledPost[]; page: number; pages: number }
  | { kind: 'news-post'; post: ScheduledPost; newer?: ScheduledPost; older?: ScheduledPost }
  | { kind: 'not-found' }
  | { kind: 'redirect'; redirect: Redirect };

/** An entry of content/redirects.yaml as checked (src/redirects/redirects.ts): the page at its old path shows it. */
export interface Redirect {
  /** The old site path, as written: /old-page, /old/, /old.html. */
  from: string;
  /** As written: a site path, a file of public/, or an absolute http(s) URL. */
  to: string;
  status: 301 | 302;
  /** The link to the target: base and URL format applied, or the absolute URL as written. */
  href: string;
  /** The target's absolute URL (canonical link of the page at the old path). */
  absolute: string;
}

export interface Route {
  /** The site path without base: '/', '/terms', or '/404' for the not-found page. */
  path: string;
  /** Output file relative to the output folder, with forward slashes. */
  file: string;
  /** Listed in the sitemap and given a canonical URL. */
  indexable: boolean;
  page: Page;
}

export interface UrlPolicy {
  format: UrlFormat;
  base: string;
  /** Site origin plus base, no trailing slash: https://example.com/sub */
  siteUrl: string;
  /** Link to a site path ('/terms', '/#contact'), with base and the format's trailing slash. */
  href(target: string): string;
  /** Absolute URL of a site path, for canonical links and the sitemap. */
  absolute(target: string): string;
  /** Output file for a site path. */
  file(sitePath: string): string;
  /** Link to a file of the output folder (assets, images): base + path, no format rules. */
  asset(filePath: string): string;
  /** Absolute URL of a file of the output folder (share image, sitemap). */
  absoluteAsset(filePath: string): string;
}

/**
 * The site lives at the origin of its URL under the base; a URL path (a GitHub Pages project
 * site) is the base itself, never a second prefix (resolveConfig takes the base from it).
 */
export function createUrlPolicy(
  config: Pick<ResolvedConfig, 'format' | 'base' | 'siteUrl'>,
  siteUrl: string,
): UrlPolicy {
  const url = config.siteUrl ?? siteUrl;
  const origin = new URL(url).origin;
  const base = config.base;
  // The site file changed under a running dev server, or a caller passed its own base.
  if (urlPath(url) !== '/' && urlPath(url) !== base) throw baseMismatch(base, url);
  const shape = (sitePath: string) => {
    if (sitePath === '/' || config.format === 'file') return sitePath;
    return sitePath.endsWith('/') ? sitePath : `${sitePath}/`;
  };
  const split = (target: string): [string, string] => {
    const hash = target.indexOf('#');
    return hash === -1 ? [target, ''] : [target.slice(0, hash), target.slice(hash)];
  };
  const href = (target: string) => {
    if (!target.startsWith('/')) return target;
    const [sitePath, fragment] = split(target);
    return `${base}${shape(sitePath).slice(1)}${fragment}`;
  };
  return {
    format: config.format,
    base,
    siteUrl: `${origin}${base}`.replace(/\/$/, ''),
    href,
    absolute: (target) => `${origin}${href(target)}`,
    file(sitePath) {
      if (sitePath === '/') return 'index.html';
      const name = sitePath.replace(/^\/+|\/+$/g, '');
      return config.format === 'file' ? `${name}.html` : `${name}/index.html`;
    },
    asset: (filePath) => `${base}${filePath.replace(/^\/+/, '')}`,
    absoluteAsset: (filePath) => `${origin}${base}${filePath.replace(/^\/+/, '')}`,
  };
}

/** Whether the URL policy changes any site link written in content (the default one, base / and file URLs, does not). */
export function rewritesLinks(urls: Pick<UrlPolicy, 'base' | 'format'>): boolean {
  return urls.base !== '/' || urls.format !== 'file';
}

/**
 * Root-relative links and image sources written in Markdown, sent through the URL policy like every other
 * link; a path with an extension keeps its shape, and `#id` stays (an element of this page: docs/content.md).
 */
export function rewriteContentLinks(html: string, urls: Pick<UrlPolicy, 'href' | 'asset' | 'base' | 'format'>): string {
  if (!rewritesLinks(urls)) return html;
  return html.replace(/(\s(?:href|src)=")(\/(?!\/)[^"]*)"/g, (_, attribute: string, target: string) => {
    const file = /\.[a-z0-9]+$/i.test(target.split(/[?#]/)[0]!);
    return `${attribute}${file ? urls.asset(target) : urls.href(target)}"`;
  });
}

/**
 * The relative paths a static host tries for a request path, in order (`/terms` -> terms, terms.html), or
 * undefined when it can only be an attack or a typo (outside base, dot or hidden segments, encoded slashes, NUL).
 */
export function requestPaths(base: string, rawPath: string): string[] | undefined {
  const pathname = rawPath.split('?')[0]!.split('#')[0]!;
  if (!pathname.startsWith(base)) return undefined;
  // Encoded slashes, backslashes and NUL bytes have no business in a URL of this site.
  if (/%2f|%5c|%00|\\|\0/i.test(pathname)) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(base.length));
  } catch {
    return undefined;
  }
  if (/[\\\0]/.test(relative)) return undefined;
  const segments = relative.split('/');
  const last = segments.length - 1;
  if (
    segments.some(
      (segment, index) =>
        segment === '..' ||
        // .well-known/ at the root is the one dot folder the build publishes (security.txt).
        (segment.startsWith('.') && !(index === 0 && segment === '.well-known' && last > 0)) ||
        (segment === '' && index !== last),
    )
  )
    return undefined;
  return relative === '' || relative.endsWith('/') ? [`${relative}index.html`] : [relative, `${relative}.html`];
}

/** Paths that pages may not take because the build writes there itself. */
const RESERVED = new Set(['index', '404', 'assets', 'images', 'sitemap', 'robots', 'news', 'admin']);

/** Home, the entries' pages (legal, content/pages/, in KINDS' order), the news (createNewsRoutes), then 404. */
export function createRoutes(site: Site, urls: UrlPolicy, pages: readonly ContentPage[] = []): Route[] {
  const routes: Route[] = [{ path: '/', file: urls.file('/'), indexable: true, page: { kind: 'home' } }];
  const entries = ENTRY_KIND_NAMES.flatMap((of) =>
    entriesOf(of, site, pages).map((entry) => {
      const path = entryPath(KINDS[of], entry.slug);
      const indexable = (entry as { noindex?: boolean }).noindex !== true;
      return { path, file: urls.file(path), indexable, page: { kind: 'entry', of, entry } } satisfies Route;
    }),
  );
  claimPaths(entries);
  // site.news holds the posts this build shows (src/news/schedule.ts); without a news block there are none.
  // Read defensively: callers that know no news (tools, older tests) pass a site without it.
  const newsSettings = site.settings?.news;
  const news = (site.news ?? []) as ScheduledPost[];
  const newsRoutes = newsSettings ? createNewsRoutes(news, newsSettings.pageSize, urls) : [];
  return routes.concat(entries, newsRoutes, NOT_FOUND);
}

/** A kind's entries: shared kinds are part of `site`, the others (content/pages/) come apart. */
export function entriesOf(of: EntryKindName, site: Site, pages: readonly ContentPage[]): readonly RoutedEntry[] {
  return KINDS[of].shared ? ((site as Partial<Record<EntryKindName, RoutedEntry[]>>)[of] ?? []) : pages;
}

/** The route of a kind's entries: its prefix, template and links. */
export function entryRoute(of: EntryKindName): EntryRoute {
  return (KINDS[of] as FolderKind).route as EntryRoute;
}

/** The content file an entry's page is made from. */
export function entryFile(page: Extract<Page, { kind: 'entry' }>): string {
  return contentFile(KINDS[page.of], page.entry.slug);
}

/**
 * The routes of the news at the paths of news-routes.ts: /news and its further pages, and one page per post
 * knowing its neighbours. `posts` newest first, as scheduleNews gives them; no posts, no /news.
 */
export function createNewsRoutes(posts: readonly ScheduledPost[], pageSize: number, urls: UrlPolicy): Route[] {
  if (posts.length === 0) return [];
  const routes: Route[] = [];
  const pages = Math.ceil(posts.length / pageSize);
  for (let page = 1; page <= pages; page++) {
    const path = newsListPath(page);
    const listed = posts.slice((page - 1) * pageSize, page * pageSize);
    routes.push({
      path,
      file: urls.file(path),
      indexable: true,
      page: { kind: 'news-list', posts: listed, page, pages },
    });
  }
  posts.forEach((post, index) => {
    const path = newsPostPath(post.slug);
    routes.push({
      path,
      file: urls.file(path),
      indexable: true,
      page: { kind: 'news-post', post, newer: posts[index - 1], older: posts[index + 1] },
    });
  });
  return routes;
}

const NOT_FOUND: Route = { path: '/404', file: '404.html', indexable: false, page: { kind: 'not-found' } };

/**
 * The entries' paths, each a page of its own, none the build's: every clash is collected, so a
 * site with several learns of all of them in one build.
 */
function claimPaths(routes: readonly Route[]): void {
  // By route, its file made only for a clash: this runs over thousands of pages on every dev save.
  const taken = new Map<string, Route>();
  const clashes: SiteError[] = [];
  for (const route of routes) {
    const { page } = route;
    if (page.kind !== 'entry') continue;
    const slug = route.path.slice(1);
    const first = entryRoute(page.of).prefix === '' ? slug : slug.slice(0, slug.indexOf('/'));
    if (RESERVED.has(first)) {
      const file = entryFile(page);
      clashes.push(createError('DuplicateUrl', { clash: 'reserved', file, slug, reserved: [...RESERVED] }, { file }));
    }
    const other = taken.get(route.path);
    if (other?.page.kind === 'entry') {
      const file = entryFile(page);
      clashes.push(createError('DuplicateUrl', { clash: 'pages', file, other: entryFile(other.page), slug }, { file }));
    }
    taken.set(route.path, route);
  }
  if (clashes.length > 0) throw new SiteErrors(clashes);
}
