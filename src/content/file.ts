/**
 * loadContentFile: one content file read, parsed and checked against its kind's schema. What the
 * loader reads goes through ContentReads, so that the build can keep each read between builds
 * (src/stages.ts) while the loader itself only takes inputs and returns values.
 */
import type { z } from 'zod';
import type { SiteError } from '../errors.ts';
import { readImage, type ImageRead } from '../images/check-image.ts';
import { listFolder, type ListedFile } from './collections.ts';
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

/** The reads as they are: every call goes to the disk. */
export function directReads(paths: ContentPaths, frontmatter?: FrontmatterMemo): ContentReads {
  return {
    file: (kind, absolute, slug) => loadContentFile(paths, kind, absolute, slug, frontmatter),
    listing: (kind, directory) => listFolder(paths.root, directory, kind),
    image: (src) => readImage(paths.publicDir, src),
  };
}

export function createLoadContext(paths: ContentPaths, reads: ContentReads = directReads(paths)): LoadContext {
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
