/**
 * The news feeds (Atom 1.0, RSS 2.0, JSON Feed 1.1) of the newest posts, with absolute URLs and full HTML.
 * Written here rather than with the `feed` package, so that every byte follows from the content and no
 * clock is read (a feed is as new as its newest post). Pure: no I/O.
 */
import type { NewsSettings } from '../content/schema.ts';
import type { Site } from '../content/kinds.ts';
import { dateTime } from '../news/news-schema.ts';
import type { ScheduledPost } from '../news/schedule.ts';
import type { OutputFile } from '../output/plan.ts';
import { newsListPath, newsPostPath } from '../site/news-routes.ts';
import type { UrlPolicy } from '../site/routes.ts';
import type { FeedLink } from '../../templates/api.ts';
import { escapeXml } from './xml.ts';

export const FEED_FILES = { atom: 'news/atom.xml', rss: 'news/rss.xml', json: 'news/feed.json' } as const;

type FeedSite = Pick<Site, 'settings'> & { news: readonly ScheduledPost[] };

/** The feeds, when the site shows posts and has its news block. */
export function renderFeeds(site: FeedSite, urls: UrlPolicy): OutputFile[] {
  const news = site.settings.news;
  if (!news || site.news.length === 0) return [];
  const feed = createFeed(site, news, urls);
  const file = (path: string, contents: string): OutputFile => ({ path, contents: Buffer.from(contents) });
  return [
    file(FEED_FILES.atom, renderAtom(feed)),
    file(FEED_FILES.rss, renderRss(feed)),
    file(FEED_FILES.json, renderJsonFeed(feed)),
  ];
}

/** The <link rel="alternate"> of each feed, for the head of /news and the home page. */
export function createFeedLinks(site: FeedSite, urls: UrlPolicy): FeedLink[] | undefined {
  const news = site.settings.news;
  if (!news || site.news.length === 0) return undefined;
  const title = news.feedTitle;
  return [
    { type: 'application/atom+xml', title, href: urls.asset(FEED_FILES.atom) },
    { type: 'application/rss+xml', title, href: urls.asset(FEED_FILES.rss) },
    { type: 'application/feed+json', title, href: urls.asset(FEED_FILES.json) },
  ];
}

interface FeedItem {
  id: string;
  url: string;
  title: string;
  summary: string;
  html: string;
  published: string;
  updated: string;
  author?: string;
  tags: string[];
  image?: string;
}

interface Feed {
  title: string;
  description: string;
  language: string;
  home: string;
  list: string;
  urls: Record<keyof typeof FEED_FILES, string>;
  updated: string;
  author: string;
  items: FeedItem[];
}

function createFeed(site: FeedSite, news: NewsSettings, urls: UrlPolicy): Feed {
  const { settings } = site;
  const items = site.news.slice(0, news.feedSize).map((post): FeedItem => {
    const url = urls.absolute(newsPostPath(post.slug));
    const published = iso(post.date);
    return {
      id: url,
      url,
      title: post.title,
      summary: post.description,
      html: absoluteLinks(post.html, urls),
      published,
      updated: iso(post.updated ?? post.date),
      author: post.author,
      tags: post.tags ?? [],
      image: post.image === undefined ? undefined : urls.absoluteAsset(post.image),
    };
  });
  return {
    title: news.feedTitle,
    description: news.description,
    language: settings.language,
    home: urls.absolute('/'),
    list: urls.absolute(newsListPath(1)),
    urls: {
      atom: urls.absoluteAsset(FEED_FILES.atom),
      rss: urls.absoluteAsset(FEED_FILES.rss),
      json: urls.absoluteAsset(FEED_FILES.json),
    },
    // No clock: the feed changed when its newest post did.
    updated: items.map((item) => item.updated).reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b)),
    author: settings.name,
    items,
  };
}

/** A post date as an RFC 3339 instant in UTC. */
function iso(value: string): string {
  return new Date(Date.parse(dateTime(value))).toISOString().replace('.000Z', 'Z');
}

/** Feed readers show the HTML away from the site: every root-relative link and source made absolute. */
export function absoluteLinks(html: string, urls: Pick<UrlPolicy, 'absoluteAsset' | 'base'>): string {
  const origin = urls.absoluteAsset('').slice(0, -urls.base.length);
  const absolute = (value: string) => (value.startsWith('/') && !value.startsWith('//') ? `${origin}${value}` : value);
  return html.replace(/(\s(?:href|src|srcset)=")([^"]*)"/g, (_, attribute: string, value: string) => {
    if (!attribute.includes('srcset')) return `${attribute}${absolute(value)}"`;
    const candidates = value.split(',').map((candidate) => candidate.trim().replace(/^\S+/, absolute));
    return `${attribute}${candidates.join(', ')}"`;
  });
}

function renderAtom(feed: Feed): string {
  const x = escapeXml;
  const entries = feed.items.map((item) =>
    [
      '  <entry>',
      `    <title>${x(item.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${x(item.url)}"/>`,
      `    <id>${x(item.id)}</id>`,
      `    <published>${item.published}</published>`,
      `    <updated>${item.updated}</updated>`,
      ...(item.author ? [`    <author><name>${x(item.author)}</name></author>`] : []),
      ...item.tags.map((tag) => `    <category term="${x(tag)}"/>`),
      `    <summary>${x(item.summary)}</summary>`,
      `    <content type="html">${x(item.html)}</content>`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${x(feed.language)}">`,
    `  <title>${x(feed.title)}</title>`,
    `  <subtitle>${x(feed.description)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${x(feed.urls.atom)}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(feed.list)}"/>`,
    `  <id>${x(feed.list)}</id>`,
    `  <updated>${feed.updated}</updated>`,
    `  <author><name>${x(feed.author)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** RFC 822 dates, as RSS 2.0 asks: "Tue, 24 Nov 2026 09:00:00 GMT". */
function rfc822(value: string): string {
  return new Date(Date.parse(value)).toUTCString();
}

function renderRss(feed: Feed): string {
  const x = escapeXml;
  const items = feed.items.map((item) =>
    [
      '    <item>',
      `      <title>${x(item.title)}</title>`,
      `      <link>${x(item.url)}</link>`,
      `      <guid isPermaLink="true">${x(item.id)}</guid>`,
      `      <pubDate>${rfc822(item.published)}</pubDate>`,
      ...(item.author ? [`      <dc:creator>${x(item.author)}</dc:creator>`] : []),
      ...item.tags.map((tag) => `      <category>${x(tag)}</category>`),
      `      <description>${x(item.summary)}</description>`,
      `      <content:encoded>${x(item.html)}</content:encoded>`,
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${x(feed.title)}</title>`,
    `    <link>${x(feed.list)}</link>`,
    `    <description>${x(feed.description)}</description>`,
    `    <language>${x(feed.language)}</language>`,
    `    <lastBuildDate>${rfc822(feed.updated)}</lastBuildDate>`,
    `    <atom:link href="${x(feed.urls.rss)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/). */
function renderJsonFeed(feed: Feed): string {
  const data = {
    version: 'https://jsonfeed.org/version/1.1',
    title: feed.title,
    home_page_url: feed.list,
    feed_url: feed.urls.json,
    description: feed.description,
    language: feed.language,
    authors: [{ name: feed.author, url: feed.home }],
    items: feed.items.map((item) => ({
      id: item.id,
      url: item.url,
      title: item.title,
      summary: item.summary,
      content_html: item.html,
      ...(item.image ? { image: item.image } : undefined),
      date_published: item.published,
      date_modified: item.updated,
      ...(item.author ? { authors: [{ name: item.author }] } : undefined),
      ...(item.tags.length > 0 ? { tags: item.tags } : undefined),
    })),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}
