import { describe, expect, it } from 'vitest';
import type { NewsPost } from '../../src/content/kinds.ts';
import { scheduleNews, stateOf } from '../../src/news/schedule.ts';

const post = (slug: string, date: string, extra: Partial<NewsPost> = {}): NewsPost => ({
  slug,
  title: slug,
  date,
  description: `About ${slug}.`,
  html: '<p>Text.</p>',
  ...extra,
});

const NOW = '2026-03-10T12:00:00.000Z';
const posts = [
  post('later', '2026-03-11'),
  post('draft', '2026-03-01', { draft: true }),
  post('today', '2026-03-10'),
  post('same-hour-elsewhere', '2026-03-10T13:30+02:00'),
  post('old', '2025-12-24'),
];

describe('stateOf', () => {
  it('judges a date alone as the start of that day in UTC, and a time by its zone', () => {
    expect(stateOf(post('a', '2026-03-10'), NOW)).toBe('published');
    expect(stateOf(post('a', '2026-03-11'), NOW)).toBe('scheduled');
    // 13:30 at +02:00 is 11:30 UTC, before noon UTC.
    expect(stateOf(post('a', '2026-03-10T13:30+02:00'), NOW)).toBe('published');
    expect(stateOf(post('a', '2026-03-10T12:30Z'), NOW)).toBe('scheduled');
  });

  it('calls a draft a draft whatever its date', () => {
    expect(stateOf(post('a', '2020-01-01', { draft: true }), NOW)).toBe('draft');
    expect(stateOf(post('a', '2020-01-01', { draft: false }), NOW)).toBe('published');
  });
});

describe('scheduleNews', () => {
  it('leaves drafts and later posts out of a build, and says which and why', () => {
    const { shown, hidden } = scheduleNews(posts, { drafts: false, future: false, now: NOW });
    expect(shown.map((entry) => entry.slug)).toEqual(['today', 'same-hour-elsewhere', 'old']);
    expect(shown.every((entry) => entry.state === 'published')).toBe(true);
    expect(hidden).toEqual([
      { slug: 'later', state: 'scheduled', date: '2026-03-11' },
      { slug: 'draft', state: 'draft', date: '2026-03-01' },
    ]);
  });

  it('includes drafts with --drafts and later posts with --future, each with its state for the badge', () => {
    const drafts = scheduleNews(posts, { drafts: true, future: false, now: NOW });
    expect(drafts.shown.map((entry) => [entry.slug, entry.state])).toContainEqual(['draft', 'draft']);
    expect(drafts.hidden.map((entry) => entry.slug)).toEqual(['later']);
    const both = scheduleNews(posts, { drafts: true, future: true, now: NOW });
    expect(both.shown.map((entry) => entry.slug)).toEqual(posts.map((entry) => entry.slug));
    expect(both.shown[0]!.state).toBe('scheduled');
    expect(both.hidden).toEqual([]);
  });

  it('shows a post on its day: the same content gives a different site only when now passes its date', () => {
    const before = scheduleNews(posts, { drafts: false, future: false, now: '2026-03-10T23:59:59Z' });
    const after = scheduleNews(posts, { drafts: false, future: false, now: '2026-03-11T00:00:00Z' });
    expect(before.shown.map((entry) => entry.slug)).not.toContain('later');
    expect(after.shown.map((entry) => entry.slug)).toContain('later');
    expect(scheduleNews(posts, { drafts: false, future: false, now: NOW })).toEqual(
      scheduleNews(posts, { drafts: false, future: false, now: NOW }),
    );
  });

  it('gives a post with an image its processed picture', () => {
    const picture = { src: '/assets/a.svg', width: 10, height: 5, sources: [] };
    const [shown] = scheduleNews(
      [post('a', '2026-01-01', { image: '/images/a.svg', alt: 'A' })],
      {
        drafts: false,
        future: false,
        now: NOW,
      },
      { '/images/a.svg': picture },
    ).shown;
    expect(shown!.cover).toBe(picture);
  });
});
