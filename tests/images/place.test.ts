import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProcessedImage } from '../../src/images/processed-image.ts';
import { placeMarkdownImages, placeSiteImages, type RenderPicture } from '../../src/images/place.ts';
import { createUrlPolicy } from '../../src/site/routes.ts';
import { Picture } from '../../templates/ui/Picture.tsx';

const image: ProcessedImage = {
  src: '/assets/images/a-800-1.jpg',
  srcset: '/assets/images/a-400-1.jpg 400w, /assets/images/a-800-1.jpg 800w',
  width: 800,
  height: 600,
  sources: [
    { type: 'image/avif', srcset: '/assets/images/a-400-2.avif 400w' },
    { type: 'image/webp', srcset: '/assets/images/a-400-3.webp 400w' },
  ],
};

/** The shipped template's picture, as src/render/page.tsx renders it. */
const renderPicture: RenderPicture = (props) => renderToStaticMarkup(createElement(Picture, props));

it('replaces a processed <img> by the template’s <picture>, with its alt text and title escaped as React escapes every attribute', () => {
  const html = '<p><img src="/images/a.jpg" alt="Tom &#x26; &#x22;Jerry&#x22;" title="Us"></p>';
  expect(placeMarkdownImages(html, new Map([['/images/a.jpg', image]]), renderPicture)).toBe(
    '<p><picture>' +
      '<source type="image/avif" srcSet="/assets/images/a-400-2.avif 400w" sizes="(min-width: 48rem) 48rem, 100vw"/>' +
      '<source type="image/webp" srcSet="/assets/images/a-400-3.webp 400w" sizes="(min-width: 48rem) 48rem, 100vw"/>' +
      '<img src="/assets/images/a-800-1.jpg" srcSet="/assets/images/a-400-1.jpg 400w, /assets/images/a-800-1.jpg 800w" sizes="(min-width: 48rem) 48rem, 100vw"' +
      ' width="800" height="600" alt="Tom &amp; &quot;Jerry&quot;" title="Us" decoding="async" loading="lazy"/>' +
      '</picture></p>',
  );
});

it('renders Markdown images with whatever the templates’ picture component writes', () => {
  const html = '<p>One <img src="/images/a.jpg" alt="A"> and <img src="/images/a.jpg" alt="B"> two</p>';
  const marked: RenderPicture = ({ alt, sizes, loading }) => `[${alt} ${sizes} ${loading}]`;
  expect(placeMarkdownImages(html, new Map([['/images/a.jpg', image]]), marked)).toBe(
    '<p>One [A (min-width: 48rem) 48rem, 100vw lazy] and [B (min-width: 48rem) 48rem, 100vw lazy] two</p>',
  );
});

it('leaves an <img> it has no processed image for as it is', () => {
  const html = '<p><img src="/images/b.jpg" alt="B"></p>';
  expect(placeMarkdownImages(html, new Map([['/images/a.jpg', image]]), renderPicture)).toBe(html);
});

describe('placeSiteImages, run after run', () => {
  const urls = createUrlPolicy({ format: 'file', base: '/' }, 'https://example.com');
  const marked: RenderPicture = ({ alt }) => `[${alt}]`;
  const pictures = { '/images/a.jpg': image };
  const entry = (slug: string, html = `<p>${slug}</p>`) => ({ slug, html });
  const shows = (slug: string) => entry(slug, `<p><img src="/images/a.jpg" alt="${slug}"></p>`);
  const loadedOf = (pages: Array<{ slug: string; html: string }>) =>
    ({
      site: { services: [], about: entry('about'), legal: [], news: [], home: { sections: [] } },
      pages,
    }) as unknown as Parameters<typeof placeSiteImages>[0];
  const placedHtml = (pages: Array<{ slug: string; html: string }>) =>
    pages.map((page) => placeMarkdownImages(page.html, new Map([['/images/a.jpg', image]]), marked));

  it('places each page as a first run would when pages are saved, added, removed or swapped between runs', () => {
    const alpha = shows('alpha');
    const beta = entry('beta');
    const gamma = shows('gamma');
    const runs = [
      [alpha, beta, gamma],
      // beta saved: it shows an image now.
      [alpha, shows('beta'), gamma],
      // As many pages, others at two places.
      [gamma, shows('beta'), alpha],
      // One more, then one less.
      [gamma, shows('beta'), alpha, shows('delta')],
      [gamma, alpha, shows('delta')],
    ];
    let last: ReturnType<typeof placeSiteImages> | undefined;
    for (const pages of runs) {
      const placed = placeSiteImages(loadedOf(pages), pictures, urls, marked, { last: last?.run });
      expect(placed.pages.map((page) => page.html)).toEqual(placedHtml(pages));
      expect(placed.pages.map((page) => (page as { slug: string }).slug)).toEqual(pages.map((page) => page.slug));
      last = placed;
    }
    // Another renderer: every page placed again with it.
    const other: RenderPicture = ({ alt }) => `{${alt}}`;
    const again = placeSiteImages(loadedOf(runs.at(-1)!), pictures, urls, other, { last: last!.run });
    expect(again.pages.map((page) => page.html)).not.toEqual(last!.pages.map((page) => page.html));
    expect(again.pages[0]!.html).toBe('<p>{gamma}</p>');
  });

  it('keeps a page that did not change as the same object, given the last run', () => {
    const alpha = shows('alpha');
    const beta = entry('beta');
    const first = placeSiteImages(loadedOf([alpha, beta]), pictures, urls, marked);
    const next = placeSiteImages(loadedOf([alpha, entry('beta', '<p>new</p>')]), pictures, urls, marked, {
      last: first.run,
    });
    expect(next.pages[0]).toBe(first.pages[0]);
    expect(next.pages[1]!.html).toBe('<p>new</p>');
    // A page added: the others are still what they became.
    const added = placeSiteImages(loadedOf([shows('zeta'), alpha, beta]), pictures, urls, marked, { last: next.run });
    expect(added.pages[1]).toBe(first.pages[0]);
    // Without the last run, placed anew.
    expect(placeSiteImages(loadedOf([alpha, beta]), pictures, urls, marked).pages[0]).not.toBe(first.pages[0]);
  });
});
