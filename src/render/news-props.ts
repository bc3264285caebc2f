/**
 * The props of the news pages and of the home page's news section: dates, reading time, badges, and links through the
 * URL policy. Every word comes from site.yaml's news block. Pure.
 */
import type { NewsSettings } from '../content/schema.ts';
import type { ScheduledPost } from '../news/schedule.ts';
import { newsListPath, newsPostPath } from '../site/news-routes.ts';
import type { UrlPolicy } from '../site/routes.ts';
import type { LayoutProps, NewsCard, NewsListPageProps, NewsPostPageProps, PostDate } from '../../templates/api.ts';
import { FEED_FILES } from '../publish/feeds.ts';

/** Words a minute of an unhurried reader. */
const WORDS_PER_MINUTE = 200;

/** The day as written (YYYY-MM-DD), named in the site's language; a time and zone stay in datetime. */
export function createPostDate(written: string, language: string): PostDate {
  const day = new Date(`${written.slice(0, 10)}T00:00:00Z`);
  const label = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(day);
  return { datetime: written, label };
}

/** Minutes to read the post's text, at least one. */
export function readingMinutes(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter((word) => /\w/.test(word)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

function badgeOf(post: ScheduledPost, news: NewsSettings, language: string): string | undefined {
  if (post.state === 'draft') return news.draft;
  if (post.state === 'scheduled')
    return news.scheduled.replace('{date}', () => createPostDate(post.date, language).label);
  return undefined;
}

export function createNewsCards(
  posts: readonly ScheduledPost[],
  news: NewsSettings,
  language: string,
  urls: UrlPolicy,
): NewsCard[] {
  return posts.map((post) => ({
    title: post.title,
    href: urls.href(newsPostPath(post.slug)),
    date: createPostDate(post.date, language),
    description: post.description,
    ...(post.cover && post.alt ? { picture: { image: post.cover, alt: post.alt } } : undefined),
    ...withBadge(badgeOf(post, news, language)),
  }));
}

function withBadge(badge: string | undefined): { badge?: string } {
  return badge === undefined ? {} : { badge };
}

export function createNewsListProps(
  page: { posts: ScheduledPost[]; page: number; pages: number },
  news: NewsSettings,
  { layout, language, urls }: { layout: LayoutProps; language: string; urls: UrlPolicy },
): NewsListPageProps {
  const link = (number: number, label: string) => ({ label, href: urls.href(newsListPath(number)) });
  return {
    layout,
    heading: news.heading,
    intro: news.intro,
    posts: createNewsCards(page.posts, news, language, urls),
    readMore: news.readMore,
    pageLabel:
      page.pages > 1
        ? news.pageLabel.replace('{page}', String(page.page)).replace('{pages}', String(page.pages))
        : undefined,
    pagination: {
      newer: page.page > 1 ? link(page.page - 1, news.newer) : undefined,
      older: page.page < page.pages ? link(page.page + 1, news.older) : undefined,
    },
    feeds: { label: news.feedsLabel, href: urls.asset(FEED_FILES.atom) },
  };
}

export function createNewsPostProps(
  page: { post: ScheduledPost; newer?: ScheduledPost; older?: ScheduledPost },
  news: NewsSettings,
  { layout, language, urls }: { layout: LayoutProps; language: string; urls: UrlPolicy },
): NewsPostPageProps {
  const { post } = page;
  const neighbour = (other: ScheduledPost | undefined) =>
    other ? { label: other.title, href: urls.href(newsPostPath(other.slug)) } : undefined;
  return {
    layout,
    post: {
      title: post.title,
      date: createPostDate(post.date, language),
      ...(post.updated ? { updated: createPostDate(post.updated, language) } : undefined),
      ...(post.author ? { byline: `${news.by} ${post.author}` } : undefined),
      readingTime: news.readingTime.replace('{minutes}', String(readingMinutes(post.html))),
      ...(post.cover && post.alt ? { picture: { image: post.cover, alt: post.alt } } : undefined),
      html: post.html,
      ...withBadge(badgeOf(post, news, language)),
    },
    back: { label: news.back, href: urls.href(newsListPath(1)) },
    neighbours: {
      newerLabel: news.newer,
      olderLabel: news.older,
      newer: neighbour(page.newer),
      older: neighbour(page.older),
    },
  };
}
