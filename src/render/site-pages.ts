/**
 * renderSitePages: routes to HTML, each page rendered from the template bundle, the props every page shares and its
 * own route. Which routes need rendering is the build's choice (src/stages.ts).
 */
import type { Site } from '../content/kinds.ts';
import { renderPages } from './page.tsx';
import { entryRoute, type Route, type UrlPolicy } from '../site/routes.ts';
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

/**
 * The routes every page may link (src/render/props.ts): home, 404 and the legal pages. The news reach other pages
 * through `site.news`, and no page lists content/pages/ or the redirects.
 */
const UNLISTED = new Set(['news-list', 'news-post', 'redirect']);
export function listedRoutes(routes: readonly Route[]): Route[] {
  return routes.filter((route) =>
    route.page.kind === 'entry' ? entryRoute(route.page.of).listed === true : !UNLISTED.has(route.page.kind),
  );
}

/** The pages of `only` (every route by default), in that order; `listed` is listedRoutes, where the caller has it. */
export function renderSitePages(
  input: PagesInput,
  only: Route[] = input.routes,
  listed: Route[] = listedRoutes(input.routes),
): Array<{ route: Route; html: Buffer }> {
  const { templates, site, urls, assets, images } = input;
  return renderPages(templates, only, (route) => ({
    site,
    route,
    routes: listed,
    urls,
    assets,
    images,
    head: input.head(route),
  }));
}
