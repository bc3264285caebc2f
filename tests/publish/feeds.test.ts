/**
 * The feeds read as a real feed reader reads them: feedsmith (a maintained parser of Atom, RSS
 * and JSON Feed that throws on XML it cannot read), plus JSON Feed 1.1's required fields by hand.
 */
import { parseAtomFeed, parseJsonFeed, parseRssFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import type { NewsSettings, SiteFile } from '../../src/content/schema.ts';
import type { ScheduledPost } from '../../src/news/schedule.ts';
import { absoluteLinks, createFeedLinks, FEED_FILES, renderFeeds } from '../../src/publish/feeds.ts';
import { createUrlPolicy } from '../../src/site/routes.ts';

const news = {
  heading: 'News',
  title: 'News from Acme',
  description: 'What Acme did lately.',
  pageSize: 2,
  feedSize: 2,
  feedTitle: 'Acme news & notes',
  feedsLabel: 'Feeds',
  readMore: 'Read',
  readingTime: '{minutes} min',
  by: 'By',
  newer: 'Newer',
  older: 'Older',
  pageLabel: 'Page {page} of {pages}',
  back: 'All news',
  draft: 'Draft',
  scheduled: 'Scheduled for {date}',
} satisfies NewsSettings;

const settings = { name: 'Acme <Web>', language: 'en', url: 'https://acme.example/sub', news } as unknown as SiteFile;

const post = (slug: string, date: string, extra: Partial<ScheduledPost> = {}): ScheduledPost => ({
  slug,
  title: `${slug} & more`,
  date,
  description: `About ${slug}.`,
  html: `<p>See <a href="/sub/terms">terms</a> and <img src="/sub/assets/a.png" srcset="/sub/assets/a-400.png 400w, /sub/assets/a-800.png 800w"> <a href="https://other.example/x">x</a>.</p>`,
  state: 'published',
  ...extra,
});

const posts = [
  post('newest', '2026-03-01T09:30+01:00', { author: 'Ana', tags: ['launch', 'ai'], updated: '2026-03-05' }),
  post('middle', '2026-02-01'),
  post('oldest', '2026-01-01'),
];

const urls = createUrlPolicy(resolveConfig({ base: '/sub/', siteUrl: 'https://acme.example/sub' }), settings.url);
const files = () =>
  Object.fromEntries(renderFeeds({ settings, news: posts }, urls).map((file) => [file.path, String(file.contents)]));

describe('renderFeeds', () => {
  it('writes an Atom feed a feed parser reads: the newest posts, absolute URLs, full HTML, updated dates', () => {
    const atom = parseAtomFeed(files()[FEED_FILES.atom]!);
    expect(atom.title).toEqual({ value: 'Acme news & notes' });
    // The feed's updated is its newest change, not the clock.
    expect(atom.updated).toBe('2026-03-05T00:00:00Z');
    expect(atom.entries?.map((entry) => entry.id)).toEqual([
      'https://acme.example/sub/news/newest',
      'https://acme.example/sub/news/middle',
    ]);
    const [first] = atom.entries!;
    expect(first!.title).toEqual({ value: 'newest & more' });
    expect(first!.published).toBe('2026-03-01T08:30:00Z');
    expect(first!.updated).toBe('2026-03-05T00:00:00Z');
    expect(first!.authors?.[0]?.name).toBe('Ana');
    expect(first!.categories?.map((category) => category.term)).toEqual(['launch', 'ai']);
    expect(first!.content?.value).toContain('<a href="https://acme.example/sub/terms">terms</a>');
    expect(first!.content?.value).toContain(
      'https://acme.example/sub/assets/a-400.png 400w, https://acme.example/sub/assets/a-800.png 800w',
    );
  });

  it('writes an RSS 2.0 feed a feed parser reads, with RFC 822 dates and the full HTML', () => {
    const rss = parseRssFeed(files()[FEED_FILES.rss]!);
    expect(rss.title).toBe('Acme news & notes');
    expect(rss.link).toBe('https://acme.example/sub/news');
    expect(rss.items?.map((item) => item.link)).toEqual([
      'https://acme.example/sub/news/newest',
      'https://acme.example/sub/news/middle',
    ]);
    expect(rss.items?.[0]?.pubDate).toBe('Sun, 01 Mar 2026 08:30:00 GMT');
    expect(rss.items?.[0]?.content?.encoded).toContain('href="https://acme.example/sub/terms"');
    expect(rss.lastBuildDate).toBe('Thu, 05 Mar 2026 00:00:00 GMT');
  });

  it('writes a JSON Feed 1.1 with the fields its spec requires', () => {
    const text = files()[FEED_FILES.json]!;
    const json = JSON.parse(text);
    expect(json.version).toBe('https://jsonfeed.org/version/1.1');
    expect(json.title).toBe('Acme news & notes');
    expect(json.feed_url).toBe('https://acme.example/sub/news/feed.json');
    expect(json.home_page_url).toBe('https://acme.example/sub/news');
    for (const item of json.items) {
      expect(typeof item.id).toBe('string');
      expect(item.content_html ?? item.content_text).toBeDefined();
      expect(new Date(item.date_published).toISOString()).toBeTruthy();
    }
    expect(json.items[0]).toMatchObject({ authors: [{ name: 'Ana' }], tags: ['launch', 'ai'] });
    // feedsmith reads it too.
    expect(parseJsonFeed(json).items?.map((item) => item.url)).toEqual([
      'https://acme.example/sub/news/newest',
      'https://acme.example/sub/news/middle',
    ]);
  });

  it('is the same bytes for the same posts, and changes only when they do', () => {
    expect(files()).toEqual(files());
    const fewer = renderFeeds({ settings, news: posts.slice(1) }, urls);
    expect(String(fewer[0]!.contents)).not.toBe(files()[FEED_FILES.atom]);
  });

  it('writes no feed and advertises none without posts', () => {
    expect(renderFeeds({ settings, news: [] }, urls)).toEqual([]);
    expect(createFeedLinks({ settings, news: [] }, urls)).toBeUndefined();
    expect(createFeedLinks({ settings, news: posts }, urls)?.map((link) => link.href)).toEqual([
      '/sub/news/atom.xml',
      '/sub/news/rss.xml',
      '/sub/news/feed.json',
    ]);
  });

  it('keeps characters XML forbids out of both XML feeds, whatever a post holds', () => {
    // Regression (issue 39): a title with U+FFFE made atom.xml and rss.xml unreadable.
    const odd = [post('odd', '2026-04-01', { title: 'Odd \uFFFE\uFFFF\u0001 title', html: '<p>a\uFFFE\u0008b</p>' })];
    const feeds = renderFeeds({ settings, news: odd }, urls);
    for (const name of [FEED_FILES.atom, FEED_FILES.rss]) {
      const text = String(feeds.find((file) => file.path === name)!.contents);
      expect(text, name).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
      expect(text, name).toContain('Odd  title');
    }
    expect(parseAtomFeed(String(feeds.find((file) => file.path === FEED_FILES.atom)!.contents)).entries).toHaveLength(
      1,
    );
  });

  it('feedsmith refuses XML that is not well formed (so the tests above can fail)', () => {
    const broken = files()[FEED_FILES.atom]!.replace('</title>', '</titel>');
    expect(() => parseAtomFeed(broken)).toThrow();
  });
});

describe('absoluteLinks', () => {
  it('makes root-relative href, src and srcset absolute and leaves other links alone', () => {
    expect(absoluteLinks('<a href="/sub/a">a</a><a href="#x">x</a><a href="//cdn.example/x">c</a>', urls)).toBe(
      '<a href="https://acme.example/sub/a">a</a><a href="#x">x</a><a href="//cdn.example/x">c</a>',
    );
  });
});
