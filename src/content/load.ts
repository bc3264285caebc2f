/**
 * loadSite(config): reads content/ into a typed Site. Every failure carries file and line, and
 * every problem in every file is collected before anything is thrown (as one SiteErrors).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import type { z } from 'zod';
import type { ResolvedConfig } from '../config.ts';
import { createCodeFrame, SiteError, SiteErrors, type SiteErrorCode } from '../errors.ts';
import { readImageSize } from '../image-size.ts';
import { describeIssue } from './issues.ts';
import { createMarkdown } from './markdown.ts';
import {
  aboutSchema,
  legalSchema,
  portfolioSchema,
  serviceSchema,
  siteFileSchema,
  statsSchema,
  type Image,
  type Site,
} from './schema.ts';
import { parseYaml, type DataPath, type ParsedYaml } from './yaml.ts';

/** Content files are prose, not data dumps: anything bigger is a mistake. */
export const MAX_CONTENT_BYTES = 1024 * 1024;

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface SourceFile {
  /** Path relative to the project root, with forward slashes: what people see. */
  file: string;
  text: string;
}

interface Entry<T> extends SourceFile {
  data: T;
  located: ParsedYaml;
  /** The Markdown after the front matter ('' for YAML files). */
  body: string;
}

export interface LoadedSite {
  site: Site;
  /** Every content file read, so later checks can point back at a line. */
  sources: SourceFile[];
}

export async function loadSite(config: ResolvedConfig): Promise<LoadedSite> {
  const errors: SiteError[] = [];
  const sources: SourceFile[] = [];
  const markdown = createMarkdown({ allowHtml: config.allowHtml });
  const relative = (absolute: string) => path.relative(config.root, absolute).split(path.sep).join('/');
  const report = (error: SiteError | SiteError[]) => {
    errors.push(...(Array.isArray(error) ? error : [error]));
    return undefined;
  };
  const at = (source: SourceFile, located: ParsedYaml, field: DataPath, key = false) => {
    const position = located.locate(field, key);
    return { file: source.file, ...position, frame: createCodeFrame(source.text, position.line, position.column) };
  };

  async function readSource(absolute: string): Promise<SourceFile | undefined> {
    const file = relative(absolute);
    let bytes: Buffer;
    try {
      bytes = await readFile(absolute);
    } catch (cause) {
      const missing = (cause as NodeJS.ErrnoException).code === 'ENOENT';
      return report(
        new SiteError({
          code: missing ? 'ContentMissing' : 'FileUnreadable',
          message: missing ? `The file ${file} does not exist.` : `The file ${file} cannot be read.`,
          file,
          hint: missing ? `Create ${file}; the README lists what each content file holds.` : 'Check that it is a readable file.',
          cause,
        }),
      );
    }
    const problem = checkBytes(bytes);
    if (problem) return report(new SiteError({ code: 'FileEncoding', file, ...problem }));
    const source = { file, text: bytes.toString('utf8').replace(/^\uFEFF/, '') };
    if (source.text.trim() === '') {
      return report(
        new SiteError({
          code: 'ContentMissing',
          message: `The file ${file} is empty.`,
          file,
          line: 1,
          column: 1,
          hint: 'Write its fields (see the README), or delete the file if it is not needed.',
        }),
      );
    }
    sources.push(source);
    return source;
  }

  function validate<S extends z.ZodType>(schema: S, source: SourceFile, located: ParsedYaml, code: SiteErrorCode) {
    const result = schema.safeParse(located.data, { reportInput: true });
    if (result.success) return result.data as z.infer<S>;
    for (const issue of result.error.issues) {
      const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
      for (const key of keys) {
        const field = key === undefined ? issue.path : [...issue.path, key];
        report(new SiteError({ code, ...at(source, located, field, key !== undefined), ...describeIssue(issue, field, schema) }));
      }
    }
    return undefined;
  }

  function parse(source: SourceFile, text: string, syntaxCode: SiteErrorCode): ParsedYaml | undefined {
    try {
      return parseYaml(text, { file: source.file, source: source.text, lineOffset: 0, syntaxCode });
    } catch (thrown) {
      if (!Array.isArray(thrown)) throw thrown;
      return report(thrown as SiteError[]);
    }
  }

  async function loadYaml<S extends z.ZodType>(name: string, schema: S): Promise<Entry<z.infer<S>> | undefined> {
    const source = await readSource(path.join(config.contentDir, name));
    const located = source && parse(source, source.text, 'YamlSyntax');
    const data = located && validate(schema, source, located, 'YamlInvalid');
    return data === undefined ? undefined : { ...source!, data, located: located!, body: '' };
  }

  async function loadMarkdown<S extends z.ZodType>(absolute: string, schema: S): Promise<Entry<z.infer<S>> | undefined> {
    const source = await readSource(absolute);
    if (!source) return undefined;
    if (!/^---[ \t]*\r?\n/.test(source.text)) {
      return report(
        new SiteError({
          code: 'FrontmatterSyntax',
          message: 'The file has no front matter: it must start with a line of three dashes (---).',
          file: source.file,
          line: 1,
          column: 1,
          frame: createCodeFrame(source.text, 1),
          hint: 'Start the file with ---, then the fields (title: ...), then another --- line before the text.',
        }),
      );
    }
    if (!/\r?\n---[ \t]*(\r?\n|$)/.test(source.text.slice(3))) {
      return report(
        new SiteError({
          code: 'FrontmatterSyntax',
          message: 'The front matter is never closed: no second line of three dashes (---) follows the fields.',
          file: source.file,
          line: 1,
          column: 1,
          frame: createCodeFrame(source.text, 1),
          hint: 'Add a line with --- after the last field, before the text.',
        }),
      );
    }
    let located: ParsedYaml | undefined;
    let body: string;
    try {
      body = matter(source.text, {
        engines: {
          yaml: (text: string) => {
            located = parse(source, text, 'FrontmatterSyntax');
            return {};
          },
          ...Object.fromEntries(['javascript', 'js', 'coffee', 'coffeescript', 'json', 'toml'].map((name) => [name, refuse(source, name)])),
        },
      }).content;
    } catch (thrown) {
      if (!(thrown instanceof SiteError)) throw thrown;
      return report(thrown);
    }
    const data = located && validate(schema, source, located, 'FrontmatterInvalid');
    return data === undefined ? undefined : { ...source, data, located: located!, body };
  }

  async function loadCollection<S extends z.ZodType<{ order: number }>>(folder: string, schema: S) {
    const directory = path.join(config.contentDir, folder);
    let names: string[];
    try {
      names = (await readdir(directory)).filter((name) => !name.startsWith('.')).sort();
    } catch (cause) {
      report(
        new SiteError({
          code: 'ContentMissing',
          message: `The folder ${relative(directory)} is missing.`,
          file: relative(directory),
          hint: `Create it and add one Markdown file per ${folder === 'legal' ? 'page' : 'entry'}.`,
          cause,
        }),
      );
      return [];
    }
    const entries = await Promise.all(
      names.map(async (name) => {
        const slug = name.replace(/\.md$/, '');
        if (!name.endsWith('.md') || !SLUG.test(slug)) {
          return report(
            new SiteError({
              code: 'FileName',
              message: `The file name "${name}" is not allowed: names here are lower-case words joined by dashes, ending in .md.`,
              file: relative(path.join(directory, name)),
              hint: `Rename it, for example to ${slugify(slug)}.md, or move it out of content/${folder}/.`,
            }),
          );
        }
        const entry = await loadMarkdown(path.join(directory, name), schema);
        return entry && { ...entry, slug };
      }),
    );
    const loaded = entries.filter((entry) => entry !== undefined);
    const seen = new Map<number, string>();
    for (const entry of loaded) {
      const other = seen.get(entry.data.order);
      if (other === undefined) {
        seen.set(entry.data.order, entry.file);
        continue;
      }
      report(
        new SiteError({
          code: 'DuplicateOrder',
          message: `order ${entry.data.order} is already used by ${other}, so which comes first would be a guess.`,
          ...at(entry, entry.located, ['order']),
          hint: `Give every file in content/${folder}/ a different order number.`,
        }),
      );
    }
    return loaded.sort((a, b) => a.data.order - b.data.order);
  }

  async function loadImage(src: string, entry: Entry<unknown>, field: DataPath): Promise<Image | undefined> {
    const fail = (message: string, hint: string, cause?: unknown) =>
      report(new SiteError({ code: 'MissingImage', message, ...at(entry, entry.located, field), hint, cause }));
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(config.publicDir, ...src.split('/')));
    } catch (cause) {
      return fail(
        `The image ${src} does not exist: there is no file public${src}.`,
        `Add the image as public${src}, or correct the path (it starts inside public/).`,
        cause,
      );
    }
    const size = readImageSize(bytes, src);
    if (!size) {
      return fail(
        `The image public${src} has no readable width and height.`,
        'Use an SVG with width and height (or a viewBox), or a PNG, JPEG, WebP or GIF file.',
      );
    }
    return { src, ...size };
  }

  const [settings, stats, services, portfolio, about, legal] = await Promise.all([
    loadYaml('site.yaml', siteFileSchema),
    loadYaml('stats.yaml', statsSchema),
    loadCollection('services', serviceSchema),
    loadCollection('portfolio', portfolioSchema),
    loadMarkdown(path.join(config.contentDir, 'about.md'), aboutSchema),
    loadCollection('legal', legalSchema),
  ]);
  const [logo, ...pictures] = await Promise.all([
    settings && loadImage(settings.data.logo.src, settings, ['logo', 'src']),
    ...portfolio.map((entry) => loadImage(entry.data.image, entry, ['image'])),
  ]);
  if (errors.length > 0 || !settings || !stats || !about || !logo || pictures.includes(undefined)) {
    throw new SiteErrors(sortErrors(errors));
  }
  const site: Site = {
    settings: settings.data,
    logo,
    stats: stats.data,
    services: services.map((entry) => ({ ...entry.data, slug: entry.slug, html: markdown(entry.body) })),
    portfolio: portfolio.map((entry, index) => ({ ...entry.data, slug: entry.slug, picture: pictures[index]! })),
    about: { ...about.data, html: markdown(about.body) },
    legal: legal.map((entry) => ({ ...entry.data, slug: entry.slug, html: markdown(entry.body) })),
  };
  return { site, sources: sources.sort((a, b) => a.file.localeCompare(b.file)) };
}

function refuse(source: SourceFile, language: string) {
  return () => {
    throw new SiteError({
      code: 'FrontmatterSyntax',
      message: `Front matter in ${language} is not allowed: content is data and is never executed.`,
      file: source.file,
      line: 1,
      column: 4,
      frame: createCodeFrame(source.text, 1, 4),
      hint: 'Write the front matter in YAML and open it with a plain --- line.',
    });
  };
}

/** Binary, oversized or non-UTF-8 files are refused before anything parses them. */
function checkBytes(bytes: Buffer): { message: string; hint: string; line?: number; column?: number } | undefined {
  if (bytes.length > MAX_CONTENT_BYTES) {
    return {
      message: `The file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; content files may be at most ${MAX_CONTENT_BYTES / 1024 / 1024} MB.`,
      hint: 'Split the text into smaller pages, or move large files into public/.',
    };
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    return {
      message: 'The file is binary (it contains a NUL byte), not text.',
      hint: 'Content files are UTF-8 text; put images and other files in public/.',
      ...lineOf(bytes, nul),
    };
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    return {
      message: 'The file is not valid UTF-8 text.',
      hint: 'Save it as UTF-8 in your editor (most editors have "Save with encoding").',
      ...lineOf(bytes, offset),
    };
  }
  return undefined;
}

function lineOf(bytes: Buffer, offset: number) {
  const before = bytes.subarray(0, offset);
  const line = before.toString('latin1').split('\n').length;
  const column = offset - before.lastIndexOf(10);
  return { line, column };
}

function firstInvalidUtf8(bytes: Buffer): number {
  // The longest prefix that decodes (an unfinished last character is held back, not an error).
  let low = 0;
  let high = bytes.length;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, middle), { stream: true });
      low = middle;
    } catch {
      high = middle;
    }
  }
  return low;
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
