import { describe, expect, it } from 'vitest';
import { createRoutes, createUrlPolicy, rewriteContentLinks } from '../../src/site/routes.ts';
import type { ContentPage, LegalPage, Site } from '../../src/content/kinds.ts';
import { toSiteErrors } from '../../src/errors.ts';

const legal = (slug: string) => ({ slug, title: slug, dateLine: 'd', description: 'd', order: 1, html: '' });
const site = (slugs: string[]) => ({ legal: slugs.map(legal) }) as unknown as Site;

describe('createUrlPolicy', () => {
  it('maps /terms to terms.html and links /terms in the file format', () => {
    const urls = createUrlPolicy({ format: 'file', base: '/' }, 'https://example.com/');
    expect(urls.file('/terms')).toBe('terms.html');
    expect(urls.file('/')).toBe('index.html');
    expect(urls.href('/terms')).toBe('/terms');
    expect(urls.href('/#services')).toBe('/#services');
    expect(urls.absolute('/terms')).toBe('https://example.com/terms');
    expect(urls.absolute('/')).toBe('https://example.com/');
  });

  it('maps /terms to terms/index.html and links /terms/ in the directory format', () => {
    const urls = createUrlPolicy({ format: 'directory', base: '/' }, 'https://example.com');
    expect(urls.file('/terms')).toBe('terms/index.html');
    expect(urls.href('/terms')).toBe('/terms/');
    expect(urls.href('/terms#refunds')).toBe('/terms/#refunds');
    expect(urls.absolute('/terms')).toBe('https://example.com/terms/');
  });

  it('prefixes links, assets and absolute URLs with the base', () => {
    const urls = createUrlPolicy({ format: 'file', base: '/sub/' }, 'https://example.com');
    expect(urls.href('/')).toBe('/sub/');
    expect(urls.href('/terms')).toBe('/sub/terms');
    expect(urls.href('/#contact')).toBe('/sub/#contact');
    expect(urls.asset('/images/logo.svg')).toBe('/sub/images/logo.svg');
    expect(urls.asset('assets/site.css')).toBe('/sub/assets/site.css');
    expect(urls.absolute('/terms')).toBe('https://example.com/sub/terms');
    expect(urls.siteUrl).toBe('https://example.com/sub');
  });

  it('leaves in-page anchors and external links as they are', () => {
    const urls = createUrlPolicy({ format: 'directory', base: '/sub/' }, 'https://example.com');
    expect(urls.href('#contact')).toBe('#contact');
    expect(urls.href('https://wa.me/1555')).toBe('https://wa.me/1555');
    expect(urls.href('mailto:a@b.co')).toBe('mailto:a@b.co');
  });

  it('lets --site-url override the URL of the site file', () => {
    const urls = createUrlPolicy(
      { format: 'file', base: '/', siteUrl: 'https://staging.example.org' },
      'https://example.com',
    );
    expect(urls.absolute('/terms')).toBe('https://staging.example.org/terms');
  });
});

describe('createRoutes', () => {
  const urls = createUrlPolicy({ format: 'file', base: '/' }, 'https://example.com');

  it('makes the home page, one route per legal file in order, and the 404 page', () => {
    const routes = createRoutes(site(['terms', 'refund-policy']), urls);
    expect(routes.map((route) => [route.path, route.file, route.indexable])).toEqual([
      ['/', 'index.html', true],
      ['/terms', 'terms.html', true],
      ['/refund-policy', 'refund-policy.html', true],
      ['/404', '404.html', false],
    ]);
  });

  it('refuses a legal page named like a path the build writes itself', () => {
    expect(clashesOf(() => createRoutes(site(['assets']), urls))).toEqual([
      expect.stringMatching(/content\/legal\/assets\.md would be served at \/assets/),
    ]);
  });
});

const legalPage = (slug: string): LegalPage => ({
  slug,
  title: slug,
  dateLine: 'today',
  description: 'd',
  order: 1,
  html: '',
});
const contentPage = (slug: string): ContentPage => ({ slug, title: slug, description: 'd', html: '<p>x</p>' });
const withLegal = (legalPages: LegalPage[]) => ({ legal: legalPages }) as unknown as Site;
const fileUrls = createUrlPolicy({ format: 'file', base: '/' }, 'https://example.com');

describe('createRoutes with content pages', () => {
  it('serves each page of content/pages/ at /<file name>, after the legal pages and before 404', () => {
    const routes = createRoutes(withLegal([legalPage('terms')]), fileUrls, [
      contentPage('about-us'),
      contentPage('careers'),
    ]);
    const kindOf = ({ page }: (typeof routes)[number]) => (page.kind === 'entry' ? page.of : page.kind);
    expect(routes.map((route) => [route.path, route.file, kindOf(route)])).toEqual([
      ['/', 'index.html', 'home'],
      ['/terms', 'terms.html', 'legal'],
      ['/about-us', 'about-us.html', 'pages'],
      ['/careers', 'careers.html', 'pages'],
      ['/404', '404.html', 'not-found'],
    ]);
  });

  it('rejects a page named like a legal page, pointing at the page file', () => {
    const attempt = () => createRoutes(withLegal([legalPage('terms')]), fileUrls, [contentPage('terms')]);
    expect(clashesOf(attempt)).toEqual([
      expect.stringMatching(/content\/legal\/terms\.md and content\/pages\/terms\.md would both be served at \/terms/),
    ]);
  });

  it('rejects a page at a path the build writes itself', () => {
    expect(clashesOf(() => createRoutes(withLegal([]), fileUrls, [contentPage('assets')]))).toEqual([
      expect.stringMatching(/content\/pages\/assets\.md would be served at \/assets/),
    ]);
  });

  it('reports every clash at once, each at its own file', () => {
    const attempt = () =>
      createRoutes(withLegal([legalPage('terms'), legalPage('404')]), fileUrls, [
        contentPage('terms'),
        contentPage('sitemap'),
      ]);
    expect(clashesOf(attempt)).toHaveLength(3);
  });

  it('lays pages out by the URL policy', () => {
    const directory = createUrlPolicy({ format: 'directory', base: '/sub/' }, 'https://example.com');
    expect(createRoutes(withLegal([]), directory, [contentPage('careers')])[1]).toMatchObject({
      path: '/careers',
      file: 'careers/index.html',
    });
  });

  it('is a pure function of the site, the pages and the URL policy: the same input gives equal routes', () => {
    const pages = [contentPage('careers')];
    expect(createRoutes(withLegal([]), fileUrls, pages)).toEqual(
      createRoutes(withLegal([]), fileUrls, [contentPage('careers')]),
    );
    const directory = createUrlPolicy({ format: 'directory', base: '/' }, 'https://example.com');
    expect(createRoutes(withLegal([]), directory, pages)[1]).toMatchObject({
      path: '/careers',
      file: 'careers/index.html',
    });
  });
});

describe('rewriteContentLinks', () => {
  const html =
    '<p><a href="/privacy-policy">p</a> <a href="/#contact">c</a> <a href="https://x.example/a">x</a> <a href="#top">t</a> <img src="/images/a.svg" alt=""></p>';

  it('sends Markdown links and images through the base and the directory format', () => {
    const urls = createUrlPolicy({ format: 'directory', base: '/sub/' }, 'https://example.com');
    expect(rewriteContentLinks(html, urls)).toBe(
      '<p><a href="/sub/privacy-policy/">p</a> <a href="/sub/#contact">c</a> <a href="https://x.example/a">x</a> <a href="#top">t</a> <img src="/sub/images/a.svg" alt=""></p>',
    );
  });

  it('leaves the HTML as it is under the default policy', () => {
    expect(rewriteContentLinks(html, createUrlPolicy({ format: 'file', base: '/' }, 'https://example.com'))).toBe(html);
  });

  it("keeps #id on the page it is written in, and gives /page#id the page's shape before the fragment", () => {
    const urls = createUrlPolicy({ format: 'directory', base: '/sub/' }, 'https://example.com');
    const links =
      '<a href="#payment">a</a> <a href="/terms#payment">b</a> <a href="/#contact">c</a> <a href="#user-content-fn-1">d</a>';
    expect(rewriteContentLinks(links, urls)).toBe(
      '<a href="#payment">a</a> <a href="/sub/terms/#payment">b</a> <a href="/sub/#contact">c</a> <a href="#user-content-fn-1">d</a>',
    );
  });
});

/** The DuplicateUrl messages a call throws, all of them. */
function clashesOf(attempt: () => unknown): string[] {
  try {
    attempt();
  } catch (thrown) {
    const errors = toSiteErrors(thrown) ?? [];
    expect(errors.every((error) => error.code === 'DuplicateUrl')).toBe(true);
    return errors.map((error) => `${error.file}: ${error.message}`);
  }
  throw new Error('expected DuplicateUrl errors');
}
