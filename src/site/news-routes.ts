/**
 * The site paths of the news: /news and its further pages (/news/page/2, ...), and one page per
 * post at /news/<name>. routes.ts makes their routes; the feeds, heads and links use the same
 * paths. Pure: no imports.
 */

/** The site path of the list's page `page` (1-based). */
export function newsListPath(page: number): string {
  return page === 1 ? '/news' : `/news/page/${page}`;
}

export function newsPostPath(slug: string): string {
  return `/news/${slug}`;
}
