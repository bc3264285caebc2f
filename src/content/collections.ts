/**
 * loadCollection: a folder of Markdown files, one entry each (a folder kind of src/content/kinds.ts).
 * File names must be slugs; entries come sorted as the kind declares: by `order` (each number
 * once), or by file name.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { createError, type SiteError } from '../errors.ts';
import type { ContentFile, ListedFile, LoadContext } from './file.ts';
import type { FolderKind } from './kinds.ts';
import type { Parsed } from './parse.ts';
import { dateTime } from '../news/news-schema.ts';
import { projectPath, type Checked, type SourceFile } from './source.ts';
import { locateField, type Entry } from './validate.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface Collection<T> {
  /** Every file whose YAML could be read, valid or not. */
  parsed: Parsed[];
  /** The valid entries, in order. */
  loaded: Array<Entry<T> & { slug: string }>;
  /** The content files of the valid entries, in the same order. */
  files: Array<ContentFile<T>>;
  /** Every file read. */
  sources: SourceFile[];
  errors: SiteError[];
  /** The folder's listing, and the file read for each of its names that is a slug, in its order: what the next load starts from. */
  listing: Checked<ListedFile[]>;
  read: Array<{ listed: ListedFile; file: ContentFile<T> }>;
}

/** The last load of the folder, and the files that may have changed since (dev's watcher knows). */
export interface LastCollection<T> {
  collection: Collection<T>;
  changed: ReadonlySet<string>;
}

/**
 * The folder's entries. Given the last load, a file that did not change is taken from it, not
 * read again; and when the folder lists the same files, all valid, and the saved ones stay valid in
 * the same place, the last lists are copied with those files replaced (a dev save among thousands
 * of pages), not made anew.
 */
export async function loadCollection<S extends z.ZodType>(
  context: LoadContext,
  kind: FolderKind<S>,
  last?: LastCollection<z.infer<S>>,
): Promise<Collection<z.infer<S>>> {
  const directory = path.join(context.contentDir, kind.folder);
  const listing = await context.reads.listing(kind, directory);
  if (last && listing === last.collection.listing && last.collection.errors.length === 0) {
    const patched = replaceSaved(context, kind, last.collection, savedIn(directory, last.changed));
    if (patched) return patched;
  }
  const errors = [...listing.errors];
  const read: Collection<z.infer<S>>['read'] = [];
  const kept = last && keptFiles(last);
  for (const listed of listing.value ?? []) {
    const { name, absolute, slug } = listed;
    if (slug === undefined) {
      errors.push(
        createError(
          'FileName',
          { name, folder: `content/${kind.folder}`, suggestion: slugify(name.replace(/\.md$/, '')) },
          { file: projectPath(context.root, absolute) },
        ),
      );
      continue;
    }
    read.push({ listed, file: kept?.get(absolute) ?? context.reads.file(kind, absolute, slug) });
  }
  const files = read.map(({ file }) => file);
  for (const file of files) if (file.errors.length > 0) errors.push(...file.errors);
  const valid = files.filter((file) => file.entry);
  errors.push(
    ...findDuplicateOrders(
      valid.map((file) => file.entry! as Entry<object>),
      kind.folder,
    ),
  );
  // The listing is in file-name order already.
  const sorted =
    kind.sort === 'order'
      ? [...valid].sort((a, b) => (orderOf(a.entry!.data as object) ?? 0) - (orderOf(b.entry!.data as object) ?? 0))
      : kind.sort === 'date'
        ? [...valid].sort((a, b) => timeOf(b.entry!.data as object) - timeOf(a.entry!.data as object))
        : valid;
  // Loops, not flatMap: no array per file of thousands.
  const parsed: Parsed[] = [];
  const sources: SourceFile[] = [];
  for (const file of files) {
    if (file.parsed) parsed.push(file.parsed);
    if (file.source) sources.push(file.source);
  }
  return {
    parsed,
    loaded: sorted.map((file) => file.entry as Entry<z.infer<S>> & { slug: string }),
    files: sorted,
    sources,
    errors,
    listing,
    read,
  };
}

/** The saved files directly in the folder (a handful; the set is of the whole project). */
function savedIn(directory: string, changed: ReadonlySet<string>): string[] {
  const prefix = directory + path.sep;
  return [...changed].filter((file) => file.startsWith(prefix) && !file.includes(path.sep, prefix.length));
}

/** The last load's files that did not change, by path. */
function keptFiles<T>({ collection, changed }: LastCollection<T>): Map<string, ContentFile<T>> {
  const kept = new Map<string, ContentFile<T>>();
  for (const { listed, file } of collection.read) if (!changed.has(listed.absolute)) kept.set(listed.absolute, file);
  return kept;
}

/**
 * The last collection with the saved files read again, when that is all that changed: every file
 * was valid and stays valid, with the same place in the order (its `order` or `date` the same).
 * Undefined otherwise: the folder is loaded whole (still without reading the files kept).
 */
function replaceSaved<T>(
  context: LoadContext,
  kind: FolderKind,
  last: Collection<T>,
  saved: readonly string[],
): Collection<T> | undefined {
  if (saved.length === 0) return last;
  const read = last.read.slice();
  const files = last.files.slice();
  const loaded = last.loaded.slice();
  const parsed = last.parsed.slice();
  const sources = last.sources.slice();
  for (const absolute of saved) {
    // Without errors every listed name is a slug, read, and in parsed and sources at the same place.
    const index = indexOfListed(last.read, absolute);
    // Not listed (a hidden file): nothing the folder reads.
    if (index === -1) continue;
    const { listed, file: was } = last.read[index]!;
    const file = context.reads.file(kind, absolute, listed.slug) as ContentFile<T>;
    if (file === was) continue;
    if (!file.entry || !file.parsed || !file.source || file.errors.length > 0) return undefined;
    const before = was.entry!.data as object;
    const now = file.entry.data as object;
    if (orderOf(before) !== orderOf(now) || (kind.sort === 'date' && timeOf(before) !== timeOf(now))) return undefined;
    const place = kind.sort === 'name' ? index : files.indexOf(was);
    read[index] = { listed, file };
    parsed[index] = file.parsed;
    sources[index] = file.source;
    files[place] = file;
    loaded[place] = file.entry as Entry<T> & { slug: string };
  }
  return { parsed, loaded, files, sources, errors: [], listing: last.listing, read };
}

/** Where the file is among those read, which are in name order (by code unit, as listFolder sorts). */
function indexOfListed(read: ReadonlyArray<{ listed: ListedFile }>, absolute: string): number {
  let low = 0;
  let high = read.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = read[middle]!.listed.absolute;
    if (at === absolute) return middle;
    if (at < absolute) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** The folder's file names, sorted. */
export async function listFolder(
  root: string,
  directory: string,
  { optional, entry }: FolderKind,
): Promise<Checked<ListedFile[]>> {
  try {
    const names = (await readdir(directory)).filter((name) => !name.startsWith('.')).sort();
    // A file name has no separators, so joining by hand is path.join, for thousands of names.
    const listed = names.map((name) => {
      const slug = name.replace(/\.md$/, '');
      return {
        name,
        absolute: `${directory}${path.sep}${name}`,
        slug: name.endsWith('.md') && SLUG.test(slug) ? slug : undefined,
      };
    });
    return { value: listed, errors: [] };
  } catch (cause) {
    if (optional && (cause as NodeJS.ErrnoException).code === 'ENOENT') return { value: [], errors: [] };
    const file = projectPath(root, directory);
    return {
      errors: [createError('ContentMissing', { missing: 'folder', folder: file, each: entry }, { file, cause })],
    };
  }
}

function findDuplicateOrders(entries: Array<Entry<object>>, folder: string): SiteError[] {
  const seen = new Map<number, string>();
  const errors: SiteError[] = [];
  for (const entry of entries) {
    const order = orderOf(entry.data);
    if (order === undefined) continue;
    const other = seen.get(order);
    if (other === undefined) {
      seen.set(order, entry.file);
      continue;
    }
    errors.push(
      createError('DuplicateOrder', { order, other, folder: `content/${folder}` }, locateField(entry, ['order'])),
    );
  }
  return errors;
}

/** A `date` field's instant (src/content/schema.ts's dateTime); the sort is stable, so equal dates keep name order. */
function timeOf(data: object): number {
  return 'date' in data && typeof data.date === 'string' ? Date.parse(dateTime(data.date)) : 0;
}

function orderOf(data: object): number | undefined {
  return 'order' in data && typeof data.order === 'number' ? data.order : undefined;
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
