/**
 * loadContentFile: one content file read, parsed and checked against its kind's schema, as one
 * step of the store, keyed by the file's version: a dev rebuild reads again only what was saved.
 */
import type { z } from 'zod';
import { hashKey } from '../cache/disk.ts';
import type { FileVersions } from '../cache/file-versions.ts';
import type { Store } from '../cache/store.ts';
import type { SiteError } from '../errors.ts';
import { invalidCode, type ContentKind } from './kinds.ts';
import { parseMarkdownFile, parseYamlFile, type Parsed } from './parse.ts';
import { projectPath, readSource, type SourceFile } from './source.ts';
import { validateEntry, type Entry } from './validate.ts';

export interface LoadContext {
  root: string;
  /** Markdown keeps raw HTML: part of the key of every body. */
  allowHtml: boolean;
  contentDir: string;
  publicDir: string;
  store: Store;
  files: FileVersions;
}

export interface ContentFile<T> {
  source?: SourceFile;
  /** Set when the YAML could be read, valid or not (images are checked on it either way). */
  parsed?: Parsed;
  entry?: Entry<T> & { slug?: string };
  /**
   * sha256 of the file's project path and text (what its entry, slug and route are made from), and
   * of the body with the Markdown options: keys of the steps made from them.
   */
  hash?: string;
  bodyKey?: string;
  errors: SiteError[];
}

export function loadContentFile<S extends z.ZodType>(
  context: LoadContext,
  kind: ContentKind<S>,
  absolute: string,
  slug?: string,
): ContentFile<z.infer<S>> {
  // A path has one kind and one slug (its folder and name say which): the version is all that changes.
  const version = context.files.file(absolute);
  const key = version === '' ? absolute : `${absolute}\0${version}`;
  return context.store.step(context.allowHtml ? 'content-file raw' : 'content-file', key, () => {
    const read = readSource(absolute, projectPath(context.root, absolute), context.contentDir);
    const source = read.value;
    if (!source) return { errors: read.errors };
    const parsed = kind.format === 'yaml' ? parseYamlFile(source) : parseMarkdownFile(source, kind.body, context.store);
    const valid = parsed.value && validateEntry(kind.schema, parsed.value, invalidCode(kind));
    const entry = valid?.value && (slug === undefined ? valid.value : { ...valid.value, slug });
    return {
      source,
      parsed: parsed.value,
      entry,
      hash: source.hash,
      bodyKey:
        parsed.value && kind.body === 'text'
          ? hashKey(context.allowHtml ? 'raw' : 'safe', parsed.value.body)
          : undefined,
      errors: [...parsed.errors, ...(valid?.errors ?? [])],
    };
  });
}
