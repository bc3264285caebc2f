/**
 * loadSite(config): reads content/ into a typed Site. Every failure carries file and line, and
 * every problem in every file is collected before anything is thrown (as one SiteErrors).
 * With a ContentCache (dev), what reading and parsing a file gave is kept until the file is
 * forgotten, so a save re-reads that one file; Markdown is rendered again only for changed text.
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import type { ResolvedConfig } from '../config.ts';
import { hashKey, type DiskCache } from '../cache/disk.ts';
import { createCodeFrame, SiteError, SiteErrors, type SiteErrorCode } from '../errors.ts';
import { readImageSize } from '../publish/image-size.ts';
import { resolveInside } from '../project-paths.ts';
import { decodeText } from './decode.ts';
import { splitFrontmatter } from './frontmatter.ts';
import { describeIssue } from './issues.ts';
import { createMarkdown, type RenderedMarkdown } from '../markdown/processor.ts';
import { createUrlPolicy, rewriteContentLinks } from '../site/routes.ts';
import {
  aboutSchema,
  legalSchema,
  pageSchema,
  portfolioSchema,
  publicPath,
  serviceSchema,
  siteFileSchema,
  statsSchema,
  type ContentPage,
  type Image,
  type ImageContent,
  type Site,
} from './schema.ts';
import { parseYaml, type DataPath, type ParsedYaml } from './yaml.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const COLLECTIONS = ['services', 'portfolio', 'legal', 'pages'] as const;
const FILES = ['site.yaml', 'stats.yaml', 'about.md'] as const;

export interface SourceFile {
  /** Path relative to the project root, with forward slashes: what people see. */
  file: string;
  text: string;
}

/** A content file whose YAML (the whole file, or the front matter) could be read. */
interface Parsed extends SourceFile {
  located: ParsedYaml;
  /** The Markdown after the front matter ('' for YAML files), and the lines before it. */
  body: string;
  bodyLineOffset: number;
}

interface Entry<T> extends Parsed {
  data: T;
}

export interface LoadedSite {
  site: Site;
  /** content/pages/: each renders from the shared `site` plus itself, and no other page lists them. */
  pages: ContentPage[];
  /** Every content file read, so later checks can point back at a line. */
  sources: SourceFile[];
  /** Problems that do not stop the build, such as raw HTML removed from Markdown. */
  warnings: SiteError[];
}

/** What reading one file gave: its parsed YAML and body, its source, and its own problems. */
interface FileRead {
  parsed?: Parsed;
  source?: SourceFile;
  errors: SiteError[];
}

type ImageRead = { size: { width: number; height: number } } | { missing: unknown } | { unreadable: true };

/**
 * Results kept between loads. Delete a file's key (its absolute path) when it changes, and clear
 * `images` when public/ changes. Rendered Markdown is keyed by its own text, so it cannot go stale.
 */
export interface ContentCache {
  files: Map<string, Promise<FileRead>>;
  images: Map<string, Promise<ImageRead>>;
  markdown: Map<string, RenderedMarkdown>;
  /**
   * The file names of each collection folder, sorted, with their absolute paths: kept until a file
   * is added to or removed from content/ (a save changes no name). The same path strings every
   * load make the lookups in `files` cheap for thousands of files.
   */
  listings: Map<string, ListedFile[]>;
}

/** A file of a collection folder: its slug, or none when its name is not allowed. */
interface ListedFile {
  name: string;
  absolute: string;
  slug?: string;
}

export function createContentCache(): ContentCache {
  return { files: new Map(), images: new Map(), markdown: new Map(), listings: new Map() };
}

export interface LoadOptions {
  cache?: ContentCache;
  /** Front matter data by its text (src/cache/disk.ts). */
  disk?: DiskCache;
  /** Renders Markdown the cache does not know, all at once (worker threads, the disk cache); else one by one here. */
  renderMarkdown?: (bodies: readonly string[]) => Promise<RenderedMarkdown[]>;
  /**
   * Told the site's settings, logo and portfolio as soon as they are read and valid, while the
   * rest is still loading (the build starts making images then). Not told when they have errors.
   */
  onImageContent?: (content: ImageContent) => void;
}

/** Where a file's problems and its source go while it is read. */
interface FileScope {
  report(error: SiteError | SiteError[]): undefined;
  read(source: SourceFile): void;
}

export async function loadSite(config: ResolvedConfig, options: LoadOptions = {}): Promise<LoadedSite> {
  const cache = options.cache ?? createContentCache();
  const errors: SiteError[] = [];
  const sources: SourceFile[] = [];
  const relative = (absolute: string) => path.relative(config.root, absolute).split(path.sep).join('/');
  const report = (error: SiteError | SiteError[]) => {
    errors.push(...(Array.isArray(error) ? error : [error]));
    return undefined;
  };
  const at = (source: SourceFile, located: ParsedYaml, field: DataPath, key = false) => {
    const position = located.locate(field, key);
    return { file: source.file, ...position, frame: createCodeFrame(source.text, position.line, position.column) };
  };

  report(await checkContentFolder(config.contentDir, relative(config.contentDir)));

  /** Reads a file through the cache: each file is read once until it is forgotten. */
  async function once(absolute: string, read: (scope: FileScope) => Promise<Parsed | undefined>): Promise<Parsed | undefined> {
    let pending = cache.files.get(absolute);
    if (!pending) {
      const result: FileRead = { errors: [] };
      const scope: FileScope = {
        report: (error) => {
          result.errors.push(...(Array.isArray(error) ? error : [error]));
          return undefined;
        },
        read: (source) => (result.source = source),
      };
      const reading = read(scope).then((parsed) => ({ ...result, parsed }));
      reading.then((done) => settled.set(reading, done)).catch(() => cache.files.get(absolute) === reading && cache.files.delete(absolute));
      cache.files.set(absolute, (pending = reading));
    }
    return take(await pending);
  }

  /** A file the cache read in an earlier load, without waiting: thousands of awaits cost more than a dev rebuild. */
  function alreadyRead(absolute: string): { parsed: Parsed | undefined } | undefined {
    const pending = cache.files.get(absolute);
    const done = pending && settled.get(pending);
    return done && { parsed: take(done) };
  }

  function take(result: FileRead): Parsed | undefined {
    if (result.errors.length > 0) errors.push(...result.errors);
    if (result.source) sources.push(result.source);
    return result.parsed;
  }

  async function readSource(absolute: string, { report, read }: FileScope): Promise<SourceFile | undefined> {
    const file = relative(absolute);
    let text: string;
    try {
      // Synchronously: for thousands of small files, the thread pool's round trips (open, stat,
      // read, close) cost several times the reads themselves (docs/benchmarks.md).
      text = decodeText(readFileSync(resolveInside(config.contentDir, absolute, file)), file);
    } catch (cause) {
      if (cause instanceof SiteError) return report(cause);
      const missing = (cause as NodeJS.ErrnoException).code === 'ENOENT';
      return report(
        new SiteError({
          code: missing ? 'ContentMissing' : 'FileUnreadable',
          message: missing ? `The file ${file} does not exist.` : `The file ${file} cannot be read (${(cause as Error).message}).`,
          file,
          hint: missing ? `Create ${file}; every site needs it.` : 'Check that it is a readable file, not a folder.',
          cause,
        }),
      );
    }
    const source = { file, text };
    if (text.trim() === '') {
      return report(
        new SiteError({
          code: 'ContentMissing',
          message: `The file ${file} is empty.`,
          file,
          line: 1,
          column: 1,
          hint: 'Write its fields, or delete the file if it is not needed.',
        }),
      );
    }
    read(source);
    return source;
  }

  function parse(source: SourceFile, text: string, syntaxCode: SiteErrorCode, { report }: FileScope): ParsedYaml | undefined {
    try {
      return parseYaml(text, { file: source.file, source: source.text, lineOffset: 0, syntaxCode });
    } catch (thrown) {
      if (!Array.isArray(thrown)) throw thrown;
      return report(thrown as SiteError[]);
    }
  }

  /**
   * The same parsed file (kept by the cache) checked against the same schema gives the same result,
   * the same entry object: a dev rebuild goes through thousands of them. A collection's entries
   * carry their slug (the file name, so the same for the same file).
   */
  function validate<S extends z.ZodType>(schema: S, parsed: Parsed | undefined, code: SiteErrorCode): Entry<z.infer<S>> | undefined;
  function validate<S extends z.ZodType>(schema: S, parsed: Parsed, code: SiteErrorCode, slug: string): (Entry<z.infer<S>> & { slug: string }) | undefined;
  function validate<S extends z.ZodType>(schema: S, parsed: Parsed | undefined, code: SiteErrorCode, slug?: string): (Entry<z.infer<S>> & { slug?: string }) | undefined {
    if (!parsed) return undefined;
    const known = validated.get(parsed);
    if (known?.schema === schema && known.slug === slug) {
      if (known.errors.length > 0) errors.push(...known.errors);
      return known.entry as Entry<z.infer<S>> | undefined;
    }
    const before = errors.length;
    const entry = validateNow(schema, parsed, code);
    const named = entry && slug !== undefined ? { ...entry, slug } : entry;
    validated.set(parsed, { schema, slug, entry: named, errors: errors.slice(before) });
    return named;
  }

  function validateNow<S extends z.ZodType>(schema: S, parsed: Parsed, code: SiteErrorCode): Entry<z.infer<S>> | undefined {
    const result = schema.safeParse(parsed.located.data, { reportInput: true });
    if (result.success) return { ...parsed, data: result.data as z.infer<S> };
    const holder = code === 'FrontmatterInvalid' ? 'front matter' : 'file';
    for (const issue of result.error.issues) {
      const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
      for (const key of keys) {
        const field = key === undefined ? issue.path : [...issue.path, key];
        report(new SiteError({ code, ...at(parsed, parsed.located, field, key !== undefined), ...describeIssue(issue, field, schema, holder) }));
      }
    }
    return undefined;
  }

  function readYaml(name: string): Promise<Parsed | undefined> {
    const absolute = path.join(config.contentDir, name);
    return once(absolute, async (scope) => {
      const source = await readSource(absolute, scope);
      const located = source && parse(source, source.text, 'YamlSyntax', scope);
      return located && { ...source!, located, body: '', bodyLineOffset: 0 };
    });
  }

  /**
   * Front matter data from the disk cache by its text, when an earlier build parsed the same text:
   * positions are only needed for error messages, so the YAML is parsed again only then.
   */
  function parseFrontmatterYaml(source: SourceFile, yaml: string, scope: FileScope): ParsedYaml | undefined {
    const key = `f:${hashKey(yaml)}`;
    const cached = options.disk?.get(key);
    if (cached !== undefined) {
      let parsed: ParsedYaml | undefined;
      const ignore: FileScope = { report: () => undefined, read: () => undefined };
      return {
        data: JSON.parse(cached),
        locate: (field, isKey) => (parsed ??= parse(source, yaml, 'FrontmatterSyntax', ignore)!).locate(field, isKey),
      };
    }
    const located = parse(source, yaml, 'FrontmatterSyntax', scope);
    if (located && isJsonSafe(located.data)) options.disk?.set(key, JSON.stringify(located.data));
    return located;
  }

  /** `body`: whether the text after the front matter is shown ('text', so it must be there) or not ('none'). */
  function readMarkdown(absolute: string, body: 'text' | 'none'): Promise<Parsed | undefined> {
    return once(absolute, (scope) => readMarkdownFile(absolute, body, scope));
  }

  async function readMarkdownFile(absolute: string, body: 'text' | 'none', scope: FileScope): Promise<Parsed | undefined> {
    const { report } = scope;
    const source = await readSource(absolute, scope);
    if (!source) return undefined;
    let split: ReturnType<typeof splitFrontmatter>;
    try {
      split = splitFrontmatter(source.file, source.text);
    } catch (thrown) {
      if (!(thrown instanceof SiteError)) throw thrown;
      return report(thrown);
    }
    const located = parseFrontmatterYaml(source, split.yaml, scope);
    if (body === 'text' && split.body.trim() === '') {
      report(
        new SiteError({
          code: 'ContentMissing',
          message: 'The file has no text after its front matter, and that text is what the page shows.',
          file: source.file,
          line: split.bodyLineOffset,
          column: 1,
          frame: createCodeFrame(source.text, split.bodyLineOffset),
          hint: 'Write the text in Markdown below the closing --- line.',
        }),
      );
    }
    if (body === 'none' && split.body.trim() !== '') {
      const line = split.bodyLineOffset + split.body.slice(0, split.body.search(/\S/)).split('\n').length;
      report(
        new SiteError({
          code: 'UnusedContent',
          message: 'This text would appear nowhere: the site shows only the front matter fields of this kind of content.',
          file: source.file,
          line,
          column: 1,
          frame: createCodeFrame(source.text, line),
          hint: 'Move what matters into the fields (such as title or alt), or delete the text.',
        }),
      );
    }
    return located && { ...source, located, body: split.body, bodyLineOffset: split.bodyLineOffset };
  }

  /** Entries sorted by `order` when the kind has one, else by file name. An optional folder may be absent. */
  async function loadCollection<S extends z.ZodType<object>>(folder: string, schema: S, body: 'text' | 'none', { optional = false } = {}) {
    const directory = path.join(config.contentDir, folder);
    let listing = cache.listings.get(directory);
    try {
      if (!listing) {
        const names = (await readdir(directory)).filter((name) => !name.startsWith('.')).sort();
        // A file name has no separators, so joining by hand is path.join, for thousands of names.
        listing = names.map((name) => {
          const slug = name.replace(/\.md$/, '');
          return { name, absolute: `${directory}${path.sep}${name}`, slug: name.endsWith('.md') && SLUG.test(slug) ? slug : undefined };
        });
        cache.listings.set(directory, listing);
      }
    } catch (cause) {
      if (optional && (cause as NodeJS.ErrnoException).code === 'ENOENT') return { parsed: [], loaded: [] };
      report(
        new SiteError({
          code: 'ContentMissing',
          message: `The folder ${relative(directory)} is missing.`,
          file: relative(directory),
          hint: `Create it and add one Markdown file per ${folder === 'legal' ? 'page' : 'entry'}.`,
          cause,
        }),
      );
      return { parsed: [], loaded: [] };
    }
    const entries: Array<Parsed | undefined> = [];
    const reading: Array<Promise<unknown>> = [];
    listing.forEach(({ name, absolute, slug }, index) => {
      if (slug === undefined) {
        const stem = name.replace(/\.md$/, '');
        report(
          new SiteError({
            code: 'FileName',
            message: `The file name "${name}" is not allowed: names here are lower-case words joined by dashes, ending in .md.`,
            file: relative(path.join(directory, name)),
            hint: `Rename it, for example to ${slugify(stem)}.md, or move it out of content/${folder}/.`,
          }),
        );
        return;
      }
      const known = alreadyRead(absolute);
      if (known) entries[index] = known.parsed;
      else reading.push(readMarkdown(absolute, body).then((parsed) => (entries[index] = parsed)));
    });
    await Promise.all(reading);
    const parsed: Parsed[] = [];
    const loaded: Array<Entry<z.infer<S>> & { slug: string }> = [];
    entries.forEach((entry, index) => {
      if (!entry) return;
      parsed.push(entry);
      // Only files with an allowed name were read.
      const valid = validate(schema, entry, 'FrontmatterInvalid', listing[index]!.slug!);
      if (valid) loaded.push(valid);
    });
    const seen = new Map<number, string>();
    for (const entry of loaded) {
      const order = orderOf(entry.data);
      if (order === undefined) continue;
      const other = seen.get(order);
      if (other === undefined) {
        seen.set(order, entry.file);
        continue;
      }
      report(
        new SiteError({
          code: 'DuplicateOrder',
          message: `The order number ${order} is already taken by ${other}, so which of the two comes first would be a guess.`,
          ...at(entry, entry.located, ['order']),
          hint: `Give every file in content/${folder}/ a different order number.`,
        }),
      );
    }
    // Kinds without an order stay in file-name order.
    const sorted = seen.size === 0 ? loaded : loaded.sort((a, b) => (orderOf(a.data) ?? 0) - (orderOf(b.data) ?? 0));
    return { parsed, loaded: sorted };
  }

  /** Checks an image path as written, so a missing file is reported even when other fields are wrong. */
  async function loadImage(parsed: Parsed | undefined, field: DataPath): Promise<Image | undefined> {
    const written = publicPath.safeParse(valueAt(parsed?.located.data, field));
    // A malformed path is the schema's to report.
    if (!parsed || !written.success) return undefined;
    const src = written.data;
    const fail = (message: string, hint: string, cause?: unknown) =>
      report(new SiteError({ code: 'MissingImage', message, ...at(parsed, parsed.located, field), hint, cause }));
    let pending = cache.images.get(src);
    if (!pending) {
      const reading = readImage(config.publicDir, src);
      reading.catch(() => cache.images.get(src) === reading && cache.images.delete(src));
      cache.images.set(src, (pending = reading));
    }
    const image = await pending;
    if ('missing' in image && image.missing instanceof SiteError) return report(image.missing);
    if ('missing' in image) {
      return fail(
        `The image ${src} does not exist: there is no file public${src}.`,
        `Add the image as public${src}, or correct the path (it starts inside public/).`,
        image.missing,
      );
    }
    if ('unreadable' in image) {
      return fail(
        `The image public${src} has no readable width and height.`,
        'Use an SVG with width and height (or a viewBox), or a PNG, JPEG, WebP or GIF file.',
      );
    }
    return { src, ...image.size };
  }

  const markdown = createMarkdown({ allowHtml: config.allowHtml });
  const warnings: SiteError[] = [];
  const rendered = new Map<string, RenderedMarkdown>();
  const batch = new Map<string, RenderedMarkdown>();
  let rewriteLinks = (html: string) => html;
  const render = (entry: Parsed): string => {
    const result = cache.markdown.get(entry.body) ?? batch.get(entry.body) ?? markdown(entry.body);
    rendered.set(entry.body, result);
    for (const raw of result.rawHtml) {
      const line = raw.line + entry.bodyLineOffset;
      warnings.push(
        new SiteError({
          code: 'RawHtmlRemoved',
          message: `This Markdown has ${raw.removed}, left out of the page: HTML and links from content could run scripts or break the layout.`,
          file: entry.file,
          line,
          column: raw.column,
          frame: createCodeFrame(entry.text, line, raw.column),
          hint: 'Write it in Markdown or in the HTML GitHub keeps (sup, sub, kbd, details, ...), link with http(s) or mailto, or build with --allow-html if every content author is trusted.',
        }),
      );
    }
    return rewriteLinks(result.html);
  };

  /** The settings, logo and portfolio: read first, so that the images can be started early. */
  async function loadImageContent() {
    const before = errors.length;
    const [settingsFile, portfolio] = await Promise.all([readYaml('site.yaml'), loadCollection('portfolio', portfolioSchema, 'none')]);
    const settings = validate(siteFileSchema, settingsFile, 'YamlInvalid');
    const [logo, ...images] = await Promise.all([
      loadImage(settingsFile, ['logo', 'src']),
      ...portfolio.parsed.map((entry) => loadImage(entry, ['image'])),
    ]);
    const pictures = portfolio.loaded.map((entry) => images[portfolio.parsed.findIndex((parsed) => parsed.file === entry.file)]);
    const items = portfolio.loaded.map((entry, index) => ({ ...entry.data, slug: entry.slug, picture: pictures[index]! }));
    const valid = errors.length === before && settings !== undefined && logo !== undefined && !pictures.includes(undefined);
    if (valid) options.onImageContent?.({ settings: settings.data, logo, portfolio: items });
    return { settingsFile, settings, logo, portfolio: items, valid };
  }

  // Read before the other files are asked for, so that a site of thousands of pages does not
  // queue these few reads (and the images the build makes from them) behind its own.
  const imageContent = await loadImageContent();
  const [statsFile, services, aboutFile, legal, pages] = await Promise.all([
    readYaml('stats.yaml'),
    loadCollection('services', serviceSchema, 'text'),
    readMarkdown(path.join(config.contentDir, 'about.md'), 'text'),
    loadCollection('legal', legalSchema, 'text'),
    loadCollection('pages', pageSchema, 'text', { optional: true }),
  ]);
  const { settings, logo } = imageContent;
  const stats = validate(statsSchema, statsFile, 'YamlInvalid');
  const about = validate(aboutSchema, aboutFile, 'FrontmatterInvalid');
  if (errors.length > 0 || !imageContent.valid || !settings || !stats || !about || !logo) {
    // Content is never dropped in silence: a part that failed to load has reported why.
    if (errors.length === 0) throw new Error('loadSite: a content file failed to load without reporting a problem');
    throw new SiteErrors(sortErrors(errors));
  }
  const urls = createUrlPolicy(config, settings.data.url);
  rewriteLinks = (html) => rewriteContentLinks(html, urls);
  if (options.renderMarkdown) {
    const bodies = [...new Set([...services.loaded, about, ...legal.loaded, ...pages.loaded].map((entry) => entry.body))];
    const missing = bodies.filter((body) => !cache.markdown.has(body));
    const results = await options.renderMarkdown(missing);
    missing.forEach((body, index) => batch.set(body, results[index]!));
  }
  const site: Site = {
    settings: settings.data,
    logo,
    stats: stats.data,
    services: services.loaded.map((entry) => ({ ...entry.data, slug: entry.slug, html: render(entry) })),
    portfolio: imageContent.portfolio,
    about: { ...about.data, html: render(about) },
    legal: legal.loaded.map((entry) => ({ ...entry.data, slug: entry.slug, html: render(entry) })),
  };
  const contentPages = pages.loaded.map((entry) => contentPage(entry.data, entry.slug, render(entry)));
  // Only the texts of this load stay: what an edit replaced is dropped.
  cache.markdown = rendered;
  // Files are read concurrently; sorted (by code unit: fast for thousands) they come in one order.
  const sorted = sources.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { site, pages: contentPages, sources: sorted, warnings: sortErrors(warnings) };
}

/**
 * The page object for checked front matter (kept by the cache), the same object as last time when
 * nothing changed: a dev rebuild then compares thousands of pages by identity.
 */
const contentPages = new WeakMap<object, ContentPage>();
function contentPage(data: Omit<ContentPage, 'slug' | 'html'>, slug: string, html: string): ContentPage {
  const made = contentPages.get(data);
  if (made?.slug === slug && made.html === html) return made;
  const page = { ...data, slug, html };
  contentPages.set(data, page);
  return page;
}

/** Loads that have finished, by the promise the cache keeps: read without waiting. */
const settled = new WeakMap<Promise<FileRead>, FileRead>();
/** Schema results by the parsed file the cache keeps. */
const validated = new WeakMap<Parsed, { schema: z.ZodType; slug: string | undefined; entry: Entry<unknown> | undefined; errors: SiteError[] }>();

/** Data that comes back the same from JSON: finite numbers (not -0), strings, booleans, null, arrays, plain objects. */
function isJsonSafe(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(isJsonSafe);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(isJsonSafe);
}

function orderOf(data: object): number | undefined {
  return 'order' in data && typeof data.order === 'number' ? data.order : undefined;
}

async function readImage(publicDir: string, src: string): Promise<ImageRead> {
  let bytes: Buffer;
  try {
    bytes = await readFile(resolveInside(publicDir, path.join(publicDir, ...src.split('/')), `public${src}`));
  } catch (cause) {
    return { missing: cause };
  }
  const size = readImageSize(bytes, src);
  return size ? { size } : { unreadable: true };
}

/** Throws one clear error for a missing content folder; returns one for each entry in it that nothing reads. */
async function checkContentFolder(contentDir: string, shown: string): Promise<SiteError[]> {
  let names: string[];
  try {
    if (!(await stat(contentDir)).isDirectory()) throw new Error('not a folder');
    names = await readdir(contentDir);
  } catch (cause) {
    throw new SiteError({
      code: 'ContentMissing',
      message: `There is no content folder at ${contentDir}.`,
      file: shown,
      hint: 'Run agency-site in the project folder (the one holding content/, templates/ and public/), or pass it with --root.',
      cause,
    });
  }
  const known: readonly string[] = [...FILES, ...COLLECTIONS];
  const unknown = names.filter((name) => !name.startsWith('.') && !known.includes(name));
  return unknown.map((name) => {
      const guess = known.find((candidate) => candidate[0] === name[0] && candidate.slice(0, 3) === name.slice(0, 3));
      return new SiteError({
        code: 'FileName',
        message: `${shown}/${name} is not a content file or folder, so nothing would read it.`,
        file: `${shown}/${name}`,
      hint: `${guess ? `Did you mean ${guess}? ` : ''}content/ holds ${known.join(', ')}; move anything else out of it.`,
    });
  });
}

function valueAt(data: unknown, field: DataPath): unknown {
  let current = data;
  for (const segment of field) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/\.[a-z0-9]+$/, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'my-entry'
  );
}

function sortErrors(errors: SiteError[]): SiteError[] {
  return [...errors].sort(
    (a, b) => (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}
