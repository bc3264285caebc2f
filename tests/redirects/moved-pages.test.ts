import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  advanceGonePages,
  findGonePages,
  loadPublished,
  PUBLISHED_FILE,
  publishedPages,
} from '../../src/redirects/moved-pages.ts';
import type { Route } from '../../src/site/routes.ts';

const route = (path: string, page: Route['page']): Route => ({
  path,
  file: `${path.slice(1) || 'index'}.html`,
  indexable: true,
  page,
});
const legal = (slug: string) => route(`/${slug}`, { kind: 'legal', legal: { slug } as never });
const redirect = (from: string) =>
  route(from, { kind: 'redirect', redirect: { from, to: '/', status: 301, href: '/', absolute: 'https://x.dev/' } });

describe('the moved-page guard', () => {
  it('records every page a visitor can reach with the file it is made from, not the 404 page or old paths', () => {
    const routes = [
      route('/', { kind: 'home' }),
      legal('terms'),
      route('/news/launch', { kind: 'news-post', post: { slug: 'launch' } } as Route['page']),
      route('/404', { kind: 'not-found' }),
      redirect('/old'),
    ];
    expect(publishedPages(routes)).toEqual([
      { path: '/', file: 'content/home.yaml' },
      { path: '/terms', file: 'content/legal/terms.md' },
      { path: '/news/launch', file: 'content/news/launch.md' },
    ]);
  });

  it('warns once for each page that is gone, at its file, and not for one an old path covers', () => {
    const previous = {
      since: 'last build' as const,
      pages: [
        { path: '/terms', file: 'content/legal/terms.md' },
        { path: '/cookies', file: 'content/legal/cookies.md' },
        { path: '/cookies/' },
        { path: '/moved', file: 'content/legal/moved.md' },
      ],
    };
    const warnings = findGonePages(previous, [legal('terms'), redirect('/moved')]);
    expect(
      warnings.map(({ code, file, severity, message }) => ({ code, file, severity, message: message.split('. ')[0] })),
    ).toEqual([
      {
        code: 'PageGone',
        file: 'content/legal/cookies.md',
        severity: 'warning',
        message: '/cookies is gone: add a redirect from it in content/redirects.yaml',
      },
    ]);
  });

  it('points the warnings of a sitemap at content/redirects.yaml, where the fix goes', () => {
    const warnings = findGonePages({ since: 'sitemap', pages: [{ path: '/gone' }] }, [legal('terms')]);
    expect(warnings.map((warning) => [warning.file, warning.message.includes('The sitemap lists it')])).toEqual([
      ['content/redirects.yaml', true],
    ]);
  });

  it('given the last run, gives its warnings again while the same record meets routes that serve the same paths', () => {
    const previous = { since: 'last build' as const, pages: [{ path: '/terms' }, { path: '/gone' }] };
    const routes = [legal('terms'), legal('privacy')];
    const first = advanceGonePages(undefined, previous, routes);
    expect(first.warnings.map((warning) => warning.message.split(' ')[0])).toEqual(['/gone']);
    // Another route object at the same path (a save): the same warnings, the same set of paths.
    const saved = advanceGonePages(first, previous, [legal('terms'), legal('privacy')]);
    expect(saved.warnings).toBe(first.warnings);
    expect(saved.served.served).toBe(first.served.served);
    // A route at another path: looked for again.
    const renamed = advanceGonePages(saved, previous, [legal('terms'), legal('gone')]);
    expect(renamed.warnings).toEqual([]);
    expect(advanceGonePages(renamed, { ...previous }, [legal('privacy')]).warnings).toHaveLength(2);
  });

  it('reads the record again when its file is replaced, and gives the last read while it is not', async () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'moved-pages-'));
    try {
      expect(await loadPublished(cacheDir)).toBeUndefined();
      writeFileSync(path.join(cacheDir, PUBLISHED_FILE), JSON.stringify([{ path: '/terms' }]));
      const first = await loadPublished(cacheDir);
      expect(first?.previous).toEqual({ since: 'last build', pages: [{ path: '/terms' }] });
      expect(await loadPublished(cacheDir, first)).toBe(first);
      writeFileSync(path.join(cacheDir, PUBLISHED_FILE), JSON.stringify([{ path: '/terms' }, { path: '/team' }]));
      const next = await loadPublished(cacheDir, first);
      expect(next?.previous?.pages).toEqual([{ path: '/terms' }, { path: '/team' }]);
      writeFileSync(path.join(cacheDir, PUBLISHED_FILE), 'not a record');
      expect((await loadPublished(cacheDir, next))?.previous).toBeUndefined();
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
