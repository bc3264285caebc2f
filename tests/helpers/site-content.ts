/** The real content and its routes, so browser tests expect the words content/ holds, not copies of them. */
import { resolveConfig } from '../../src/config.ts';
import type { HomeSection } from '../../src/content/home.ts';
import type { Site } from '../../src/content/kinds.ts';
import { loadSite } from '../../src/content/load.ts';
import { createRoutes, createUrlPolicy, type Route } from '../../src/site/routes.ts';
import { PROJECT_ROOT } from './project.ts';

export interface SiteContent {
  site: Site;
  routes: Route[];
  /** The routes a visitor reaches by link (every route but the 404 page). */
  pages: Route[];
}

export async function loadSiteContent(): Promise<SiteContent> {
  const config = resolveConfig({ root: PROJECT_ROOT });
  const { site } = await loadSite(config);
  const routes = createRoutes(site, createUrlPolicy(config, site.settings.url));
  return { site, routes, pages: routes.filter((route) => route.page.kind !== 'not-found') };
}

/** The h1 a visitor reads on a route: a legal page's or post's title, /news's heading, else the hero's. */
export function headingOf(route: Route, site: Site): string {
  const { settings } = site;
  switch (route.page.kind) {
    case 'entry':
      return route.page.entry.title;
    case 'news-list':
      return settings.news!.heading;
    case 'news-post':
      return route.page.post.title;
    default:
      return homeSection(site, 'hero').data.headline;
  }
}

/** The id of the section a link like '/#services' or '#contact' points at. */
export function fragmentOf(href: string): string {
  return href.slice(href.indexOf('#') + 1);
}

/** The first section of a type on the home page (content/home.yaml), with its anchor and data. */
export function homeSection<Type extends HomeSection['type']>(
  site: Site,
  type: Type,
): Extract<HomeSection, { type: Type }> {
  const section = site.home.sections.find((one) => one.type === type);
  if (!section) throw new Error(`homeSection: content/home.yaml has no ${type} section`);
  return section as Extract<HomeSection, { type: Type }>;
}
