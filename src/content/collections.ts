/**
 * loadCollection: a folder of Markdown files, one entry each. File names must be slugs; entries come sorted as the
 * kind declares: by `order` (each number once), or by file name.
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
}

/** The folder's entries: each file read through the context (which keeps what did not change). */
export async function loadCollection<S extends z.ZodType>(
  context: LoadContext,
  kind: FolderKind<S>,
): Promise<Collection<z.infer<S>>> {
  const directory = path.join(context.contentDir, kind.folder);
  const listing = await context.reads.listing(kind, directory);
  const errors = [...listing.errors];
  const files: Array<ContentFile<z.infer<S>>> = [];
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
    files.push(context.reads.file(kind, absolute, slug));
  }
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
  };
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
