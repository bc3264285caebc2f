import { BaseLayout } from '../layouts/BaseLayout.tsx';
import { NewsCardList } from '../ui/NewsCardList.tsx';
import type { NewsListPageProps } from '../api.ts';

/** /news and its further pages: the posts newest first, then links to newer and older pages. */
export function NewsListPage({
  layout,
  heading,
  intro,
  posts,
  readMore,
  pageLabel,
  pagination,
  feeds,
}: NewsListPageProps) {
  return (
    <BaseLayout {...layout}>
      <div className="container news">
        <header className="news-header">
          <h1>{heading}</h1>
          {intro && <p className="section-intro">{intro}</p>}
          <p className="news-feeds">
            <a href={feeds.href}>{feeds.label}</a>
          </p>
        </header>
        <NewsCardList posts={posts} readMore={readMore} level="h2" />
        {(pagination.newer || pagination.older) && (
          <nav className="news-pagination" aria-label={pageLabel}>
            {pagination.newer && (
              <a rel="prev" href={pagination.newer.href}>
                <span aria-hidden="true">←</span> {pagination.newer.label}
              </a>
            )}
            {pageLabel && <span className="news-page-label">{pageLabel}</span>}
            {pagination.older && (
              <a rel="next" href={pagination.older.href}>
                {pagination.older.label} <span aria-hidden="true">→</span>
              </a>
            )}
          </nav>
        )}
      </div>
    </BaseLayout>
  );
}
