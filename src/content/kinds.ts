/**
 * Every kind of content, declared once, as data: its files, how they are read and checked, routes, order and advice.
 * The loader, the `Site` type, the entry types and the error hints follow from these declarations: a new kind is one
 * entry here, its schema, and the template that shows it.
 */
import type { z } from 'zod';
import type { SiteErrorCode } from '../errors.ts';
import {
  aboutSchema,
  legalSchema,
  pageSchema,
  portfolioSchema,
  serviceSchema,
  siteFileSchema,
  statsSchema,
  type Image,
  type SiteFile,
} from './schema.ts';
import { homeSchema, type HomePageContent } from './home.ts';
import { newsSchema } from '../news/news-schema.ts';
import { newsPostPath } from '../site/news-routes.ts';
import { redirectsSchema } from '../redirects/redirects-schema.ts';

interface KindBase<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** YAML files, or Markdown with front matter. */
  format: 'yaml' | 'markdown';
  /** 'text': the page shows the Markdown after the front matter (it must be there); 'none': fields only. */
  body: 'text' | 'none';
  /** Where content advice reads the body and switches; with 'none', `advice:` switches still apply to the file. */
  advice: 'home' | 'own' | 'none';
  /** Part of `Site` (shown on any page) or shown only on its own route (content/pages/). */
  shared: boolean;
  /** How the CMS names it when its key does not say it ("Site settings"). */
  label?: string;
}

/** Each entry of a folder as a page of its own, at `<prefix>/<slug>`. */
export interface EntryRoute {
  /** The site path before `/<slug>`: '' for /terms, '/case-studies' for /case-studies/<slug>. */
  prefix: '' | `/${string}`;
  /** The template that shows it: its key in templates/index.ts's `pages`, and the page's `data-page`. */
  template: string;
  /** Every page links each entry (the footer's legal links); otherwise only its own route shows it. */
  listed?: boolean;
  /** The words of a link back to the home page, from site.yaml, when the page shows one. */
  back?: (settings: SiteFile) => string;
}

/** One file of content/. */
export interface FileKind<S extends z.ZodType = z.ZodType> extends KindBase<S> {
  file: string;
  /** An absent file is no entry (true) or an error (absent: false). */
  optional?: boolean;
}

/** A folder of content/, one Markdown file per entry, named by its slug. */
export interface FolderKind<S extends z.ZodType = z.ZodType> extends KindBase<S> {
  folder: string;
  /** An absent folder is no entries (true) or an error (false). */
  optional: boolean;
  /** By the `order` field (each number once), by file name, or by the `date` field, newest first (then by name). */
  sort: 'order' | 'name' | 'date';
  /** The page each entry gets (src/site/routes.ts), if any: its own (EntryRoute), or the news' pages (src/news/). */
  route?: EntryRoute | 'news';
  /** What one file holds, for the hint of a missing folder. */
  entry: string;
  /** A field whose value is an image of public/, checked and given to the entry as `picture`. */
  picture?: string;
}

export type ContentKind<S extends z.ZodType = z.ZodType> = FileKind<S> | FolderKind<S>;

export function defineKind<const K extends ContentKind>(kind: K): K {
  return kind;
}

const page = { format: 'markdown', body: 'text', advice: 'own' } as const;

export const KINDS = {
  settings: defineKind({
    file: 'site.yaml',
    label: 'Site settings',
    format: 'yaml',
    schema: siteFileSchema,
    body: 'none',
    advice: 'none',
    shared: true,
  }),
  stats: defineKind({
    file: 'stats.yaml',
    format: 'yaml',
    schema: statsSchema,
    body: 'none',
    advice: 'none',
    shared: true,
  }),
  services: defineKind({
    folder: 'services',
    format: 'markdown',
    schema: serviceSchema,
    body: 'text',
    advice: 'home',
    shared: true,
    optional: false,
    sort: 'order',
    entry: 'service',
  }),
  portfolio: defineKind({
    folder: 'portfolio',
    format: 'markdown',
    schema: portfolioSchema,
    body: 'none',
    advice: 'none',
    shared: true,
    optional: false,
    sort: 'order',
    entry: 'portfolio tile',
    picture: 'image',
  }),
  // After the services: the home page shows them in this order.
  about: defineKind({
    file: 'about.md',
    format: 'markdown',
    schema: aboutSchema,
    body: 'text',
    advice: 'home',
    shared: true,
  }),
  legal: defineKind({
    ...page,
    folder: 'legal',
    schema: legalSchema,
    shared: true,
    optional: false,
    sort: 'order',
    route: { prefix: '', template: 'legal', listed: true, back: (settings) => settings.legal.backLabel },
    entry: 'page',
  }),
  pages: defineKind({
    ...page,
    folder: 'pages',
    schema: pageSchema,
    shared: false,
    optional: true,
    sort: 'name',
    route: { prefix: '', template: 'page' },
    entry: 'page',
  }),
  // The home page's sections, in order (src/content/home.ts); shown as home-sections.ts resolves them.
  home: defineKind({
    file: 'home.yaml',
    format: 'yaml',
    schema: homeSchema,
    body: 'none',
    advice: 'none',
    shared: true,
  }),
  // Shared: /news, the feeds and the home page's news section list the posts.
  news: defineKind({
    folder: 'news',
    format: 'markdown',
    schema: newsSchema,
    body: 'text',
    advice: 'none',
    shared: true,
    optional: true,
    sort: 'date',
    route: 'news',
    entry: 'news post',
    picture: 'image',
  }),
  // Old paths that must keep working: _redirects and a page at each (src/redirects/).
  redirects: defineKind({
    file: 'redirects.yaml',
    format: 'yaml',
    schema: redirectsSchema,
    body: 'none',
    advice: 'none',
    shared: false,
    optional: true,
  }),
};

export type Kinds = typeof KINDS;
export type KindName = keyof Kinds;
export const KIND_NAMES = Object.keys(KINDS) as KindName[];

/** The kinds whose entries are pages of their own (legal, pages): EntryRoute. */
export type EntryKindName = { [N in KindName]: Kinds[N] extends { route: EntryRoute } ? N : never }[KindName];
export const ENTRY_KIND_NAMES = KIND_NAMES.filter(
  (name): name is EntryKindName => typeof (KINDS[name] as ContentKind & { route?: unknown }).route === 'object',
);
/** The folders a home page's list section may show: shared (part of `Site`), with pages of their own. */
export const LISTABLE_FOLDERS: readonly string[] = ENTRY_KIND_NAMES.flatMap((name) =>
  KINDS[name].shared ? [KINDS[name].folder] : [],
);

/** An entry with a page of its own. */
export type RoutedEntry = Entries[EntryKindName][number];

/** The site path of an entry's page. */
export function entryPath(kind: FolderKind, slug: string): string {
  return kind.route === 'news' ? newsPostPath(slug) : `${kind.route?.prefix ?? ''}/${slug}`;
}

/** The name a kind has in content/: its file or its folder. */
export function contentName(kind: ContentKind): string {
  return 'file' in kind ? kind.file : kind.folder;
}

/** The project path of a kind's file, or of one entry of a folder kind. */
export function contentFile(kind: ContentKind, slug?: string): string {
  return 'file' in kind ? `content/${kind.file}` : `content/${kind.folder}/${slug}.md`;
}

/** The error code of a file whose data breaks its schema. */
export function invalidCode(kind: ContentKind): Extract<SiteErrorCode, 'YamlInvalid' | 'FrontmatterInvalid'> {
  return kind.format === 'yaml' ? 'YamlInvalid' : 'FrontmatterInvalid';
}

type Body<K> = K extends { body: 'text' } ? { html: string } : unknown;
/** The checked image of the picture field: always there when the field is required, else when it is written. */
type Picture<K> = K extends { picture: infer F extends string; schema: infer S extends z.ZodType }
  ? z.infer<S> extends Record<F, string>
    ? { picture: Image }
    : { picture?: Image }
  : unknown;
/** One entry of a kind: its data, its slug (folders), its HTML (kinds with a body), its picture. */
export type EntryOf<K extends ContentKind> = z.infer<K['schema']> &
  Body<K> &
  Picture<K> &
  (K extends FolderKind ? { slug: string } : unknown);
/** What a kind loads to: one entry for a file, the entries in order for a folder. */
export type LoadedKind<K extends ContentKind> = K extends FolderKind ? Array<EntryOf<K>> : EntryOf<K>;

/** Every kind's entries, by kind name. */
export type Entries = { [N in KindName]: LoadedKind<Kinds[N]> };

type SharedNames = { [N in KindName]: Kinds[N]['shared'] extends true ? N : never }[KindName];

/** Everything in content/ that any page may show, checked and typed; content/pages/ shows only on its own route. */
export type Site = Omit<Pick<Entries, SharedNames>, 'home'> & { logo: Image; home: HomePageContent };

export type Service = EntryOf<Kinds['services']>;
export type About = EntryOf<Kinds['about']>;
export type LegalPage = EntryOf<Kinds['legal']>;
export type ContentPage = EntryOf<Kinds['pages']>;
export type NewsPost = EntryOf<Kinds['news']>;

/** What the site's images, favicons and share image are made from. */
export type ImageContent = Pick<Site, 'settings' | 'logo' | 'portfolio'>;
