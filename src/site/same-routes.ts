/**
 * keepSameRoutes: a route made again with what the last run's route at its path had is that route.
 * The stages after the routes compare pages by identity (src/page-stages.ts, src/check-stage.ts,
 * src/advice/stage.ts): a dev save of one page's text must not make a page look changed only because
 * its route object was made anew. advanceRoutes keeps a content page's route while its page is the
 * same object at the same place; this catches every other route made again from equal objects (home,
 * the legal pages and the news, made anew each run, as are the redirects' and the pages left out for
 * a problem).
 */
import type { Route } from './routes.ts';

/** `routes` with each route equal to the last run's at its path replaced by that one (in place). */
export function keepSameRoutes(last: readonly Route[] | undefined, routes: Route[]): Route[] {
  if (!last) return routes;
  let byPath: Map<string, Route> | undefined;
  for (let index = 0; index < routes.length; index++) {
    const route = routes[index]!;
    const at = last[index];
    // A content page's route is the same object while its page is: compared without reading either.
    if (at === route) continue;
    // The same position first: a save keeps the routes in their order.
    const was = at?.path === route.path ? at : (byPath ??= pathsOf(last)).get(route.path);
    if (was !== undefined && was !== route && sameRoute(was, route)) routes[index] = was;
  }
  return routes;
}

function pathsOf(routes: readonly Route[]): Map<string, Route> {
  return new Map(routes.map((route) => [route.path, route]));
}

function sameRoute(a: Route, b: Route): boolean {
  return a.file === b.file && a.indexable === b.indexable && sameFields(a.page, b.page, 3);
}

/**
 * Whether two objects have the same fields with the same values: the same value or object, or for
 * a plain object or array, `depth` levels down, the same fields in turn. A news list's route holds
 * its posts as the schedule copies them each build, each with its cover as the images made it again
 * (three levels: the list's posts, a post, its cover); the values under them are the loader's.
 */
function sameFields(a: object, b: object, depth: number): boolean {
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key)) return false;
    const x: unknown = (a as Record<string, unknown>)[key];
    const y: unknown = (b as Record<string, unknown>)[key];
    if (x === y) continue;
    if (depth === 0 || !isPlain(x) || !isPlain(y) || !sameFields(x, y, depth - 1)) return false;
  }
  return true;
}

function isPlain(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === Array.prototype;
}
