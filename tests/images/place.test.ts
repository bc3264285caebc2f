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

  it('places the pictures of each page that shows one, and keeps the others as they are', () => {
    const alpha = shows('alpha');
    const beta = entry('beta');
    const pages = [alpha, beta, shows('gamma')];
    const placed = placeSiteImages(loadedOf(pages), pictures, urls, marked);
    expect(placed.pages.map((page) => page.html)).toEqual(placedHtml(pages));
    expect(placed.pages.map((page) => (page as { slug: string }).slug)).toEqual(['alpha', 'beta', 'gamma']);
    expect(placed.pages[1]).toBe(beta);
    // Another renderer: the pictures drawn with it.
    const other: RenderPicture = ({ alt }) => `{${alt}}`;
    expect(placeSiteImages(loadedOf(pages), pictures, urls, other).pages[0]!.html).toBe('<p>{alpha}</p>');
  });
});
