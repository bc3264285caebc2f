/**
 * What the admin page tells its previews about the site, as JSON inside the page (made by
 * src/admin/admin-page.ts): the site file's copy the sections show around an entry, the stats, the
 * base path and the stylesheet.
 */
import type { SiteFile } from '../../content/schema.ts';
import type { EntryCard, NewsCard, PortfolioTile, ResponsiveImage, ServiceCard, Stat } from '../../../templates/api.ts';

export interface PreviewData {
  settings: SiteFile;
  stats: Stat[];
  /** home.yaml's sections as written (type and fields). */
  homeSections: Array<Record<string, unknown>>;
  /** The site's base path, '/' or '/sub/'. */
  base: string;
  /** The site's stylesheet, as a URL the preview pane links. */
  stylesheet: string;
  /** The custom format of a YAML file whose top level is a list, and the field it is edited in. */
  listFormat: string;
  listField: string;
  /** The format every collection uses: each file's text kept where its fields did not change. */
  keptFormat: string;
  /** Each section type's anchor when it names none. */
  sectionIds: Record<string, string>;
  /** What the shipped sections show from other files (src/admin/preview-entries.ts). */
  entries: PreviewEntries;
}

/** The entries of other files that home.yaml's shipped sections show, as the build made them. */
export interface PreviewEntries {
  services: ServiceCard[];
  portfolio: PortfolioTile[];
  about: { title: string; html: string };
  /** The footer's links to the legal pages. */
  legal: Array<{ label: string; href: string }>;
  /** The latest posts, when site.yaml has its news block. */
  news?: { posts: NewsCard[]; readMore: string; href: string };
  /** What a list section may show: the cards of each folder with pages of its own, by folder name. */
  lists: Record<string, EntryCard[]>;
}

/** A site path (/images/a.svg, /terms) with the base in front; other links as written. */
export function sitePath(data: Pick<PreviewData, 'base'>, href: string): string {
  return href.startsWith('/') && !href.startsWith('//') ? `${data.base}${href.slice(1)}` : href;
}

/** An image of public/ for the picture component: the file itself, at a nominal size the stylesheet scales. */
export function previewImage(data: Pick<PreviewData, 'base'>, src: string): ResponsiveImage {
  return { src: sitePath(data, src), width: 1200, height: 800, sources: [] };
}
