import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findGonePages,
  PUBLISHED_FILE,
  publishedPages,
  publishedStamp,
  readPublished,
} from '../../src/redirects/moved-pages.ts';
import type { Route } from '../../src/site/routes.ts';

const route = (path: string, page: Route['page']): Route => ({
  path,
  file: `${path.slice(1) || 'index'}.html`,
  indexable: true,
  page,
});
const legal = (slug: string) => route(`/${slug}`, { kind: 'entry', of: 'legal', entry: { slug } as never });
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
    const { warnings } = findGonePages(previous, [legal('terms'), redirect('/moved')]);
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
    const { warnings } = findGonePages({ since: 'sitemap', pages: [{ path: '/gone' }] }, [legal('terms')]);
    expect(warnings.map((warning) => [warning.file, warning.message.includes('The sitemap lists it')])).toEqual([
      ['content/redirects.yaml', true],
    ]);
  });

  it('looks again for each set of routes: a path served again is no longer gone', () => {
    const previous = { since: 'last build' as const, pages: [{ path: '/terms' }, { path: '/gone' }] };
    const paths = (routes: Route[]) =>
      findGonePages(previous, routes).warnings.map((warning) => warning.message.split(' ')[0]);
    expect(paths([legal('terms'), legal('privacy')])).toEqual(['/gone']);
    expect(paths([legal('terms'), legal('gone')])).toEqual([]);
    expect(paths([legal('privacy')])).toEqual(['/terms', '/gone']);
  });

  it('stamps the record anew when its file is replaced, and reads a damaged one as no record', async () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'moved-pages-'));
    const file = path.join(cacheDir, PUBLISHED_FILE);
    try {
      expect(publishedStamp(cacheDir)).toBeUndefined();
      writeFileSync(file, JSON.stringify([{ path: '/terms' }]));
      const first = publishedStamp(cacheDir);
      expect(first?.file).toBe(file);
      expect(await readPublished(file)).toEqual({ since: 'last build', pages: [{ path: '/terms' }] });
      expect(publishedStamp(cacheDir)).toEqual(first);
      writeFileSync(file, JSON.stringify([{ path: '/terms' }, { path: '/team' }]));
      expect(publishedStamp(cacheDir)?.stamp).not.toBe(first?.stamp);
      expect((await readPublished(file))?.pages).toEqual([{ path: '/terms' }, { path: '/team' }]);
      writeFileSync(file, 'not a record');
      expect(await readPublished(file)).toBeUndefined();
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
