import { describe, expect, it } from 'vitest';
import { SiteError } from '../../src/errors.ts';
import { parseSitemap } from '../../src/redirects/sitemap.ts';

const urlset = (body: string) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>`;

describe('parseSitemap', () => {
  it('reads each <loc> as a site path, entities decoded and spaces around it dropped', () => {
    const text = urlset(
      '<url><loc>https://x.dev/</loc></url><url><loc>\n  https://x.dev/a?b=1&amp;c=2\n</loc></url><url><loc>https://x.dev/news/launch</loc></url>',
    );
    expect(parseSitemap(text, 'sitemap.xml', '/')).toEqual(['/', '/a', '/news/launch']);
  });

  it('leaves out what is not a web address of the site under its base', () => {
    const text = urlset(
      '<url><loc>ftp://x.dev/sub/a</loc></url><url><loc>not a url</loc></url><url><loc>https://x.dev/elsewhere</loc></url><url><loc>https://x.dev/sub/b</loc></url>',
    );
    expect(parseSitemap(text, 'sitemap.xml', '/sub/')).toEqual(['/b']);
  });

  it('refuses a sitemap index and a document without <urlset>', () => {
    const index = () =>
      parseSitemap('<sitemapindex><sitemap><loc>https://x.dev/a.xml</loc></sitemap></sitemapindex>', 's.xml', '/');
    expect(index).toThrow(SiteError);
    expect(index).toThrow('it is a sitemap index');
    expect(() => parseSitemap('<html></html>', 's.xml', '/')).toThrow('it has no <urlset> element');
  });

  // Regression: a lazy pattern between two \s* took quadratic time on a long run of spaces.
  it('reads a <loc> holding a million spaces in one pass', () => {
    const text = urlset(`<url><loc>${' '.repeat(1_000_000)}x</loc></url><url><loc>https://x.dev/a</loc></url>`);
    expect(parseSitemap(text, 'sitemap.xml', '/')).toEqual(['/a']);
  });
});
