/** The news pages' and the news section's props, and the section rendered on the server. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import type { NewsSettings } from '../../src/content/schema.ts';
import type { ScheduledPost } from '../../src/news/schedule.ts';
import {
  createNewsCards,
  createNewsListProps,
  createNewsPostProps,
  createPostDate,
  readingMinutes,
} from '../../src/render/news-props.ts';
import { sectionProps, type SectionSources } from '../../src/render/section-props.ts';
import { createUrlPolicy } from '../../src/site/routes.ts';
import { NewsSection } from '../../templates/sections/NewsSection.tsx';
import type { LayoutProps, NewsSectionProps } from '../../templates/api.ts';

const news = {
  heading: 'News',
  title: 'News from Acme',
  description: 'What Acme did.',
  pageSize: 2,
  feedSize: 10,
  feedTitle: 'Acme news',
  feedsLabel: 'Feeds',
  readMore: 'Read the post',
  readingTime: '{minutes} min read',
  by: 'By',
  newer: 'Newer',
  older: 'Older',
  pageLabel: 'Page {page} of {pages}',
  back: 'All news',
  draft: 'Draft',
  scheduled: 'Scheduled for {date}',
} satisfies NewsSettings;

const post = (slug: string, extra: Partial<ScheduledPost> = {}): ScheduledPost => ({
  slug,
  title: `Post ${slug}`,
  date: '2026-03-01',
  description: `About ${slug}.`,
  html: '<p>Words.</p>',
  state: 'published',
  ...extra,
});

const urls = createUrlPolicy(resolveConfig({ base: '/sub/', format: 'directory' }), 'https://acme.example/sub');
const layout = {} as LayoutProps;
const context = { layout, language: 'en-GB', urls };

describe('news props', () => {
  it('names a date in the site language and keeps the written value for <time datetime>', () => {
    expect(createPostDate('2026-03-01', 'en-GB')).toEqual({ datetime: '2026-03-01', label: '1 March 2026' });
    // The day as written, not as UTC sees it.
    expect(createPostDate('2026-03-01T00:30+02:00', 'en').label).toBe('March 1, 2026');
  });

  it('counts reading time at 200 words a minute, at least one', () => {
    expect(readingMinutes('<p>Hello</p>')).toBe(1);
    expect(readingMinutes(`<p>${'word '.repeat(1000)}</p>`)).toBe(5);
  });

  it('links the pages of /news with the base and the format, and labels the page', () => {
    const middle = createNewsListProps({ posts: [post('a')], page: 2, pages: 3 }, news, context);
    expect(middle.pagination).toEqual({
      newer: { label: 'Newer', href: '/sub/news/' },
      older: { label: 'Older', href: '/sub/news/page/3/' },
    });
    expect(middle.pageLabel).toBe('Page 2 of 3');
    expect(middle.posts[0]!.href).toBe('/sub/news/a/');
    expect(createNewsListProps({ posts: [post('a')], page: 1, pages: 1 }, news, context).pageLabel).toBeUndefined();
  });

  it('badges drafts and scheduled posts only', () => {
    const props = createNewsPostProps(
      { post: post('a', { state: 'scheduled', date: '2026-04-02' }), older: post('b') },
      news,
      context,
    );
    expect(props.post.badge).toBe('Scheduled for 2 April 2026');
    expect(props.neighbours.older).toEqual({ label: 'Post b', href: '/sub/news/b/' });
    expect(props.neighbours.newer).toBeUndefined();
    expect(createNewsPostProps({ post: post('a', { state: 'draft' }) }, news, context).post.badge).toBe('Draft');
    expect(createNewsPostProps({ post: post('a') }, news, context).post.badge).toBeUndefined();
  });
});

describe('NewsSection', () => {
  it('shows the latest N posts with their dates and links to /news', () => {
    const posts = [post('c'), post('b'), post('a')];
    // What the build's sources give a news section (src/render/section-sources.ts).
    const from = {
      news: (count: number) => ({
        posts: createNewsCards(posts.slice(0, count), news, 'en-GB', urls),
        readMore: news.readMore,
        href: urls.href('/news'),
      }),
    } as SectionSources;
    const data = { type: 'news', heading: 'Latest news', count: 2, more: 'All news' } as const;
    const props = sectionProps({ type: 'news', id: 'news', data, html: {}, images: {} }, from) as NewsSectionProps;
    const html = renderToStaticMarkup(<NewsSection {...props} />);
    expect([...html.matchAll(/<h3 class="news-card-title"><a href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/sub/news/c/',
      '/sub/news/b/',
    ]);
    expect(html).toContain('<section id="news" class="section" aria-labelledby="news-title">');
    expect(html).toContain('<time dateTime="2026-03-01">1 March 2026</time>');
    expect(html).toContain('<a href="/sub/news/">All news');
  });
});
