/**
 * The routes of the news: /news and its further pages (/news/page/2, ...), newest first, and one
 * page per post at /news/<name>, each knowing its newer and older neighbour. No posts, no /news.
 * Pure: no I/O.
 */
import type { ScheduledPost } from '../news/schedule.ts';
import type { Route, UrlPolicy } from './routes.ts';

/** The site path of the list's page `page` (1-based). */
export function newsListPath(page: number): string {
  return page === 1 ? '/news' : `/news/page/${page}`;
}

export function newsPostPath(slug: string): string {
  return `/news/${slug}`;
}

/** `posts` newest first, as scheduleNews gives them; `pageSize` from site.yaml's news block. */
export function createNewsRoutes(posts: readonly ScheduledPost[], pageSize: number, urls: UrlPolicy): Route[] {
  if (posts.length === 0) return [];
  const routes: Route[] = [];
  const pages = Math.ceil(posts.length / pageSize);
  for (let page = 1; page <= pages; page++) {
    const path = newsListPath(page);
    const listed = posts.slice((page - 1) * pageSize, page * pageSize);
    routes.push({
      path,
      file: urls.file(path),
      indexable: true,
      page: { kind: 'news-list', posts: listed, page, pages },
    });
  }
  posts.forEach((post, index) => {
    const path = newsPostPath(post.slug);
    routes.push({
      path,
      file: urls.file(path),
      indexable: true,
      page: { kind: 'news-post', post, newer: posts[index - 1], older: posts[index + 1] },
    });
  });
  return routes;
}
