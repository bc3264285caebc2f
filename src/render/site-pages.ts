/**
 * renderSitePages: every route to HTML, as one step of the store per page. A page is rendered
 * from the template bundle, the props every page shares (site, listed routes, URL policy, asset
 * links, images, the head's shared parts) and its own route; its key is made of exactly these,
 * with the hashes of its file (path and text) and HTML standing for a content page and its route. What the store does not hold is
 * rendered by renderPages (src/render/page.tsx), all at once.
 */
import type { RenderedPage } from '../output/check.ts';
import type { Site } from '../content/schema.ts';
import { hashKey } from '../cache/disk.ts';
import { bytesCodec, type Store } from '../cache/store.ts';
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
  /** Stands for everything head(route) takes besides the site and the route. */
  headKey: string;
  /** What a content page is made from (src/content/load.ts), by its slug. */
  pageSources: ReadonlyMap<string, string>;
}

export function renderSitePages(input: PagesInput, store: Store): RenderedPage[] {
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
    input.headKey,
  );
  // A content page's route is made from its file (path, slug, noindex) and the URL policy, so its
  // source stands for it. Joined by the store, an unchanged page's key is the last build's string.
  const keys = routes.map((route) =>
    route.page.kind === 'page'
      ? store.join(shared, input.pageSources.get(route.page.page.slug)!)
      : `${shared} ${route.path} ${route.file} ${route.indexable}`,
  );
  const html = keys.map((key) => store.peek('page', key, bytesCodec));
  const missing = routes.filter((_, index) => html[index] === undefined);
  const made = renderPages(templates, missing, (route) => ({
    site,
    route,
    routes: listed,
    urls,
    assets,
    images,
    head: input.head(route),
  }));
  const byRoute = new Map(made.map((page) => [page.route, page.html]));
  return routes.map((route, index) => {
    const bytes = html[index] ?? store.keep('page', keys[index]!, byRoute.get(route)!, bytesCodec);
    return { route, html: bytes, key: keys[index] };
  });
}
