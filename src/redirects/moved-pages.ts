/**
 * The moved-page guard: a build warns for each page published before (by the last good build, or listed by
 * a live sitemap) that is gone and that no redirect covers, at the content it was made from. The record is
 * a file of its own in the cache folder, written after a build that wrote its output.
 */
import { readFileSync, statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createError, type SiteError } from '../errors.ts';
import { entryFile, type Route } from '../site/routes.ts';
import { pageKey } from './redirects.ts';

export const PUBLISHED_FILE = 'published-pages.json';
const REDIRECTS_SOURCE = 'content/redirects.yaml';
/** A site path as printed in a warning: no spaces or control characters (the record and sitemaps are read from outside). */
export const SITE_PATH = /^\/[^\s\u0000-\u001f\u007f-\u009f]*$/;

/** A page a build published: its site path, and the content file it was made from when known. */
export interface PublishedPage {
  path: string;
  file?: string;
}

/** The pages published before this build, and where that list comes from. */
export interface PreviousPages {
  pages: PublishedPage[];
  since: 'last build' | 'sitemap';
}

/** The pages a visitor can reach: every route but the 404 page and the pages at old paths. */
export function publishedPages(routes: readonly Route[]): PublishedPage[] {
  // A loop, not flatMap with a spread: one object a page of thousands, every build.
  const pages: PublishedPage[] = [];
  for (const route of routes) {
    if (route.page.kind === 'not-found' || route.page.kind === 'redirect') continue;
    const file = sourceOf(route);
    pages.push(file === undefined ? { path: route.path } : { path: route.path, file });
  }
  return pages;
}

/** The content file a page is made from, for the warning's place. Kinds without one of their own get none. */
function sourceOf(route: Route): string | undefined {
  switch (route.page.kind) {
    case 'home':
      return 'content/home.yaml';
    case 'news-post':
      return `content/news/${route.page.post.slug}.md`;
    case 'entry':
      return entryFile(route.page);
    default:
      return undefined;
  }
}

/** The paths the routes serve, as pageKey gives them. */
export function servedPaths(routes: readonly Route[]): Set<string> {
  return new Set(routes.map((route) => pageKey(route.path)));
}

/** The guard's findings: the paths served (for the record) and one warning per gone page. */
export interface GonePages {
  served: Set<string>;
  warnings: SiteError[];
}

/** One warning per page published before that no route of this build serves (a redirect's page counts). */
export function findGonePages(previous: PreviousPages, routes: readonly Route[]): GonePages {
  const served = servedPaths(routes);
  const warned = new Set<string>();
  const warnings: SiteError[] = [];
  for (const page of previous.pages) {
    const key = pageKey(page.path);
    if (served.has(key) || warned.has(key)) continue;
    warned.add(key);
    // The file the page came from is the content that changed (renamed, removed, turned into a draft).
    const file = previous.since === 'last build' && page.file ? page.file : REDIRECTS_SOURCE;
    warnings.push(createError('PageGone', { path: key, since: previous.since }, { file }));
  }
  return { served, warnings };
}

/** The record's file in the cache folder, and its stamp (undefined when there is no file): it is replaced whole. */
export function publishedStamp(cacheDir: string): { file: string; stamp: string } | undefined {
  const file = path.join(cacheDir, PUBLISHED_FILE);
  try {
    const info = statSync(file);
    return { file, stamp: `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}` };
  } catch {
    return undefined;
  }
}

/** The pages of the last build that wrote its output, or undefined when the record cannot be read. */
export async function readPublished(file: string): Promise<PreviousPages | undefined> {
  let text: string;
  try {
    // At once: the build waits for it, and a read through the thread pool would wait behind whatever
    // else is queued there (a warm build's advice stage).
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const data: unknown = JSON.parse(text);
    // A record that is not what this module writes (another version, a damaged file) is no record.
    if (!Array.isArray(data) || !data.every(isPublishedPage)) return undefined;
    return { pages: data, since: 'last build' };
  } catch {
    return undefined;
  }
}

/**
 * Keeps the pages of a build that wrote its output. A page still gone without a redirect stays in the record,
 * so its warning stays until a redirect covers it. `served`: these routes' paths, if the warnings listed them.
 */
export async function keepPublished(
  cacheDir: string,
  routes: readonly Route[],
  previous: PreviousPages | undefined,
  served = servedPaths(routes),
): Promise<void> {
  const pages = publishedPages(routes);
  if (previous?.since === 'last build') {
    for (const page of previous.pages) if (!served.has(pageKey(page.path))) pages.push(page);
  }
  if (previous?.since === 'last build' && samePages(pages, previous.pages)) return;
  const file = path.join(cacheDir, PUBLISHED_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(cacheDir, { recursive: true });
    await writeFile(temporary, `${JSON.stringify(pages, null, 1)}\n`);
    await rename(temporary, file);
  } catch {
    // Like the rest of the cache: a record that cannot be kept only means no warning next time.
    await rm(temporary, { force: true });
  }
}

function samePages(a: readonly PublishedPage[], b: readonly PublishedPage[]): boolean {
  return (
    a.length === b.length && a.every((page, index) => page.path === b[index]!.path && page.file === b[index]!.file)
  );
}

function isPublishedPage(value: unknown): value is PublishedPage {
  if (typeof value !== 'object' || value === null) return false;
  const { path: sitePath, file } = value as Record<string, unknown>;
  return (
    typeof sitePath === 'string' &&
    SITE_PATH.test(sitePath) &&
    (file === undefined || (typeof file === 'string' && /^content\/[\w\-./]+$/.test(file)))
  );
}
