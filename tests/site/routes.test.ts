import { describe, expect, it } from 'vitest';
import {
  advanceRoutes,
  createRoutes,
  createUrlPolicy,
  rewriteContentLinks,
  type RoutesRun,
} from '../../src/site/routes.ts';
import { keepSameRoutes } from '../../src/site/same-routes.ts';
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
    expect(routes.map((route) => [route.path, route.file, route.page.kind])).toEqual([
      ['/', 'index.html', 'home'],
      ['/terms', 'terms.html', 'legal'],
      ['/about-us', 'about-us.html', 'page'],
      ['/careers', 'careers.html', 'page'],
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

  it('finds a clash that a run makes with the last run pages but one (the dev save of one page), and again while it stays', () => {
    const careers = contentPage('careers');
    const pages = [contentPage('about-us'), careers, contentPage('team')];
    const first = advanceRoutes(undefined, withLegal([legalPage('terms')]), fileUrls, pages);
    expect(first.routes).toHaveLength(6);
    // The same objects but the last, whose slug is now another page's.
    const clashing = [pages[0]!, careers, contentPage('careers')];
    const attempt = () => advanceRoutes(first.run, withLegal([legalPage('terms')]), fileUrls, clashing);
    expect(clashesOf(attempt)).toEqual([expect.stringMatching(/content\/pages\/careers\.md/)]);
    expect(clashesOf(attempt)).toHaveLength(1);
    // Back to a slug of its own: it passes, and the route of the page that did not change is the same object.
    const fixed = [pages[0]!, careers, contentPage('jobs')];
    const next = advanceRoutes(first.run, withLegal([legalPage('terms')]), fileUrls, fixed);
    expect(next.routes.map((route) => route.path)).toEqual(['/', '/terms', '/about-us', '/careers', '/jobs', '/404']);
    expect(next.routes[3]).toBe(first.routes[3]);
    // The same pages, a legal page now at one's slug: the last run's record does not let it pass.
    const legalClash = () => advanceRoutes(next.run, withLegal([legalPage('careers')]), fileUrls, fixed);
    expect(clashesOf(legalClash)).toHaveLength(1);
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

describe('advanceRoutes, run after run', () => {
  const fresh = (pages: ContentPage[], urls = fileUrls) =>
    [
      ['/', 'index.html', true],
      ['/terms', urls.file('/terms'), true],
      ...pages.map((page) => [`/${page.slug}`, urls.file(`/${page.slug}`), page.noindex !== true]),
      ['/404', '404.html', false],
    ] as const;
  const shape = (routes: ReturnType<typeof createRoutes>) =>
    routes.map((route) => [route.path, route.file, route.indexable]);

  it('gives the routes a first run would when pages are saved, added, removed, renamed or swapped between runs', () => {
    const terms = legalPage('terms');
    const alpha = contentPage('alpha');
    const beta = contentPage('beta');
    const gamma = contentPage('gamma');
    const runs: ContentPage[][] = [
      [alpha, beta, gamma],
      // beta saved, then renamed; gamma out of search results.
      [alpha, contentPage('beta'), gamma],
      [alpha, contentPage('bravo'), { ...gamma, noindex: true }],
      // As many pages, in another order.
      [gamma, alpha, beta],
      // One more, then one less.
      [gamma, alpha, beta, contentPage('delta')],
      [alpha, beta, contentPage('delta')],
    ];
    let last: RoutesRun | undefined;
    const advance = (pages: ContentPage[], urls = fileUrls) => {
      const made = advanceRoutes(last, withLegal([terms]), urls, pages);
      last = made.run;
      return made.routes;
    };
    for (const pages of runs) expect(shape(advance(pages))).toEqual(fresh(pages));
    // The other URL format: every page's file follows it.
    const directory = createUrlPolicy({ format: 'directory', base: '/' }, 'https://example.com');
    const pages = runs.at(-1)!;
    expect(shape(advance(pages, directory))).toEqual(fresh(pages, directory));
    expect(shape(advance(pages))).toEqual(fresh(pages));
  });

  it('keeps the route of every unchanged page as the same object, given the last run', () => {
    const alpha = contentPage('alpha');
    const first = advanceRoutes(undefined, withLegal([legalPage('terms')]), fileUrls, [alpha, contentPage('beta')]);
    const next = advanceRoutes(first.run, withLegal([legalPage('terms')]), fileUrls, [alpha, contentPage('beta')]);
    expect(next.routes[2]).toBe(first.routes[2]);
    expect(next.routes[3]).not.toBe(first.routes[3]);
    // A page added before them: each page the last run had keeps its route.
    const added = advanceRoutes(next.run, withLegal([legalPage('terms')]), fileUrls, [
      contentPage('zeta'),
      ...next.run.pages,
    ]);
    expect(added.routes.slice(3, 5)).toEqual(next.routes.slice(2, 4));
    expect(added.routes[3]).toBe(first.routes[2]);
    expect(added.routes[4]).toBe(next.routes[3]);
    // Without the last run, or with the other URL format, every route is made anew.
    expect(advanceRoutes(undefined, withLegal([]), fileUrls, [alpha]).routes[1]).not.toBe(first.routes[2]);
    const directory = createUrlPolicy({ format: 'directory', base: '/' }, 'https://example.com');
    expect(advanceRoutes(first.run, withLegal([]), directory, [alpha, contentPage('beta')]).routes[1]).toMatchObject({
      path: '/alpha',
      file: 'alpha/index.html',
    });
  });

  it('with keepSameRoutes at the stage, keeps the route of every page, legal page, post and of home and 404 while they are', () => {
    const terms = legalPage('terms');
    const alpha = contentPage('alpha');
    const news = { news: { pageSize: 10 } };
    const post = { slug: 'launch', title: 'Launch', date: '2026-01-01', state: 'published' };
    const siteOf = (posts: object[]) => ({ legal: [terms], settings: news, news: posts }) as unknown as Site;
    // As makeSite runs the stage: the last run's record in, the routes like the last run's taken back.
    let last: { run: RoutesRun; routes: ReturnType<typeof createRoutes> } | undefined;
    const stage = (site: Site, pages: ContentPage[]) => {
      const made = advanceRoutes(last?.run, site, fileUrls, pages);
      last = { run: made.run, routes: keepSameRoutes(last?.routes, made.routes) };
      return last.routes;
    };
    const first = stage(siteOf([post]), [alpha, contentPage('beta')]);
    const next = stage(siteOf([post]), [alpha, { ...contentPage('beta'), html: '<p>saved</p>' }]);
    expect(next.map((route) => route.path)).toEqual(first.map((route) => route.path));
    // All but beta's, which was saved with another text.
    expect(next.filter((route, index) => route !== first[index]).map((route) => route.path)).toEqual(['/beta']);
    // A post saved: the news' routes are made again, and lead to it.
    const saved = { ...post, title: 'Launched' };
    const after = stage(siteOf([saved]), [alpha, contentPage('beta')]);
    const postRoute = after.find((route) => route.path === '/news/launch')!;
    expect(postRoute.page).toMatchObject({ kind: 'news-post', post: saved });
    expect(after.find((route) => route.path === '/news')!.page).toMatchObject({ posts: [saved] });
    expect(after.find((route) => route.path === '/alpha')).toBe(first.find((route) => route.path === '/alpha'));
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
