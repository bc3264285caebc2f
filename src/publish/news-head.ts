/**
 * What search engines and link previews read on a news post: Open Graph `article:` tags and
 * schema.org BlogPosting JSON-LD; and the sitemap's lastmod of a post. Pure.
 */
import type { Site } from '../content/kinds.ts';
import { dateTime } from '../news/news-schema.ts';
import type { ScheduledPost } from '../news/schedule.ts';
import { newsPostPath } from '../site/news-routes.ts';
import type { UrlPolicy } from '../site/routes.ts';
import type { MetaTag } from '../../templates/api.ts';

/** A post date as an ISO 8601 instant with its zone as written (UTC for a date alone). */
export function postInstant(value: string): string {
  return dateTime(value);
}

export function createArticleMeta(post: ScheduledPost): MetaTag[] {
  return [
    { property: 'article:published_time', content: postInstant(post.date) },
    ...(post.updated ? [{ property: 'article:modified_time', content: postInstant(post.updated) }] : []),
    ...(post.author ? [{ property: 'article:author', content: post.author }] : []),
    ...(post.tags ?? []).map((tag) => ({ property: 'article:tag', content: tag })),
  ];
}

/** schema.org BlogPosting: the post, its dates, its author (else the agency) and its publisher. */
export function createBlogPosting(post: ScheduledPost, site: Pick<Site, 'settings'>, urls: UrlPolicy, logo: string) {
  const url = urls.absolute(newsPostPath(post.slug));
  const publisher = { '@type': 'Organization', name: site.settings.name, logo: { '@type': 'ImageObject', url: logo } };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    url,
    mainEntityOfPage: url,
    datePublished: postInstant(post.date),
    dateModified: postInstant(post.updated ?? post.date),
    author: post.author
      ? { '@type': 'Person', name: post.author }
      : { '@type': 'Organization', name: site.settings.name },
    publisher,
    ...(post.image ? { image: urls.absoluteAsset(post.image) } : undefined),
    ...(post.tags && post.tags.length > 0 ? { keywords: post.tags.join(', ') } : undefined),
    inLanguage: site.settings.language,
  };
}
