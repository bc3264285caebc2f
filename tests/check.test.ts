import { describe, expect, it } from 'vitest';
import { checkSite, resolveFile, type RenderedPage } from '../src/check.ts';
import { createUrlPolicy, type Route } from '../src/routes.ts';

const urls = createUrlPolicy({ format: 'file', base: '/' }, 'https://example.com');
const route = (path: string, file: string, kind: 'home' | 'not-found' = 'home'): Route =>
  ({ path, file, indexable: kind === 'home', page: { kind } }) as Route;
const page = (path: string, file: string, body: string): RenderedPage => ({
  route: route(path, file),
  html: `<html><head><link rel="canonical" href="${urls.absolute(path)}"/></head><body>${body}</body></html>`,
});
const files = new Set(['index.html', 'terms.html', 'assets/site.css', 'images/a.svg']);

describe('checkSite', () => {
  it('accepts links to pages, anchors that exist, assets and external addresses', () => {
    const pages = [
      page('/', 'index.html', '<section id="contact"></section><a href="/terms">t</a><a href="#contact">c</a><img src="/images/a.svg" srcset="/images/a.svg 1x"/><a href="https://x.example">x</a><a href="mailto:a@b.co">m</a>'),
      page('/terms', 'terms.html', '<a href="/#contact">c</a><link rel="stylesheet" href="/assets/site.css"/>'),
    ];
    expect(checkSite({ pages, files, urls, sources: [] })).toEqual([]);
  });

  it('names the page and the link of a missing page, anchor or file', () => {
    const pages = [page('/', 'index.html', '<a href="/terms#nope">a</a><a href="/missing">b</a><img src="/images/b.svg"/><a href="#gone">c</a>')];
    const errors = checkSite({ pages: [...pages, page('/terms', 'terms.html', '')], files, urls, sources: [] });
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ['BrokenAnchor', 'A link on the page / points at #nope, but terms.html has no element with id="nope".'],
      ['BrokenLink', 'A link on the page / points at /missing, which is not a page or file of this site.'],
      ['BrokenLink', 'A link on the page / points at /images/b.svg, which is not a page or file of this site.'],
      ['BrokenAnchor', 'A link on the page / points at #gone, but index.html has no element with id="gone".'],
    ]);
  });

  it('points a broken link back at the content line that wrote it', () => {
    const pages = [page('/terms', 'terms.html', '<p><a href="/pricing">see pricing</a></p>'), page('/', 'index.html', '')];
    const sources = [{ file: 'content/legal/terms.md', text: '---\ntitle: Terms\n---\n\nIntro.\n\nSee [pricing](/pricing) for plans.\n' }];
    const [error] = checkSite({ pages, files, urls, sources });
    expect(error).toMatchObject({ code: 'BrokenLink', file: 'content/legal/terms.md', line: 7, column: 15 });
    expect(error!.frame).toContain('> 7 | See [pricing](/pricing) for plans.');
  });

  it('reports a canonical URL that disagrees with the URL policy', () => {
    const wrong = { route: route('/terms', 'terms.html'), html: '<link rel="canonical" href="https://example.com/terms.html"/>' };
    const [error] = checkSite({ pages: [wrong], files, urls, sources: [] });
    expect(error).toMatchObject({ code: 'CanonicalMismatch' });
    expect(error!.message).toContain('https://example.com/terms');
  });

  it('checks every srcset candidate, also when React writes the attribute as srcSet (regression)', () => {
    const pages = [page('/', 'index.html', '<picture><source type="image/avif" srcSet="/images/a.svg 400w, /images/missing-800.avif 800w"/><img src="/images/a.svg"/></picture>')];
    const errors = checkSite({ pages: [...pages, page('/terms', 'terms.html', '')], files, urls, sources: [] });
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ['BrokenLink', 'A link on the page / points at /images/missing-800.avif, which is not a page or file of this site.'],
    ]);
  });
});

describe('resolveFile', () => {
  it('serves /x from x or x.html and /x/ from x/index.html, as a static host does', () => {
    const all = new Set(['index.html', 'terms.html', 'blog/index.html', 'robots.txt']);
    expect(resolveFile('/', urls, all)).toBe('index.html');
    expect(resolveFile('/terms', urls, all)).toBe('terms.html');
    expect(resolveFile('/robots.txt', urls, all)).toBe('robots.txt');
    expect(resolveFile('/blog/', urls, all)).toBe('blog/index.html');
    expect(resolveFile('/blog', urls, all)).toBeUndefined();
    expect(resolveFile('/terms/', urls, all)).toBeUndefined();
  });

  it('finds nothing outside the base', () => {
    const sub = createUrlPolicy({ format: 'file', base: '/sub/' }, 'https://example.com');
    expect(resolveFile('/terms', sub, new Set(['terms.html']))).toBeUndefined();
    expect(resolveFile('/sub/terms', sub, new Set(['terms.html']))).toBe('terms.html');
  });
});
