import { expect, it } from 'vitest';
import type { ProcessedImage } from '../../src/images/pictures.ts';
import { placeMarkdownImages } from '../../src/images/place.ts';

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

it('replaces a processed <img> by a <picture>, keeping its escaped alt text and title', () => {
  const html = '<p><img src="/images/a.jpg" alt="Tom &#x26; &#x22;Jerry&#x22;" title="Us"></p>';
  expect(placeMarkdownImages(html, new Map([['/images/a.jpg', image]]))).toBe(
    '<p><picture>' +
      '<source type="image/avif" srcset="/assets/images/a-400-2.avif 400w" sizes="(min-width: 48rem) 48rem, 100vw"/>' +
      '<source type="image/webp" srcset="/assets/images/a-400-3.webp 400w" sizes="(min-width: 48rem) 48rem, 100vw"/>' +
      '<img src="/assets/images/a-800-1.jpg" srcset="/assets/images/a-400-1.jpg 400w, /assets/images/a-800-1.jpg 800w" sizes="(min-width: 48rem) 48rem, 100vw"' +
      ' width="800" height="600" alt="Tom &#x26; &#x22;Jerry&#x22;" title="Us" decoding="async" loading="lazy"/>' +
      '</picture></p>',
  );
});

it('leaves an <img> it has no processed image for as it is', () => {
  const html = '<p><img src="/images/b.jpg" alt="B"></p>';
  expect(placeMarkdownImages(html, new Map([['/images/a.jpg', image]]))).toBe(html);
});
