/**
 * What the home page's shipped sections show from other files, as the build made it, for the CMS's preview of
 * home.yaml. It travels as JSON inside /admin/, so it holds only what the section components take.
 */
import type { Site } from '../content/kinds.ts';
import { createEntryCards } from '../render/section-sources.ts';
import type { ProcessedImage } from '../images/processed-image.ts';
import type { ScheduledPost } from '../news/schedule.ts';
import { createNewsCards } from '../render/news-props.ts';
import { newsListPath } from '../site/news-routes.ts';
import type { UrlPolicy } from '../site/routes.ts';
import type { PreviewEntries } from './preview/data.ts';

/** The most posts a news section shows (newsSectionSchema's `count`). */
const MOST_POSTS = 12;

export interface PreviewEntriesInput {
  site: PreviewSite;
  /** The portfolio's pictures by slug, as the build placed them. */
  portfolioImages: Readonly<Record<string, ProcessedImage>>;
  urls: UrlPolicy;
}

export type PreviewSite = ReturnType<typeof previewSiteOf>;

/** Exactly the parts of the site the entries are made from: the cache's key is made of this. */
export function previewSiteOf(site: Site, urls: Pick<UrlPolicy, 'href'>) {
  // site.news: the posts this build shows, scheduled by makeSite (src/news/schedule.ts).
  const { services, portfolio, about, legal, news, settings } = site;
  return {
    ...{ services, portfolio, about, news },
    legal: legal.map(({ slug, title }) => ({ slug, title })),
    settings: { language: settings.language, ...(settings.news ? { news: settings.news } : {}) },
    lists: createEntryCards(site, urls),
  };
}

export function createPreviewEntries({ site, portfolioImages, urls }: PreviewEntriesInput): PreviewEntries {
  const news = site.settings.news;
  return {
    services: site.services.map(({ slug, title, icon, html, features }) => ({ slug, title, icon, html, features })),
    portfolio: site.portfolio.flatMap(({ slug, title, category, alt }) => {
      const image = portfolioImages[slug];
      return image ? [{ slug, title, category, alt, image }] : [];
    }),
    about: { title: site.about.title, html: site.about.html },
    legal: site.legal.map(({ slug, title }) => ({ label: title, href: urls.href(`/${slug}`) })),
    lists: site.lists,
    news: news && {
      posts: createNewsCards((site.news as ScheduledPost[]).slice(0, MOST_POSTS), news, site.settings.language, urls),
      readMore: news.readMore,
      href: urls.href(newsListPath(1)),
    },
  };
}
