/**
 * `check --against FILE-OR-URL`: the pages a sitemap.xml lists (the live site's, for CI without a cache), as
 * the moved-page guard's previous pages. A stranger's sitemap is untrusted: it is fetched with a time limit,
 * read up to a size limit, and only its <loc> URLs under the site's base are kept.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import { createError } from '../errors.ts';
import { SITE_PATH, type PreviousPages } from './moved-pages.ts';

/** The sitemap protocol allows 50 MB uncompressed; a marketing site's is far smaller. */
export const MAX_SITEMAP_BYTES = 10 * 1024 * 1024;
export const SITEMAP_TIMEOUT_MS = 15_000;

export interface SitemapOptions {
  /** The site's base ('/' or '/sub/'): a <loc> outside it is not a page of this site. */
  base: string;
  /** For relative file paths. */
  cwd?: string;
  timeoutMs?: number;
  maxBytes?: number;
}

export async function loadSitemapPages(source: string, options: SitemapOptions): Promise<PreviousPages> {
  const maxBytes = options.maxBytes ?? MAX_SITEMAP_BYTES;
  const text = /^https?:\/\//i.test(source)
    ? await fetchSitemap(source, options.timeoutMs ?? SITEMAP_TIMEOUT_MS, maxBytes)
    : await readSitemap(path.resolve(options.cwd ?? '.', source), source, maxBytes);
  return { pages: parseSitemap(text, source, options.base).map((sitePath) => ({ path: sitePath })), since: 'sitemap' };
}

/** The site paths of a sitemap's <url><loc> entries under `base`, without the base. */
export function parseSitemap(text: string, source: string, base: string): string[] {
  if (/<sitemapindex[\s>]/.test(text)) {
    throw unreadable(source, 'it is a sitemap index; pass one of the sitemaps it lists');
  }
  if (!/<urlset[\s>]/.test(text)) throw unreadable(source, 'it has no <urlset> element, so it is not a sitemap');
  const paths: string[] = [];
  // One pass, no backtracking: the text is a stranger's.
  for (const match of text.matchAll(/<loc>([^<]*)<\/loc>/g)) {
    let url: URL;
    try {
      url = new URL(unescapeXml(match[1]!.trim()));
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
    if (!`${url.pathname}/`.startsWith(base)) continue;
    const sitePath = `/${url.pathname.slice(base.length)}`;
    if (SITE_PATH.test(sitePath)) paths.push(sitePath.replace(/^\/\/+/, '/'));
  }
  return paths;
}

async function fetchSitemap(url: string, timeoutMs: number, maxBytes: number): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (cause) {
    const reason =
      (cause as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} seconds`
        : `the request failed (${(cause as Error).message})`;
    throw unreadable(url, reason, cause);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw unreadable(url, `the server answered ${response.status} ${response.statusText}`.trim());
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(url, maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  try {
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
      size += read.value.byteLength;
      // The declared length may lie: the body is counted as it arrives.
      if (size > maxBytes) {
        await reader!.cancel();
        throw tooLarge(url, maxBytes);
      }
      chunks.push(read.value);
    }
  } catch (cause) {
    if (cause instanceof Error && cause.name === 'SiteError') throw cause;
    throw unreadable(url, `the answer broke off (${(cause as Error).message})`, cause);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readSitemap(absolute: string, shown: string, maxBytes: number): Promise<string> {
  try {
    const handle = await open(absolute, 'r');
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw unreadable(shown, 'it is not a regular file');
      if (stats.size > maxBytes) throw tooLarge(shown, maxBytes);
      return await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (cause) {
    if (cause instanceof Error && cause.name === 'SiteError') throw cause;
    const missing = (cause as NodeJS.ErrnoException).code === 'ENOENT';
    throw unreadable(shown, missing ? 'there is no such file' : (cause as Error).message, cause);
  }
}

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function tooLarge(source: string, maxBytes: number) {
  return unreadable(source, `it is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
}

function unreadable(source: string, reason: string, cause?: unknown) {
  return createError('SitemapUnreadable', { source, reason }, { cause });
}
