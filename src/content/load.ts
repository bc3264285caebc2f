/**
 * Reading content/ into a typed Site as kinds.ts declares: loadKinds reads and checks every file, the bodies are
 * rendered, and assembleSite joins each to its entry. Every problem in every file, with its file and line, is
 * collected before one SiteErrors is thrown; loadSite is the three in a row on the disk as it is.
 */
import path from 'node:path';
import type { ResolvedConfig } from '../config.ts';
import { type SiteError, SiteErrors } from '../errors.ts';
import { checkImage, readImage } from '../images/check-image.ts';
import { checkMarkdownImages } from '../images/check-markdown.ts';
import type { MarkdownFacts } from '../advice/markdown.ts';
import type { RenderedMarkdown, RenderMarkdown } from '../markdown/processor.ts';
import { createUrlPolicy } from '../site/routes.ts';
import { rawHtmlWarnings, renderBodies } from './bodies.ts';
import { listFolder, loadCollection, type Collection } from './collections.ts';
import {
  createLoadContext,
  loadContentFile,
  type ContentFile,
  type ContentPaths,
  type ContentReads,
  type LoadContext,
} from './file.ts';
import type { HomeContent } from './home.ts';
import {
  checkHomeImages,
  checkHomeSections,
  hasMarkdownFields,
  resolveHomeSections,
  type HomeBody,
} from './home-sections.ts';
import { checkContentFolder } from './folder.ts';
import {
  KIND_NAMES,
  KINDS,
  type ContentKind,
  type ContentPage,
  type Entries,
  type ImageContent,
  type KindName,
  type Site,
} from './kinds.ts';
import type { Parsed } from './parse.ts';
import type { Image } from './schema.ts';
import { projectPath, type SourceFile } from './source.ts';

export type { SourceFile } from './source.ts';

export interface LoadedSite {
  site: Site;
  /** content/pages/: each renders from the shared `site` plus itself, and no other page lists them. */
  pages: ContentPage[];
  /** Every content file read, so later checks can point back at a line. */
  sources: SourceFile[];
  /** Problems that do not stop the build, such as raw HTML removed from Markdown. */
  warnings: SiteError[];
  /** The images Markdown bodies show, checked, once each: the build makes them as it makes the portfolio's. */
  markdownImages: Image[];
  /** What the Markdown body of a file (content/about.md) holds for content advice, and the lines before it. */
  markdownOf(file: string): { lineOffset: number; facts: MarkdownFacts } | undefined;
}

/** Every declared kind read and checked: the valid files of each, in order. */
export interface LoadedKinds {
  files: { [N in KindName]: Array<ContentFile<unknown>> };
  /** The checked images of the kinds with a picture field, by file. */
  pictures: Map<string, Image>;
  /** The checked images the home page's sections name. */
  homeImages: Image[];
  logo?: Image;
  sources: SourceFile[];
  errors: SiteError[];
}

/** Every kind of src/content/kinds.ts, read and checked; the problems of all of them together. */
export async function loadKinds(context: LoadContext): Promise<LoadedKinds> {
  const errors = await checkContentFolder(context.contentDir, projectPath(context.root, context.contentDir));
  const loaded = await Promise.all(KIND_NAMES.map((name) => loadKind(context, KINDS[name])));
  const files = Object.fromEntries(
    KIND_NAMES.map((name, index) => [name, loaded[index]!.files]),
  ) as LoadedKinds['files'];
  for (const kind of loaded) if (kind.errors.length > 0) errors.push(...kind.errors);
  const settings = loaded[KIND_NAMES.indexOf('settings')]!.parsed[0];
  const pictured = KIND_NAMES.flatMap((name, index) => {
    const field = (KINDS[name] as ContentKind & { picture?: string }).picture;
    return field === undefined ? [] : loaded[index]!.parsed.map((parsed) => ({ parsed, field }));
  });
  const [logo, ...images] = await Promise.all([
    checkImage(context, settings, ['logo', 'src']),
    ...pictured.map(({ parsed, field }) => checkImage(context, parsed, [field])),
  ]);
  for (const image of [logo!, ...images]) if (image.errors.length > 0) errors.push(...image.errors);
  const pictures = new Map<string, Image>();
  pictured.forEach(({ parsed }, index) => {
    const image = images[index]!.value;
    if (image) pictures.set(parsed.file, image);
  });
  // A folder that could not be read is reported once, not again as an empty section.
  const home = await checkHome(context, files, new Set(errors.map((error) => error.file)));
  errors.push(...home.errors);
  return {
    files,
    pictures,
    homeImages: home.value ?? [],
    logo: logo!.value,
    sources: allSources(loaded),
    errors: sortErrors(errors),
  };
}

/** Every kind's files read, in one order (by code unit: fast for thousands); read concurrently, they come in none. */
function allSources(loaded: readonly KindFiles[]): SourceFile[] {
  const sources: SourceFile[] = [];
  for (const kind of loaded) for (const source of kind.sources) sources.push(source);
  return sources.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The home page's sections as a page: anchors, what they show, their images. */
async function checkHome(context: LoadContext, files: LoadedKinds['files'], failed: ReadonlySet<string | undefined>) {
  const file = files.home[0];
  if (!file?.entry) return { value: [], errors: [] };
  const home = file.entry.data as HomeContent;
  const counts = Object.fromEntries(
    KIND_NAMES.flatMap((name) => {
      const kind: ContentKind = KINDS[name];
      if (!('folder' in kind)) return [];
      return [[kind.folder, failed.has(`content/${kind.folder}`) ? undefined : files[name].length]];
    }),
  );
  const images = await checkHomeImages(context, file.parsed!, home);
  return { value: images.value, errors: [...checkHomeSections(file.parsed!, home, counts), ...images.errors] };
}

type KindFiles = Pick<Collection<unknown>, 'files' | 'parsed' | 'sources' | 'errors'>;

async function loadKind(context: LoadContext, kind: ContentKind): Promise<KindFiles> {
  if ('folder' in kind) return loadCollection(context, kind);
  const file = context.reads.file(kind, path.join(context.contentDir, kind.file));
  if (kind.optional && isAbsent(file)) return { files: [], parsed: [], sources: [], errors: [] };
  return {
    files: file.entry ? [file] : [],
    parsed: file.parsed ? [file.parsed] : [],
    sources: file.source ? [file.source] : [],
    errors: file.errors,
  };
}

/** The file does not exist (an optional file kind may be left out). */
function isAbsent(file: ContentFile<unknown>): boolean {
  // A missing file is the one ContentMissing without a line (an empty file has line 1).
  const [error] = file.errors;
  return file.errors.length === 1 && error!.code === 'ContentMissing' && error!.line === undefined;
}

/** The settings, logo and portfolio: what the site's images are made from, once every kind is valid. */
export function imageContentOf(kinds: LoadedKinds): ImageContent | undefined {
  if (kinds.errors.length > 0 || !kinds.logo) return undefined;
  const entries = entriesOf(kinds, new Map(), ['settings', 'portfolio']);
  return { settings: entries.settings, logo: kinds.logo, portfolio: entries.portfolio };
}

/** A news post's picture and the home sections' images: made like Markdown images, known before any body renders. */
export function imagesBesideBodies(kinds: LoadedKinds): Image[] {
  const covers = kinds.files.news.flatMap((file) => kinds.pictures.get(file.parsed!.file) ?? []);
  return [...covers, ...kinds.homeImages];
}

/** The files whose Markdown body the site shows, in kind order; listed once per load (the steps after it ask again). */
export function bodiesOf(kinds: LoadedKinds): Parsed[] {
  let shown = shownBodies.get(kinds);
  if (!shown) {
    shown = KIND_NAMES.flatMap((name) =>
      KINDS[name].body === 'text' ? kinds.files[name].map((file) => file.parsed!) : [],
    );
    shownBodies.set(kinds, shown);
  }
  return shown;
}
const shownBodies = new WeakMap<LoadedKinds, Parsed[]>();

/** Each rendered body by the file it was written in. */
export interface BodiesByFile {
  get(file: string): RenderedMarkdown | undefined;
}

/** The site from valid kinds and the rendered bodies (by file); throws the problems of the bodies' images. */
export async function assembleSite(
  context: LoadContext,
  kinds: LoadedKinds,
  bodies: BodiesByFile,
): Promise<LoadedSite> {
  const body = readBodies(bodiesOf(kinds), bodies);
  const { parsedOf } = body;
  // Asked by the advice for the pages it reads: a kept body's facts are decoded when a rule reads them.
  const markdownOf = (file: string) => {
    const parsed = parsedOf.get(file);
    return parsed && markdownFacts(parsed.bodyLineOffset, bodies.get(file)!);
  };
  const warnings = body.removed.slice();
  const showingImages = body.showingImages;
  const entries = entriesOf(kinds, bodies);
  const homeFile = kinds.files.home[0]!;
  const render = hasMarkdownFields(entries.home) ? await homeMarkdown() : refuseMarkdown;
  const home = resolveHomeSections(homeFile.parsed!, entries.home, kinds.homeImages, render);
  warnings.push(...home.warnings);
  const markdownImages = withImages(
    await checkBodyImages(context, [...showingImages, ...home.bodies]),
    imagesBesideBodies(kinds),
  );
  const site = { logo: kinds.logo! } as Site;
  for (const name of KIND_NAMES) if (KINDS[name].shared) Object.assign(site, { [name]: entries[name] });
  site.home = home.home;
  return {
    site,
    pages: entries.pages,
    sources: kinds.sources,
    warnings: sortErrors(warnings),
    markdownImages,
    markdownOf,
  };
}

/** One pass over the bodies of thousands: each by its file, their raw HTML removed, and those that show images. */
function readBodies(shown: readonly Parsed[], bodies: BodiesByFile) {
  const parsedOf = new Map<string, Parsed>();
  const removed: SiteError[] = [];
  const showingImages: HomeBody[] = [];
  for (const parsed of shown) {
    parsedOf.set(parsed.file, parsed);
    const result = bodies.get(parsed.file)!;
    if (result.rawHtml.length > 0) removed.push(...rawHtmlWarnings(parsed, result));
    if (result.images) showingImages.push({ parsed, images: result.images });
  }
  return { parsedOf, removed, showingImages };
}

/**
 * A body's facts, read when asked for. Made here, not in assembleSite: the advice keeps this with the entry across
 * dev's saves, and a getter made in assembleSite would hold that build's maps of every body as long.
 */
function markdownFacts(lineOffset: number, result: RenderedMarkdown): { lineOffset: number; facts: MarkdownFacts } {
  return {
    lineOffset,
    get facts() {
      return result.facts;
    },
  };
}

let homeRenderer: RenderMarkdown | undefined;
/** The home page's Markdown fields, on one processor made on first use: a warm build often renders no Markdown. */
async function homeMarkdown(): Promise<RenderMarkdown> {
  homeRenderer ??= (await import('../markdown/processor.ts')).createMarkdown();
  return homeRenderer;
}

/** For a home page without Markdown fields, which resolveHomeSections then never renders with. */
const refuseMarkdown: RenderMarkdown = () => {
  throw new Error('assembleSite: a home page without Markdown fields rendered Markdown');
};

/** The reads as they are: every call goes to the disk. */
function directReads(paths: ContentPaths): ContentReads {
  return {
    file: (kind, absolute, slug) => loadContentFile(paths, kind, absolute, slug),
    listing: (kind, directory) => listFolder(paths.root, directory, kind),
    image: (src) => readImage(paths.publicDir, src),
  };
}

/** Reads content/ without keeping anything: loadKinds, renderBodies, assembleSite. */
export async function loadSite(config: ResolvedConfig): Promise<LoadedSite> {
  const context = createLoadContext(config, directReads(config));
  const kinds = await loadKinds(context);
  if (kinds.errors.length > 0) throw new SiteErrors(kinds.errors);
  const urls = createUrlPolicy(config, imageContentOf(kinds)!.settings.url);
  const shown = bodiesOf(kinds);
  const options = { allowHtml: config.allowHtml, threads: config.threads, urls };
  const results = await renderBodies(shown, options);
  return assembleSite(context, kinds, new Map(shown.map((parsed, index) => [parsed.file, results[index]!])));
}

/** Each kind's entries, each with its slug, body HTML and picture where it has them; a file kind is its one entry. */
function entriesOf(kinds: LoadedKinds, bodies: BodiesByFile, names: readonly KindName[] = KIND_NAMES): Entries {
  const entries: Record<string, unknown> = {};
  for (const name of names) {
    const kind: ContentKind = KINDS[name];
    const make = (file: ContentFile<unknown>) => {
      const body = kind.body === 'text' ? bodies.get(file.parsed!.file) : undefined;
      const picture = 'file' in kind ? undefined : kinds.pictures.get(file.parsed!.file);
      const made = entryMade.get(file);
      if (made && made.body === body && made.picture === picture) return made.entry;
      const entry = entryOf(kind, file, body, picture);
      entryMade.set(file, { body, picture, entry });
      return entry;
    };
    const made = kinds.files[name].map(make);
    entries[name] = 'file' in kind ? made[0] : made;
  }
  return entries as unknown as Entries;
}

/**
 * Each entry as made from its file, body and picture: a save makes again only the entries it changed, and an
 * unchanged entry stays the same object, by which the later steps find what they made from it.
 */
const entryMade = new WeakMap<
  ContentFile<unknown>,
  { body: RenderedMarkdown | undefined; picture: Image | undefined; entry: object }
>();

function entryOf(
  kind: ContentKind,
  file: ContentFile<unknown>,
  body: RenderedMarkdown | undefined,
  picture: Image | undefined,
): object {
  const data = file.entry!.data as object;
  const withPicture = picture ? { picture } : undefined;
  if (kind.body !== 'text') return 'file' in kind ? data : { ...data, slug: file.entry!.slug!, ...withPicture };
  // The body's HTML as a getter (own and enumerable, as a value would be): a body kept by the
  // disk cache is decoded when a page that shows it is made, not for every entry of a warm build.
  const entry =
    'file' in kind
      ? {
          ...data,
          get html() {
            return body?.html ?? '';
          },
        }
      : {
          ...data,
          slug: file.entry!.slug!,
          get html() {
            return body?.html ?? '';
          },
          ...withPicture,
        };
  if (body) entryBodies.set(entry, body);
  return entry;
}

/** Each entry with a body by that body. */
const entryBodies = new WeakMap<object, RenderedMarkdown>();

/** The rendered body an entry was made from; undefined for an entry without one. */
export function bodyOfEntry(entry: object): RenderedMarkdown | undefined {
  return entryBodies.get(entry);
}

/** Every image of the bodies that show one checked; all problems thrown together. */
async function checkBodyImages(context: LoadContext, showing: readonly HomeBody[]): Promise<Image[]> {
  const checked = await Promise.all(showing.map(({ parsed, images }) => checkMarkdownImages(context, parsed, images)));
  const errors = checked.flatMap((result) => result.errors);
  if (errors.length > 0) throw new SiteErrors(sortErrors(errors));
  const bySrc = new Map(checked.flatMap((result) => result.value!).map((image) => [image.src, image]));
  return [...bySrc.values()].sort((a, b) => (a.src < b.src ? -1 : a.src > b.src ? 1 : 0));
}

/** The images and the others not among them yet, in the same order by src. */
function withImages(images: Image[], others: Image[]): Image[] {
  if (others.length === 0) return images;
  const bySrc = new Map([...images, ...others].map((image) => [image.src, image]));
  return [...bySrc.values()].sort((a, b) => (a.src < b.src ? -1 : a.src > b.src ? 1 : 0));
}

function sortErrors(errors: SiteError[]): SiteError[] {
  return [...errors].sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}
