/** What every page component receives. The shapes come from the generator; nothing is restated. */
import type { Site } from '../src/content/schema.ts';
import type { SiteImages } from '../src/publish/images.ts';
import type { Route, UrlPolicy } from '../src/site/routes.ts';
import type { HeadData } from '../src/publish/seo.ts';

export interface PageProps {
  /** The content every page may show; the pages of content/pages/ are not in it. */
  site: Site;
  route: Route;
  /**
   * Home, legal pages and 404: the routes a page may list or link to. Pages of content/pages/ are
   * left out, so each of them depends only on `site` and itself (one changed page re-renders alone).
   */
  routes: Route[];
  urls: UrlPolicy;
  /** Hashed asset files, already as links (base included). */
  assets: { css: string; js: string };
  /** Content images, processed into AVIF, WebP and a fallback, as links with their size. */
  images: SiteImages;
  /** This page's head data: CSP, canonical URL, share tags, icons, JSON-LD. */
  head: HeadData;
}
