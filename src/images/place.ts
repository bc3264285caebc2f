/**
 * placeMarkdownImages: each `<img>` a Markdown body shows becomes the <picture> of its processed
 * image (AVIF, WebP, the fallback; width, height, lazy loading), rendered by the templates' own
 * picture component (templates/ui/Picture.tsx, through src/render/page.tsx), the one home of that
 * markup. Pure: HTML, processed images and the renderer in, HTML out.
 */
import { Parser } from 'htmlparser2';
import type { LoadedSite } from '../content/load.ts';
import type { ProcessedImage } from './processed-image.ts';
import { rewriteContentLinks, type UrlPolicy } from '../site/routes.ts';
import type { HomeSection } from '../content/home.ts';
import type { PictureProps } from '../../templates/api.ts';
import { carryEach } from '../same-order.ts';

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

/**
 * What a run of placeSiteImages leaves to the next (dev): the pictures by src, the renderer, and
 * each list of entries with what it became. Not changed once made; the next run makes its own.
 */
export interface PlacedImages {
  pictures: object;
  base: string;
  format: string;
  bySrc: ReadonlyMap<string, ProcessedImage>;
  renderPicture: RenderPicture;
  lists: ReadonlyMap<string, PlacedList<{ html: string }>>;
}

interface PlacedList<T> {
  entries: readonly T[];
  placed: readonly T[];
}

export interface PlaceOptions {
  /** false for an entry whose HTML certainly holds no <img>, which is then not read (the build knows it of a kept body without decoding it). */
  mayShowImages?: (entry: object) => boolean;
  /** The last run's (dev): an entry it placed with the same pictures and renderer is what it became then. */
  last?: PlacedImages;
}

/**
 * The site with the pictures in every body that shows an image; an entry without one stays the same
 * object. With `run`, this run's record for the next.
 */
export function placeSiteImages(
  loaded: Placed,
  pictures: Readonly<Record<string, ProcessedImage>>,
  urls: Pick<UrlPolicy, 'href' | 'asset' | 'base' | 'format'>,
  renderPicture: RenderPicture,
  { mayShowImages = () => true, last }: PlaceOptions = {},
): Placed & { run: PlacedImages } {
  // The bodies' links went through the URL policy already (src/content/bodies.ts).
  const bySrc = picturesBySrc(pictures, urls, last);
  const home = {
    sections: loaded.site.home.sections.map((section) => placeSection(section, pictures, bySrc, urls, renderPicture)),
  };
  const lists = new Map<string, PlacedList<{ html: string }>>();
  const run: PlacedImages = { pictures, base: urls.base, format: urls.format, bySrc, renderPicture, lists };
  if (bySrc.size === 0) return { ...loaded, site: { ...loaded.site, home }, run };
  const place = <T extends { html: string }>(entry: T): T => {
    // Without reading the HTML of a body that holds no image (a kept body's is decoded when first read).
    const html = mayShowImages(entry) ? placeMarkdownImages(entry.html, bySrc, renderPicture) : entry.html;
    return html === entry.html ? entry : { ...entry, html };
  };
  const kept = last?.bySrc === bySrc && last.renderPicture === renderPicture ? last.lists : undefined;
  const all = <T extends { html: string }>(name: string, entries: readonly T[]): T[] => {
    const list = placeAll(entries, place, kept?.get(name) as PlacedList<T> | undefined);
    lists.set(name, list);
    return list.placed as T[];
  };
  const { site } = loaded;
  return {
    site: {
      ...site,
      services: all('services', site.services),
      about: all('about', [site.about])[0]!,
      legal: all('legal', site.legal),
      home,
      news: all('news', site.news),
    },
    pages: all('pages', loaded.pages),
    run,
  };
}

/**
 * A list of entries placed. Given the last run's list placed with the same pictures and renderer
 * (dev), that list with the places that hold another entry now placed anew: a save changes one
 * page of thousands, and the others are carried by a comparison of pointers. With a page added or
 * removed, each entry the last run placed is looked up: an entry is made once from its file and
 * body (src/content/load.ts), so a save places its own entry's images only, and asks whether the
 * others may show one (a search of every body's HTML) no more.
 */
function placeAll<T extends { html: string }>(
  entries: readonly T[],
  place: (entry: T) => T,
  last: PlacedList<T> | undefined,
): PlacedList<T> {
  return { entries, placed: carryEach(entries, last && { items: last.entries, made: last.placed }, place) };
}

/** The pictures by the src a body holds: the last run's map while the pictures and the URL policy are the same. */
function picturesBySrc(
  pictures: Readonly<Record<string, ProcessedImage>>,
  urls: Pick<UrlPolicy, 'asset' | 'base' | 'format'>,
  last: PlacedImages | undefined,
): ReadonlyMap<string, ProcessedImage> {
  if (last?.pictures === pictures && last.base === urls.base && last.format === urls.format) return last.bySrc;
  return new Map(Object.entries(pictures).map(([src, image]) => [urls.asset(src), image]));
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
