/**
 * loadSite(config): reads content/ into a typed Site. Every failure carries file and line, and
 * every problem in every file is collected before anything is thrown (as one SiteErrors). Each
 * file is one step of the store (src/content/file.ts), so what is kept between builds is chosen
 * by keys, not here.
 */
import path from 'node:path';
import type { ResolvedConfig } from '../config.ts';
import { unchangedFiles, type FileVersions } from '../cache/file-versions.ts';
import { createStore, type Store } from '../cache/store.ts';
import { type SiteError, SiteErrors } from '../errors.ts';
import { createUrlPolicy } from '../site/routes.ts';
import { renderBodies, type BodyOptions, type RenderedBodies } from './bodies.ts';
import { loadCollection } from './collections.ts';
import { loadContentFile, type ContentFile, type ContentKind, type LoadContext } from './file.ts';
import { checkContentFolder } from './folder.ts';
import { checkImage } from '../images/check-image.ts';
import { checkMarkdownImages } from '../images/check-markdown.ts';
import {
  aboutSchema,
  legalSchema,
  pageSchema,
  portfolioSchema,
  serviceSchema,
  siteFileSchema,
  statsSchema,
  type ContentPage,
  type Image,
  type ImageContent,
  type Site,
} from './schema.ts';
import { projectPath, type SourceFile } from './source.ts';

export type { SourceFile } from './source.ts';

const KINDS = {
  settings: { name: 'site', schema: siteFileSchema, code: 'YamlInvalid', format: 'yaml', body: 'none' },
  stats: { name: 'stats', schema: statsSchema, code: 'YamlInvalid', format: 'yaml', body: 'none' },
  about: { name: 'about', schema: aboutSchema, code: 'FrontmatterInvalid', format: 'markdown', body: 'text' },
  services: { name: 'services', schema: serviceSchema, code: 'FrontmatterInvalid', format: 'markdown', body: 'text' },
  portfolio: {
    name: 'portfolio',
    schema: portfolioSchema,
    code: 'FrontmatterInvalid',
    format: 'markdown',
    body: 'none',
  },
  legal: { name: 'legal', schema: legalSchema, code: 'FrontmatterInvalid', format: 'markdown', body: 'text' },
  pages: { name: 'pages', schema: pageSchema, code: 'FrontmatterInvalid', format: 'markdown', body: 'text' },
} as const satisfies Record<string, ContentKind>;

export interface LoadedSite {
  site: Site;
  /** content/pages/: each renders from the shared `site` plus itself, and no other page lists them. */
  pages: ContentPage[];
  /** What each content page is made from (its file's text and HTML), by slug: a key for its rendered page. */
  pageSources: Map<string, string>;
  /** Every content file read, so later checks can point back at a line. */
  sources: SourceFile[];
  /** Problems that do not stop the build, such as raw HTML removed from Markdown. */
  warnings: SiteError[];
  /** The images Markdown bodies show, checked, once each: the build makes them as it makes the portfolio's. */
  markdownImages: Image[];
  /** What each Markdown body holds for content advice, by file (content/about.md). */
  markdown: RenderedBodies['markdown'];
}

/** The settings, logo and portfolio: what the site's images are made from. */
export interface LoadedImageContent {
  /** Set when these files are valid and their images exist. */
  content?: ImageContent;
  sources: SourceFile[];
  errors: SiteError[];
}

export interface LoadOptions {
  /** Where steps keep their results (a store of its own by default). */
  store?: Store;
  files?: FileVersions;
  onWorkers?: (count: number) => void;
  /** The image content, when the caller loaded it first (the build starts its images from it). */
  imageContent?: Promise<LoadedImageContent>;
}

export function createLoadContext(
  config: ResolvedConfig,
  options: Pick<LoadOptions, 'store' | 'files'> = {},
): LoadContext {
  const { root, allowHtml, contentDir, publicDir } = config;
  return {
    root,
    allowHtml,
    contentDir,
    publicDir,
    store: options.store ?? createStore(),
    files: options.files ?? unchangedFiles,
  };
}

/** Read before the other files are asked for, so that the images can start while the rest loads. */
export async function loadImageContent(context: LoadContext): Promise<LoadedImageContent> {
  const settings = loadContentFile(context, KINDS.settings, path.join(context.contentDir, 'site.yaml'));
  const portfolio = await loadCollection(context, KINDS.portfolio);
  const [logo, ...images] = await Promise.all([
    checkImage(context, settings.parsed, ['logo', 'src']),
    ...portfolio.parsed.map((entry) => checkImage(context, entry, ['image'])),
  ]);
  const errors = [...settings.errors, ...portfolio.errors, ...logo!.errors, ...images.flatMap((image) => image.errors)];
  const sources = [...(settings.source ? [settings.source] : []), ...portfolio.sources];
  const pictures = portfolio.loaded.map(
    (entry) => images[portfolio.parsed.findIndex((parsed) => parsed.file === entry.file)]!.value,
  );
  if (errors.length > 0 || !settings.entry || !logo!.value || pictures.includes(undefined)) return { sources, errors };
  const items = portfolio.loaded.map((entry, index) => ({
    ...entry.data,
    slug: entry.slug,
    picture: pictures[index]!,
  }));
  return { content: { settings: settings.entry.data, logo: logo!.value, portfolio: items }, sources, errors };
}

export async function loadSite(config: ResolvedConfig, options: LoadOptions = {}): Promise<LoadedSite> {
  const context = createLoadContext(config, options);
  const errors = await checkContentFolder(config.contentDir, projectPath(config.root, config.contentDir));
  const images = await (options.imageContent ?? loadImageContent(context));
  const stats = loadContentFile(context, KINDS.stats, path.join(config.contentDir, 'stats.yaml'));
  const about = loadContentFile(context, KINDS.about, path.join(config.contentDir, 'about.md'));
  const [services, legal, pages] = await Promise.all([
    loadCollection(context, KINDS.services),
    loadCollection(context, KINDS.legal),
    loadCollection(context, KINDS.pages, true),
  ]);
  errors.push(...images.errors, ...stats.errors, ...about.errors, ...services.errors, ...legal.errors, ...pages.errors);
  const content = images.content;
  if (errors.length > 0 || !content || !stats.entry || !about.entry) {
    // Content is never dropped in silence: a part that failed to load has reported why.
    if (errors.length === 0) throw new Error('loadSite: a content file failed to load without reporting a problem');
    throw new SiteErrors(sortErrors(errors));
  }
  const urls = createUrlPolicy(config, content.settings.url);
  const shown: Array<ContentFile<unknown>> = [...services.files, about, ...legal.files, ...pages.files];
  // A body and an entry are made from their file (path and text), the Markdown options and the URL
  // policy (links): kept by these, an unchanged file costs one look-up per build, not one per step.
  const scope = `${config.allowHtml} ${urls.format} ${urls.base} ${urls.siteUrl}`;
  const bodies = await keptBodies(context.store, scope, shown, {
    allowHtml: config.allowHtml,
    threads: config.threads,
    urls,
    onWorkers: options.onWorkers,
  });
  const markdownImages = await checkBodyImages(context, shown, bodies.images);
  // The bodies come back in the order they were given.
  const html = {
    services: 0,
    about: services.files.length,
    legal: services.files.length + 1,
    pages: services.files.length + 1 + legal.files.length,
  };
  const entryOf =
    (start: number) =>
    <T>(file: ContentFile<T>, index: number) =>
      context.store.step(`content-entry ${scope}`, file.hash!, () => ({
        ...file.entry!.data,
        slug: file.entry!.slug!,
        html: bodies.html[start + index]!,
      }));
  const site: Site = {
    settings: content.settings,
    logo: content.logo,
    stats: stats.entry.data,
    services: services.files.map(entryOf(html.services)),
    portfolio: content.portfolio,
    about: { ...about.entry.data, html: bodies.html[html.about]! },
    legal: legal.files.map(entryOf(html.legal)),
  };
  const sources = [
    ...images.sources,
    ...[stats, about].flatMap((file) => (file.source ? [file.source] : [])),
    ...services.sources,
    ...legal.sources,
    ...pages.sources,
  ];
  return {
    site,
    pages: pages.files.map(entryOf(html.pages)),
    pageSources: new Map(pages.files.map((file, index) => [file.entry!.slug!, bodies.keys[html.pages + index]!])),
    // Files are read concurrently; sorted (by code unit: fast for thousands) they come in one order.
    sources: sources.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
    warnings: sortErrors(bodies.warnings),
    markdownImages,
    markdown: bodies.markdown,
  };
}

/** Every image of every body checked; all problems thrown together. */
async function checkBodyImages(
  context: LoadContext,
  files: Array<ContentFile<unknown>>,
  images: RenderedBodies['images'],
): Promise<Image[]> {
  const checked = await Promise.all(
    files.flatMap((file, index) => (images[index] ? [checkMarkdownImages(context, file, images[index])] : [])),
  );
  const errors = checked.flatMap((result) => result.errors);
  if (errors.length > 0) throw new SiteErrors(sortErrors(errors));
  const bySrc = new Map(checked.flatMap((result) => result.value!).map((image) => [image.src, image]));
  return [...bySrc.values()].sort((a, b) => (a.src < b.src ? -1 : a.src > b.src ? 1 : 0));
}

/** renderBodies for the files whose body the store does not hold for this scope; the others as kept. */
async function keptBodies(
  store: Store,
  scope: string,
  files: Array<ContentFile<unknown>>,
  options: BodyOptions,
): Promise<RenderedBodies> {
  const step = `content-body ${scope}`;
  const kept = files.map((file) => store.peek<KeptBody>(step, file.hash!));
  const missing = files.filter((_, index) => kept[index] === undefined);
  if (missing.length > 0) {
    const made = await renderBodies(store, missing, options);
    // renderBodies names each warning's file: each is kept with its file's body.
    const warnings = new Map<string | undefined, SiteError[]>();
    for (const warning of made.warnings) warnings.set(warning.file, [...(warnings.get(warning.file) ?? []), warning]);
    let next = 0;
    files.forEach((file, index) => {
      if (kept[index] !== undefined) return;
      const body = {
        html: made.html[next]!,
        key: made.keys[next]!,
        images: made.images[next]!,
        markdown: made.markdown[next++]!,
        warnings: warnings.get(file.parsed!.file) ?? [],
      };
      kept[index] = store.keep(step, file.hash!, body);
    });
  }
  const bodies = kept as KeptBody[];
  const warnings: SiteError[] = [];
  for (const body of bodies) if (body.warnings.length > 0) warnings.push(...body.warnings);
  return {
    html: bodies.map((body) => body.html),
    keys: bodies.map((body) => body.key),
    images: bodies.map((body) => body.images),
    markdown: bodies.map((body) => body.markdown),
    warnings,
  };
}

interface KeptBody {
  html: string;
  key: string;
  images: RenderedBodies['images'][number];
  markdown: RenderedBodies['markdown'][number];
  warnings: SiteError[];
}

function sortErrors(errors: SiteError[]): SiteError[] {
  return [...errors].sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}
