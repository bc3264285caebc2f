/**
 * placeMarkdownImages: each `<img>` a Markdown body shows becomes the <picture> of its processed
 * image (AVIF, WebP, the fallback; width, height, lazy loading): the markup templates/ui/Picture.tsx
 * writes for portfolio images, void elements closed with "/>" as React closes them. Pure: HTML and
 * processed images in, HTML out.
 */
import type { LoadedSite } from '../content/load.ts';
import type { ProcessedImage } from './pictures.ts';
import type { UrlPolicy } from '../site/routes.ts';

/** Markdown images fill the text column at most: legal and content pages are 48rem wide. */
export const MARKDOWN_IMAGE_SIZES = '(min-width: 48rem) 48rem, 100vw';

/** remark-html's `<img>`: src, alt and an optional title, attribute values already escaped. */
const IMG = /<img\b([^>]*)>/g;
const ATTRIBUTE = /\s([a-z]+)="([^"]*)"/g;

/**
 * `pictures`: by the src the body's HTML holds (its site path through the URL policy). An `<img>`
 * whose src is not among them (raw HTML kept with --allow-html) is left as it is.
 */
export function placeMarkdownImages(html: string, pictures: ReadonlyMap<string, ProcessedImage>): string {
  if (pictures.size === 0 || !html.includes('<img')) return html;
  return html.replace(IMG, (tag, attributes: string) => {
    const values = new Map([...attributes.matchAll(ATTRIBUTE)].map((match) => [match[1]!, match[2]!]));
    const image = pictures.get(unescape(values.get('src') ?? ''));
    if (!image) return tag;
    return renderPicture(image, values.get('alt') ?? '', values.get('title'));
  });
}

type Placed = Pick<LoadedSite, 'site' | 'pages'>;

/** The site with the pictures in every body that shows an image; an entry without one stays the same object. */
export function placeSiteImages(
  loaded: Placed,
  pictures: Readonly<Record<string, ProcessedImage>>,
  urls: Pick<UrlPolicy, 'asset'>,
): Placed {
  // The bodies' links went through the URL policy already (src/content/bodies.ts).
  const bySrc = new Map(Object.entries(pictures).map(([src, image]) => [urls.asset(src), image]));
  if (bySrc.size === 0) return loaded;
  const place = <T extends { html: string }>(entry: T): T => {
    const html = placeMarkdownImages(entry.html, bySrc);
    return html === entry.html ? entry : { ...entry, html };
  };
  const { site } = loaded;
  return {
    site: { ...site, services: site.services.map(place), about: place(site.about), legal: site.legal.map(place) },
    pages: loaded.pages.map(place),
  };
}

/** `alt` and `title` as they stand in the HTML: escaped already. */
function renderPicture(image: ProcessedImage, alt: string, title: string | undefined): string {
  const sizes = escape(MARKDOWN_IMAGE_SIZES);
  const sources = image.sources
    .map((source) => `<source type="${source.type}" srcset="${escape(source.srcset)}" sizes="${sizes}"/>`)
    .join('');
  const srcset = image.srcset ? ` srcset="${escape(image.srcset)}" sizes="${sizes}"` : '';
  const titled = title === undefined ? '' : ` title="${title}"`;
  const img = `<img src="${escape(image.src)}"${srcset} width="${image.width}" height="${image.height}" alt="${alt}"${titled} decoding="async" loading="lazy"/>`;
  return `<picture>${sources}${img}</picture>`;
}

function escape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function unescape(value: string): string {
  return value.replace(/&#x26;|&amp;/g, '&');
}
