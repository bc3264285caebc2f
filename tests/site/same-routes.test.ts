/** keepSameRoutes: a route made again with the same fields is the last run's route (src/site/same-routes.ts). */
import { describe, expect, it } from 'vitest';
import { createNewsRoutes, createUrlPolicy, type Route } from '../../src/site/routes.ts';
import { keepSameRoutes } from '../../src/site/same-routes.ts';
import type { ScheduledPost } from '../../src/news/schedule.ts';

const urls = createUrlPolicy({ format: 'file', base: '/' }, 'https://example.com/');
const legal = { slug: 'terms', title: 'Terms', dateLine: 'd', description: 'd', order: 1, html: '<p>Terms</p>' };
const cover = { src: '/images/a.jpg', width: 800, height: 600 };
const post = (slug: string, title: string) => ({ slug, title, date: '2026-01-01', state: 'published', cover });

/**
 * The routes a build makes: every object new, as the schedule copies each post anew each build,
 * with its cover as the build's images made it again.
 */
function routesOf(posts: Array<ReturnType<typeof post>>, legalPage = legal): Route[] {
  const scheduled = posts.map((one) => ({ ...one, cover: { ...one.cover } }) as unknown as ScheduledPost);
  return [
    { path: '/', file: 'index.html', indexable: true, page: { kind: 'home' } },
    { path: '/terms', file: 'terms.html', indexable: true, page: { kind: 'legal', legal: legalPage } as Route['page'] },
    ...createNewsRoutes(scheduled, 2, urls),
    { path: '/404', file: '404.html', indexable: false, page: { kind: 'not-found' } },
  ];
}

describe('keepSameRoutes', () => {
  it('gives back the last run’s route for each route with the same fields, down to the posts a news list shows', () => {
    const posts = [post('a', 'A'), post('b', 'B'), post('c', 'C')];
    const last = keepSameRoutes(undefined, routesOf(posts));
    const next = keepSameRoutes(last, routesOf(posts));
    expect(next.map((route) => route.path)).toEqual(last.map((route) => route.path));
    for (const [index, route] of next.entries()) expect(route).toBe(last[index]);
  });

  it('makes a route whose page shows something else its own, and keeps the others', () => {
    const posts = [post('a', 'A'), post('b', 'B'), post('c', 'C')];
    const last = keepSameRoutes(undefined, routesOf(posts));
    // Post b retitled: its page, the list page that shows it and its neighbours' pages change.
    const retitled = keepSameRoutes(last, routesOf([posts[0]!, post('b', 'B, retitled'), posts[2]!]));
    const kept = retitled.filter((route, index) => route === last[index]).map((route) => route.path);
    expect(kept).toEqual(['/', '/terms', '/news/page/2', '/404']);
    // Another legal text, another file name, another indexing: each its own route.
    const otherLegal = keepSameRoutes(last, routesOf(posts, { ...legal, html: '<p>New terms</p>' }));
    expect(otherLegal[1]).not.toBe(last[1]);
    const moved = routesOf(posts);
    moved[0] = { ...moved[0]!, file: 'home.html' };
    moved[moved.length - 1] = { ...moved[moved.length - 1]!, indexable: true };
    keepSameRoutes(last, moved);
    expect(moved[0]).not.toBe(last[0]);
    expect(moved[moved.length - 1]).not.toBe(last[last.length - 1]);
  });

  it('finds the last route by its path when the routes moved', () => {
    const posts = [post('a', 'A'), post('b', 'B')];
    const last = keepSameRoutes(undefined, routesOf(posts));
    // A new post first: the news routes move; post b's page (same neighbours) and the rest stay.
    const next = keepSameRoutes(last, routesOf([post('z', 'Z'), ...posts]));
    const byPath = new Map(last.map((route) => [route.path, route]));
    expect(next.filter((route) => route === byPath.get(route.path)).map((route) => route.path)).toEqual([
      '/',
      '/terms',
      '/news/b',
      '/404',
    ]);
  });
});
