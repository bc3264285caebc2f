/**
 * placeMarkdownImages: each `<img>` a Markdown body shows becomes the <picture> of its processed image,
 * rendered by the templates' picture component (templates/ui/Picture.tsx), the one home of that markup.
 * Pure: HTML, processed images and the renderer in, HTML out.
 */
import { Parser } from 'htmlparser2';
import type { LoadedSite } from '../content/load.ts';
import { KIND_NAMES, KINDS, type Site } from '../content/kinds.ts';
import type { ProcessedImage } from './processed-image.ts';
import { rewriteContentLinks, type UrlPolicy } from '../site/routes.ts';
import type { HomeSection } from '../content/home.ts';
import type { PictureProps } from '../../templates/api.ts';

/** Markdown images fill the text column at most: legal and content pages are 48rem wide. */
export const MARKDOWN_IMAGE_SIZES = '(min-width: 48rem) 48rem, 100vw';

/** The templates' picture as markup (src/render/page.tsx makes it). */
export type RenderPicture = (props: PictureProps) => string;

/**
 * `pictures`: by the src the body's HTML holds (its site path through the URL policy). An `<img>`
 * whose src is not among them (raw HTML kept with --allow-html) is left as it is.
 */
export function placeMarkdownImages(
  html: string,
  pictures: ReadonlyMap<string, ProcessedImage>,
  renderPicture: RenderPicture,
): string {
  if (pictures.size === 0 || !html.includes('<img')) return html;
  let placed = '';
  let last = 0;
  // A parser, so that attribute values arrive decoded whatever their quoting and references.
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'img') return;
        const image = pictures.get(attributes.src ?? '');
        if (!image) return;
        const props: PictureProps = { image, alt: attributes.alt ?? '', sizes: MARKDOWN_IMAGE_SIZES, loading: 'lazy' };
        if (attributes.title !== undefined) props.title = attributes.title;
        placed += html.slice(last, parser.startIndex) + renderPicture(props);
        last = parser.endIndex + 1;
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.end(html);
  return last === 0 ? html : placed + html.slice(last);
}

type Placed = Pick<LoadedSite, 'site' | 'pages'>;

/** The kinds of `site` whose Markdown bodies pages show (content/pages/ come apart). */
const SHOWN_BODIES = KIND_NAMES.filter(
  (name): name is Exclude<keyof Site, 'logo' | 'home'> => KINDS[name].body === 'text' && KINDS[name].shared,
);

export interface PlaceOptions {
  /** false for an entry whose HTML certainly holds no <img>, which is then not read (the build knows it of a kept body without decoding it). */
  mayShowImages?: (entry: object) => boolean;
}

/** The site with the pictures in every body that shows an image; an entry without one stays the same object. */
export function placeSiteImages(
  loaded: Placed,
  pictures: Readonly<Record<string, ProcessedImage>>,
  urls: Pick<UrlPolicy, 'href' | 'asset' | 'base' | 'format'>,
  renderPicture: RenderPicture,
  { mayShowImages = () => true }: PlaceOptions = {},
): Placed {
  // The bodies' links went through the URL policy already (src/content/bodies.ts).
  const bySrc = new Map(Object.entries(pictures).map(([src, image]) => [urls.asset(src), image]));
  const home = {
    sections: loaded.site.home.sections.map((section) => placeSection(section, pictures, bySrc, urls, renderPicture)),
  };
  if (bySrc.size === 0) return { ...loaded, site: { ...loaded.site, home } };
  const place = <T extends { html: string }>(entry: T): T => {
    // Without reading the HTML of a body that holds no image (a kept body's is decoded when first read).
    const html = mayShowImages(entry) ? placeMarkdownImages(entry.html, bySrc, renderPicture) : entry.html;
    return html === entry.html ? entry : { ...entry, html };
  };
  const { site } = loaded;
  const placed = Object.fromEntries(
    SHOWN_BODIES.map((name) => {
      const entries = site[name] as { html: string } | Array<{ html: string }>;
      return [name, Array.isArray(entries) ? entries.map(place) : place(entries)];
    }),
  );
  return { site: { ...site, ...placed, home }, pages: loaded.pages.map(place) };
}

/**
 * A home section: its Markdown fields' links through the URL policy, then their images placed as
 * in bodies; its image fields' pictures by the src written in home.yaml.
 */
function placeSection(
  section: HomeSection,
  pictures: Readonly<Record<string, ProcessedImage>>,
  bySrc: ReadonlyMap<string, ProcessedImage>,
  urls: Pick<UrlPolicy, 'href' | 'asset' | 'base' | 'format'>,
  renderPicture: RenderPicture,
): HomeSection {
  const html = Object.fromEntries(
    Object.entries(section.html).map(([field, value]) => [
      field,
      placeMarkdownImages(rewriteContentLinks(value, urls), bySrc, renderPicture),
    ]),
  );
  const srcs = Object.keys(section.images);
  const own = srcs.length === 0 ? undefined : Object.fromEntries(srcs.map((src) => [src, pictures[src]!]));
  return { ...section, html, ...(own && { pictures: own }) };
}
