/**
 * What `dev` keeps from one build for the next, and what a changed file makes it forget. Each
 * entry is the finished result of one pipeline step and is dropped as soon as any file that step
 * read changes, so a kept result is always the one a cold build would make: a content save
 * re-reads that file, a template save re-bundles the templates, a stylesheet save rebuilds the
 * assets. Pages whose inputs are equal are not rendered again, pages that passed the site check
 * and whose links cannot have changed are not checked again. Forget between builds, never during one.
 */
import path from 'node:path';
import type { Assets } from '../render/assets.ts';
import { createCheckMemo, type CheckMemo } from '../output/check.ts';
import type { ResolvedConfig } from '../config.ts';
import { createContentCache, type ContentCache } from '../content/load.ts';
import type { DiskCache } from './disk.ts';
import type { PlannedFile } from '../output/staging.ts';
import type { PagesMemo } from '../render/pages.ts';
import type { Publication } from '../publish/publication.ts';
import type { Templates } from '../render/templates.ts';

export interface BuildCache {
  content: ContentCache;
  templates?: Templates;
  assets?: Assets;
  publicFiles?: PlannedFile[];
  /** The disk cache, opened once and kept in memory (saved after the first build only). */
  disk?: DiskCache;
  /** The previous build's pages, compared by their inputs (src/render/pages.ts). */
  pages: PagesMemo;
  /** The previous build's site check, page by page (src/output/check.ts). */
  check: CheckMemo;
  /** Kept while the site, routes, URL policy and public/ are the same (src/build.ts). */
  publication?: { key: string; value: Publication };
}

export interface FileChange {
  /** Absolute path. */
  path: string;
  /** chokidar's event names: a content change keeps the folder's shape, the others may not. */
  event: 'add' | 'addDir' | 'change' | 'unlink' | 'unlinkDir';
}

export function createBuildCache(): BuildCache {
  return { content: createContentCache(), pages: new Map(), check: createCheckMemo() };
}

/** The kept result of a step, or a fresh one (then kept). Without a cache: always fresh. */
export async function reuse<K extends 'templates' | 'assets' | 'publicFiles'>(
  cache: BuildCache | undefined,
  key: K,
  make: () => Promise<NonNullable<BuildCache[K]>>,
): Promise<NonNullable<BuildCache[K]>> {
  const kept = cache?.[key];
  if (kept) return kept as NonNullable<BuildCache[K]>;
  const made = await make();
  if (cache) cache[key] = made;
  return made;
}

export function forgetChanges(cache: BuildCache, config: ResolvedConfig, changes: Iterable<FileChange>): void {
  for (const change of changes) {
    const changed = change.path;
    const covers = (file: string) => file === changed || file.startsWith(changed + path.sep);
    if (inside(changed, config.contentDir)) {
      for (const file of cache.content.files.keys()) if (covers(file)) cache.content.files.delete(file);
      // A file or folder that appeared or vanished changes the names of a folder.
      if (change.event !== 'change') cache.content.listings.clear();
    } else if (inside(changed, config.publicDir)) {
      cache.publicFiles = undefined;
      cache.publication = undefined;
      cache.content.images.clear();
    } else if (inside(changed, config.templatesDir)) {
      // A new or removed file can change how an import resolves, so it may affect either bundle.
      const moved = change.event !== 'change';
      if (moved || cache.templates?.inputs.some(covers)) cache.templates = undefined;
      if (moved || cache.assets?.inputs.some(covers)) cache.assets = undefined;
    } else {
      // A source folder itself appeared or vanished: nothing kept can be trusted.
      Object.assign(cache, { templates: undefined, assets: undefined, publicFiles: undefined, publication: undefined, content: createContentCache() });
    }
  }
}

function inside(file: string, folder: string): boolean {
  return file.startsWith(folder + path.sep);
}
