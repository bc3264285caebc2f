/** What every page component receives. The shapes come from the generator; nothing is restated. */
import type { Site } from '../src/content/schema.ts';
import type { Route, UrlPolicy } from '../src/routes.ts';

export interface PageProps {
  site: Site;
  route: Route;
  routes: Route[];
  urls: UrlPolicy;
  /** Hashed asset files, already as links (base included). */
  assets: { css: string; js: string; favicon?: string };
}
