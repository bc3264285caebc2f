/**
 * loadSite(config): reads content/ into a typed Site, kind by kind as src/content/kinds.ts declares
 * them. Every failure carries file and line, and every problem in every file is collected before
 * anything is thrown (as one SiteErrors).
 */
import path from 'node:path';
import type { ResolvedConfig } from '../config.ts';
import { unchangedFiles, type FileVersions } from '../cache/file-versions.ts';
import { createStore, type Store } from '../cache/store.ts';
import { SiteError, SiteErrors } from '../errors.ts';
import { createUrlPolicy } from '../site/routes.ts';
import { renderBodies, type BodyOptions, type RenderedBodies } from './bodies.ts';
import { loadCollection, type Collection } from './collections.ts';
import { loadContentFile, type ContentFile, type LoadContext } from './file.ts';
import { checkContentFolder } from './folder.ts';
import { checkImage } from '../images/check.ts';
import { checkMarkdownImages } from '../images/check-markdown.ts';
import { KIND_NAMES, KINDS, type ContentKind, type Entries, type KindName, type Site } from './kinds.ts';
import type { ContentPage, Image, ImageContent } from './schema.ts';
import { projectPath, type SourceFile } from './source.ts';

export type { SourceFile } from './source.ts';

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

/** Every declared kind read and checked: the valid files of each, in order. */
export interface LoadedKinds {
  files: { [N in KindName]: Array<ContentFile<unknown>> };
  /** The checked images of the kinds with a picture field, by file; the logo. */
  pictures: Map<string, Image>;
  logo?: Image;
  sources: SourceFile[];
  errors: SiteError[];
}

export interface LoadOptions {
  /** Where steps keep their results (a store of its own by default). */
  store?: Store;
  files?: FileVersions;
  onWorkers?: (count: number) => void;
  /** The kinds, when the caller read them first (the build starts its images from them). */
  kinds?: Promise<LoadedKinds>;
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

/** Every kind of src/content/kinds.ts, read and checked; the problems of all of them together. */
export async function loadKinds(context: LoadContext): Promise<LoadedKinds> {
  const shown = projectPath(context.root, context.contentDir);
  const errors = await checkContentFolder(context.contentDir, shown);
  const loaded = await Promise.all(KIND_NAMES.map((name) => loadKind(context, KINDS[name])));
  const files = Object.fromEntries(
    KIND_NAMES.map((name, index) => [name, loaded[index]!.files]),
  ) as LoadedKinds['files'];
  const sources: SourceFile[] = [];
  for (const kind of loaded) {
    if (kind.errors.length > 0) errors.push(...kind.errors);
    for (const source of kind.sources) sources.push(source);
  }
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
  const pictures = new Map(
    pictured.flatMap(({ parsed }, index) => (images[index]!.value ? [[parsed.file, images[index]!.value!]] : [])),
  );
  return { files, pictures, logo: logo!.value, sources, errors };
}

type KindFiles = Pick<Collection<unknown>, 'files' | 'parsed' | 'sources' | 'errors'>;

async function loadKind(context: LoadContext, kind: ContentKind): Promise<KindFiles> {
  if ('folder' in kind) return loadCollection(context, kind);
  const file = loadContentFile(context, kind, path.join(context.contentDir, kind.file));
  return {
    files: file.entry ? [file] : [],
    parsed: file.parsed ? [file.parsed] : [],
    sources: file.source ? [file.source] : [],
    errors: file.errors,
  };
}

/** The settings, logo and portfolio: what the site's images are made from, once every kind is valid. */
export function imageContentOf(kinds: LoadedKinds): ImageContent | undefined {
  if (kinds.errors.length > 0 || !kinds.logo) return undefined;
  const [settings] = entriesOf(kinds, 'settings');
  return { settings: settings!, logo: kinds.logo, portfolio: entriesOf(kinds, 'portfolio') };
}

export async function loadSite(config: ResolvedConfig, options: LoadOptions = {}): Promise<LoadedSite> {
  const context = createLoadContext(config, options);
  const kinds = await (options.kinds ?? loadKinds(context));
  if (kinds.errors.length > 0) throw new SiteErrors(sortErrors(kinds.errors));
  const urls = createUrlPolicy(config, entriesOf(kinds, 'settings')[0]!.url);
  const shown = KIND_NAMES.flatMap((name) => (KINDS[name].body === 'text' ? kinds.files[name] : []));
  // A body and an entry are made from their file (path and text), the Markdown options and the URL
  // policy (links): kept by these, an unchanged file costs one look-up per build, not one per step.
  const scope = `${config.allowHtml} ${urls.format} ${urls.base} ${urls.siteUrl}`;
  const rendered = await keptBodies(context.store, scope, shown, {
    allowHtml: config.allowHtml,
    threads: config.threads,
    urls,
    onWorkers: options.onWorkers,
  });
  const markdownImages = await checkBodyImages(context, shown, rendered.images);
  // Each body by the file it was written in.
  const bodies = new Map(
    shown.map((file, index) => [file.parsed!.file, { html: rendered.html[index]!, key: rendered.keys[index]! }]),
  );
  const entries = Object.fromEntries(
    KIND_NAMES.map((name) => {
      const made = entriesOf(kinds, name, (file) => bodies.get(file)?.html, scope, context.store);
      return [name, 'file' in KINDS[name] ? made[0] : made];
    }),
  ) as unknown as Entries;
  const site = { logo: kinds.logo! } as Site;
  for (const name of KIND_NAMES) if (KINDS[name].shared) Object.assign(site, { [name]: entries[name] });
  return {
    site,
    pages: entries.pages,
    pageSources: new Map(kinds.files.pages.map((file) => [file.entry!.slug!, bodies.get(file.parsed!.file)!.key])),
    // Files are read concurrently; sorted (by code unit: fast for thousands) they come in one order.
    sources: kinds.sources.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
    warnings: sortErrors(rendered.warnings),
    markdownImages,
    markdown: rendered.markdown,
  };
}

/**
 * The entries of one kind: each file's data with its slug (folders), its body's HTML (kinds that
 * show one) and its picture (kinds with an image field). A file kind is its one entry.
 */
function entriesOf<N extends KindName>(
  kinds: LoadedKinds,
  name: N,
  htmlOf: (file: string) => string | undefined = () => undefined,
  scope = '',
  store?: Store,
): Array<Entries[N] extends Array<infer E> ? E : Entries[N]> {
  const kind: ContentKind = KINDS[name];
  const make = (file: ContentFile<unknown>) => {
    const data = file.entry!.data as object;
    if ('file' in kind) return kind.body === 'text' ? { ...data, html: htmlOf(file.parsed!.file)! } : data;
    const picture = kinds.pictures.get(file.parsed!.file);
    return {
      ...data,
      slug: file.entry!.slug!,
      ...(kind.body === 'text' ? { html: htmlOf(file.parsed!.file)! } : {}),
      ...(picture ? { picture } : {}),
    };
  };
  // The entries of bodies are kept by their file's hash: a dev rebuild makes only the one saved.
  const kept = store && 'folder' in kind && kind.body === 'text';
  const made = kinds.files[name].map((file) =>
    kept ? store.step(`content-entry ${scope}`, file.hash!, () => make(file)) : make(file),
  );
  return made as never;
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
