import { describe, expect, it } from 'vitest';
import { checkSite, resolveFile, type RenderedPage } from '../../src/output/check.ts';
import { createUrlPolicy, type Route } from '../../src/site/routes.ts';
import type { SourceFile } from '../../src/content/load.ts';

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
      page(
        '/',
        'index.html',
        '<section id="contact"></section><a href="/terms">t</a><a href="#contact">c</a><img src="/images/a.svg" srcset="/images/a.svg 1x"/><a href="https://x.example">x</a><a href="mailto:a@b.co">m</a>',
      ),
      page('/terms', 'terms.html', '<a href="/#contact">c</a><link rel="stylesheet" href="/assets/site.css"/>'),
    ];
    expect(checkSite({ pages, files, urls, sources: [] })).toEqual([]);
  });

  it('names the page and the link of a missing page, anchor or file', () => {
    const pages = [
      page(
        '/',
        'index.html',
        '<a href="/terms#nope">a</a><a href="/missing">b</a><img src="/images/b.svg"/><a href="#gone">c</a>',
      ),
    ];
    const errors = checkSite({ pages: [...pages, page('/terms', 'terms.html', '')], files, urls, sources: [] });
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ['BrokenAnchor', 'The page / links to "/terms#nope", but the page /terms has no element with id="nope".'],
      ['BrokenLink', 'The page / links to "/missing", but /missing is not a page or file of this site.'],
      ['MissingAsset', 'The page / links to "/images/b.svg", but the output has no file /images/b.svg.'],
      ['BrokenAnchor', 'The page / links to "#gone", but the page / has no element with id="gone".'],
    ]);
  });

  it('lists every page in the hint of a broken link on a small site, and the nearest twelve on a large one', () => {
    const broken = page('/', 'index.html', '<a href="/page-7">p</a>');
    const others = (count: number) =>
      Array.from({ length: count }, (_, index) => `page-${String(index + 1).padStart(2, '0')}`).map((slug) =>
        page(`/${slug}`, `${slug}.html`, ''),
      );
    const hintOf = (pages: RenderedPage[]) =>
      checkSite({ pages, files: new Set(pages.map((item) => item.route.file)), urls, sources: [] })[0]!.hint;
    expect(hintOf([broken, ...others(3)])).toBe(
      'Link to one of the pages (/, /page-01, /page-02, /page-03), or add the missing file to public/.',
    );
    const hint = hintOf([broken, ...others(30)]);
    const listed = /\(([^;]*);/.exec(hint!)![1]!.split(', ');
    expect(listed).toHaveLength(12);
    expect(listed.slice(0, 3)).toEqual(['/page-07', '/page-17', '/page-27']);
    expect(hint).toContain('; 31 pages in all), or add the missing file to public/.');
  });

  it('points a broken link back at the content line that wrote it', () => {
    const pages = [
      page('/terms', 'terms.html', '<p><a href="/pricing">see pricing</a></p>'),
      page('/', 'index.html', ''),
    ];
    const sources = [
      {
        file: 'content/legal/terms.md',
        text: '---\ntitle: Terms\n---\n\nIntro.\n\nSee [pricing](/pricing) for plans.\n',
      },
    ];
    const [error] = checkSite({ pages, files, urls, sources });
    expect(error).toMatchObject({ code: 'BrokenLink', file: 'content/legal/terms.md', line: 7, column: 15 });
    expect(error!.frame).toContain('> 7 | See [pricing](/pricing) for plans.');
  });

  it('reports a canonical URL that disagrees with the URL policy', () => {
    const wrong = {
      route: route('/terms', 'terms.html'),
      html: '<link rel="canonical" href="https://example.com/terms.html"/>',
    };
    const [error] = checkSite({ pages: [wrong], files, urls, sources: [] });
    expect(error).toMatchObject({ code: 'CanonicalMismatch' });
    expect(error!.message).toContain('https://example.com/terms');
  });

  it('checks every srcset candidate, also when React writes the attribute as srcSet (regression)', () => {
    const pages = [
      page(
        '/',
        'index.html',
        '<picture><source type="image/avif" srcSet="/images/a.svg 400w, /images/missing-800.avif 800w"/><img src="/images/a.svg"/></picture>',
      ),
    ];
    const errors = checkSite({ pages: [...pages, page('/terms', 'terms.html', '')], files, urls, sources: [] });
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      [
        'MissingAsset',
        'The page / links to "/images/missing-800.avif", but the output has no file /images/missing-800.avif.',
      ],
    ]);
  });
});

describe('checkSite reads the HTML as a browser does (regression: the regular-expression scan)', () => {
  const codes = (pages: RenderedPage[]) =>
    checkSite({ pages: [...pages, page('/terms', 'terms.html', '')], files, urls, sources: [] }).map((error) => [
      error.code,
      error.message,
    ]);

  it('checks single-quoted and unquoted links, which raw HTML may use', () => {
    expect(
      codes([
        page('/', 'index.html', "<a href='/missing-a'>a</a><a href=/missing-b>b</a><img src=/images/gone.png alt=x>"),
      ]),
    ).toEqual([
      ['BrokenLink', 'The page / links to "/missing-a", but /missing-a is not a page or file of this site.'],
      ['BrokenLink', 'The page / links to "/missing-b", but /missing-b is not a page or file of this site.'],
      ['MissingAsset', 'The page / links to "/images/gone.png", but the output has no file /images/gone.png.'],
    ]);
  });

  it('knows ids written single-quoted, unquoted or in upper case in raw HTML', () => {
    const body =
      '<section id=\'faq\'></section><div ID=raw></div><h2 id="plain">x</h2><a href="#faq">f</a><a href=\'#raw\'>r</a><a href="/#plain">p</a>';
    expect(codes([page('/', 'index.html', body)])).toEqual([]);
  });

  it('decodes every character reference in attributes, named and numeric', () => {
    const body =
      '<p id="q&amp;a"></p><p id="caf&eacute;"></p><a href="#q&amp;a">1</a><a href="#caf%C3%A9">2</a><a href="&#x2F;missing&#45;c">3</a><a href="/terms&num;top">4</a>';
    expect(codes([page('/', 'index.html', body)])).toEqual([
      ['BrokenLink', 'The page / links to "/missing-c", but /missing-c is not a page or file of this site.'],
      ['BrokenAnchor', 'The page / links to "/terms#top", but the page /terms has no element with id="top".'],
    ]);
  });

  it('ignores link-like text inside code, comments and attribute values that are not links', () => {
    const body =
      '<pre><code>&lt;a href="/not-a-link"&gt; id="fake"</code></pre><!-- <a href="/commented-out"> --><p title=\' href="/in-title"\'>t</p><a href="#fake">f</a>';
    expect(codes([page('/', 'index.html', body)])).toEqual([
      ['BrokenAnchor', 'The page / links to "#fake", but the page / has no element with id="fake".'],
    ]);
  });

  it('reads a canonical link written with single quotes or without quotes', () => {
    const quoted = {
      route: route('/', 'index.html'),
      html: "<html><head><link rel='canonical' href='https://example.com/'></head></html>",
    };
    const bare = {
      route: route('/terms', 'terms.html'),
      html: '<html><head><link rel=canonical href=https://example.com/terms></head></html>',
    };
    expect(checkSite({ pages: [quoted, bare], files, urls, sources: [] })).toEqual([]);
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

const home: Route = { path: '/', file: 'index.html', indexable: true, page: { kind: 'home' } };
const legal = (slug: string): Route => ({
  path: `/${slug}`,
  file: `${slug}.html`,
  indexable: true,
  page: { kind: 'entry', of: 'legal', entry: { slug, title: slug, dateLine: '', description: '', order: 1, html: '' } },
});

function pageOf(route: Route, body: string, canonical = urls.absolute(route.path)): RenderedPage {
  return {
    route,
    html: `<!DOCTYPE html><html><head><link rel="canonical" href="${canonical}"/></head><body>${body}</body></html>`,
  };
}

function check(
  pages: RenderedPage[],
  sources: Array<Pick<SourceFile, 'file' | 'text'>> = [],
  extraFiles: string[] = [],
) {
  const present = new Set([...pages.map((item) => item.route.file), ...extraFiles]);
  return checkSite({ pages, files: present, urls, sources }).map((error) => ({
    code: error.code,
    message: error.message,
    file: error.file,
    line: error.line,
    column: error.column,
  }));
}

describe('checkSite on bad links', () => {
  it('names the page and the link as written, and points at the Markdown line that wrote it', () => {
    const terms = pageOf(legal('terms'), '<p><a href="/pricing">prices</a></p>');
    const sources = [
      { file: 'content/legal/privacy.md', text: '---\ntitle: x\n---\n\nSee [prices](/pricing-old).\n' },
      { file: 'content/legal/terms.md', text: '---\ntitle: x\n---\n\nSee our [prices](/pricing).\n' },
    ];
    expect(check([pageOf(home, ''), terms], sources)).toEqual([
      {
        code: 'BrokenLink',
        message: 'The page /terms links to "/pricing", but /pricing is not a page or file of this site.',
        file: 'content/legal/terms.md',
        line: 5,
        column: 18,
      },
    ]);
  });

  it('reports a link that every page shows once, naming all the pages', () => {
    const nav = '<nav><a href="/about">About</a></nav>';
    const sources = [{ file: 'content/site.yaml', text: 'nav:\n  - label: About\n    href: /about\n' }];
    const errors = check([pageOf(home, nav), pageOf(legal('terms'), nav)], sources);
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'BrokenLink',
        file: 'content/site.yaml',
        line: 3,
        column: 11,
        message: expect.stringContaining('The pages /, /terms link to "/about"'),
      }),
    ]);
  });

  it('reports a referenced file the output does not hold as a missing asset', () => {
    const errors = check(
      [
        pageOf(
          home,
          '<img src="/images/missing.png" srcset="/images/a.svg 1x, /images/gone.svg 2x"/><link rel="stylesheet" href="/assets/old.css"/>',
        ),
      ],
      [],
      ['images/a.svg'],
    );
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ['MissingAsset', 'The page / links to "/images/missing.png", but the output has no file /images/missing.png.'],
      ['MissingAsset', 'The page / links to "/images/gone.svg", but the output has no file /images/gone.svg.'],
      ['MissingAsset', 'The page / links to "/assets/old.css", but the output has no file /assets/old.css.'],
    ]);
  });

  it('requires the canonical URL the URL policy gives, in either attribute order', () => {
    const swapped = {
      route: home,
      html: '<html><head><link href="https://example.com/" rel="canonical"></head></html>',
    };
    expect(check([swapped])).toEqual([]);
    expect(check([pageOf(legal('terms'), '', 'https://example.com/terms.html')])).toEqual([
      expect.objectContaining({
        code: 'CanonicalMismatch',
        file: 'terms.html',
        message:
          'The page /terms declares the canonical URL https://example.com/terms.html, but the URL policy gives https://example.com/terms.',
      }),
    ]);
    expect(check([{ route: home, html: '<html></html>' }])[0]).toMatchObject({
      code: 'CanonicalMismatch',
      message: expect.stringContaining('(none)'),
    });
  });

  it('follows the directory format and a base path like a static host', () => {
    const directory = createUrlPolicy(
      { format: 'directory', base: '/agency/', siteUrl: undefined },
      'https://example.com',
    );
    const route: Route = { ...legal('terms'), file: 'terms/index.html' };
    const pages = [
      {
        route: home,
        html: `<link rel="canonical" href="${directory.absolute('/')}"><a href="/agency/terms/">t</a><a href="/terms/">wrong base</a>`,
      },
      { route, html: `<link rel="canonical" href="${directory.absolute('/terms')}"><a href="../">home</a>` },
    ];
    const errors = checkSite({
      pages,
      files: new Set(['index.html', 'terms/index.html']),
      urls: directory,
      sources: [],
    });
    expect(errors.map((error) => error.message)).toEqual([
      'The page / links to "/terms/", but /terms/ is not a page or file of this site.',
    ]);
  });
});

describe('checkSite and ids', () => {
  it('reports an id written twice on a page, naming the page and both sources', () => {
    const home = page(
      '/',
      'index.html',
      '<h2 id="services-title">Services</h2><h2 id="services-title">Services title</h2>',
    );
    const errors = checkSite({
      pages: [home],
      files,
      urls,
      sources: [],
      bodiesOf: () => [{ file: 'content/about.md', html: '<h2 id="services-title">Services title</h2>' }],
    });
    expect(errors.map((error) => [error.code, error.file, error.message])).toEqual([
      [
        'DuplicateId',
        'content/about.md',
        'The page / has two elements with id="services-title": one from content/about.md, one from the templates. A link to #services-title reaches only the first.',
      ],
    ]);
  });
});
