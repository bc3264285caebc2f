/**
 * loadContentFile: one content file read, parsed and checked. Every read goes through ContentReads, so that the build
 * can keep it between builds (src/stages.ts); the modules that make the reads import this one, never the reverse.
 */
import type { z } from 'zod';
import type { SiteError } from '../errors.ts';
import { invalidCode, type ContentKind, type FolderKind } from './kinds.ts';
import { parseMarkdownFile, parseYamlFile, type FrontmatterMemo, type Parsed } from './parse.ts';
import { projectPath, readSource, type Checked, type SourceFile } from './source.ts';
import { validateEntry, type Entry } from './validate.ts';

/** Where the project's folders are. */
export interface ContentPaths {
  root: string;
  contentDir: string;
  publicDir: string;
}

/** Every read of the disk the loader makes. */
export interface ContentReads {
  /** One content file (loadContentFile). */
  file<S extends z.ZodType>(kind: ContentKind<S>, absolute: string, slug?: string): ContentFile<z.infer<S>>;
  /** The files of a folder kind's folder (listFolder). */
  listing(kind: FolderKind, directory: string): Promise<Checked<ListedFile[]>>;
  /** An image of public/, for its size (readImage). */
  image(src: string): Promise<ImageRead>;
}

/** A file of a collection folder: its slug, or none when its name is not allowed. */
export interface ListedFile {
  name: string;
  absolute: string;
  slug?: string;
}

/** An image of public/ as read: its size, or why it has none. */
export type ImageRead = { size: { width: number; height: number } } | { missing: unknown } | { unreadable: true };

export interface LoadContext extends ContentPaths {
  reads: ContentReads;
}

export interface ContentFile<T> {
  source?: SourceFile;
  /** Set when the YAML could be read, valid or not (images are checked on it either way). */
  parsed?: Parsed;
  entry?: Entry<T> & { slug?: string };
  errors: SiteError[];
}

export function createLoadContext(paths: ContentPaths, reads: ContentReads): LoadContext {
  const { root, contentDir, publicDir } = paths;
  return { root, contentDir, publicDir, reads };
}

export function loadContentFile<S extends z.ZodType>(
  paths: Pick<ContentPaths, 'root' | 'contentDir'>,
  kind: ContentKind<S>,
  absolute: string,
  slug?: string,
  frontmatter?: FrontmatterMemo,
): ContentFile<z.infer<S>> {
  const read = readSource(absolute, projectPath(paths.root, absolute), paths.contentDir);
  const source = read.value;
  if (!source) return { errors: read.errors };
  const parsed = kind.format === 'yaml' ? parseYamlFile(source) : parseMarkdownFile(source, kind.body, frontmatter);
  const valid = parsed.value && validateEntry(kind.schema, parsed.value, invalidCode(kind));
  const entry = valid?.value && (slug === undefined ? valid.value : { ...valid.value, slug });
  return { source, parsed: parsed.value, entry, errors: [...parsed.errors, ...(valid?.errors ?? [])] };
}
