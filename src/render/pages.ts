/**
 * renderSitePages: every route to HTML, reusing a page when nothing it is rendered from has
 * changed. A page is rendered from the template bundle, the props every page shares (site, listed
 * routes, URL policy, asset links, images) and its own route and head data; its disk-cache key
 * hashes exactly these. Within one process (dev) the previous build's pages are compared
 * directly, which needs no hashing. What is left is rendered by renderPages (src/render/page.tsx).
 */
import type { RenderedPage } from '../output/check.ts';
import type { Site } from '../content/schema.ts';
import { hashKey, type DiskCache } from '../cache/disk.ts';
import { renderPages } from './page.tsx';
import type { Route, UrlPolicy } from '../site/routes.ts';
import type { HeadData } from '../publish/seo.ts';
import type { Templates } from './templates.ts';
import type { PageInput } from './props.ts';

export interface PagesInput {
  templates: Templates;
  site: Site;
  routes: Route[];
  urls: UrlPolicy;
  assets: PageInput['assets'];
  images: PageInput['images'];
  head(route: Route): HeadData;
}

/** The pages of the previous build in this process, by output file. */
export type PagesMemo = Map<string, { shared: string; route: Route; headOf: PagesInput['head']; html: Buffer }>;

export function renderSitePages(input: PagesInput, cache: DiskCache, memo?: PagesMemo): RenderedPage[] {
  const { templates, site, routes, urls, assets, images } = input;
  // Pages of content/pages/ are shown only on their own route: see src/render/props.ts.
  const listed = routes.filter((route) => route.page.kind !== 'page');
  const shared = hashKey(
    templates.hash,
    JSON.stringify(site),
    JSON.stringify(listed),
    JSON.stringify({ format: urls.format, base: urls.base, siteUrl: urls.siteUrl }),
    JSON.stringify(assets),
    JSON.stringify(images),
  );
  const html: Array<Buffer | undefined> = [];
  const heads = new Map<Route, HeadData>();
  const keys: string[] = [];
  routes.forEach((route, index) => {
    const previous = memo?.get(route.file);
    let same = previous !== undefined && previous.shared === shared && sameValue(previous.route, route);
    // The same head function (the build reused its publication) gives the same head for the same
    // route; another one may still give equal data.
    if (same && previous!.headOf !== input.head) {
      heads.set(route, input.head(route));
      same = sameValue(previous!.headOf(route), heads.get(route));
    }
    if (same) {
      html[index] = previous!.html;
      return;
    }
    if (!heads.has(route)) heads.set(route, input.head(route));
    keys[index] = `p:${hashKey(shared, JSON.stringify(route), JSON.stringify(heads.get(route)))}`;
    html[index] = cache.getBytes(keys[index]);
  });
  const missing = routes.filter((_, index) => html[index] === undefined);
  const made = renderPages(templates, missing, (route) => ({ site, route, routes: listed, urls, assets, images, head: heads.get(route)! }));
  const byRoute = new Map(made.map((page) => [page.route, page.html]));
  const pages = routes.map((route, index) => {
    if (html[index] === undefined) {
      html[index] = byRoute.get(route)!;
      cache.set(keys[index]!, html[index]);
    }
    memo?.set(route.file, { shared, route, headOf: input.head, html: html[index] });
    return { route, html: html[index], key: keys[index] };
  });
  if (memo) {
    const files = new Set(routes.map((route) => route.file));
    for (const file of memo.keys()) if (!files.has(file)) memo.delete(file);
  }
  return pages;
}

/** Deep equality of JSON-like values; the same object (or string) is equal at once. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
