/**
 * The build's verdict on a save before the local backend writes it: the proposed files are laid over a copy of
 * content/ (and public/) and go through `check`'s pipeline. The current site is judged too, so only the problems
 * the save brings refuse it; each side keeps its own store, so a verdict rebuilds only what the save changed.
 */
import { cp, link, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildSite } from '../build.ts';
import { createFileVersionCounter, type FileVersionCounter } from '../cache/file-versions.ts';
import { stampFolder } from '../cache/folder-stamp.ts';
import { createStore, type Store } from '../cache/store.ts';
import type { ResolvedConfig } from '../config.ts';
import { type SiteError, SiteErrors } from '../errors.ts';

/** A file the save would write, by its project path (content/..., public/...). */
export interface ProposedFile {
  path: string;
  contents: string | Buffer;
  /** The entry is renamed to this path (a changed slug). */
  newPath?: string;
}

/** A problem as the build found it, its file relative to the project. */
export interface FoundProblem {
  error: SiteError;
  /** content/site.yaml, ... */
  file?: string;
  /** The other file a clash names (two pages at one address, one order number twice). */
  other?: string;
}

export interface Verdict {
  /** Problems the save brings: the save is refused when there is one. */
  errors: FoundProblem[];
  /** Warnings the save brings: shown, the save goes ahead. */
  warnings: FoundProblem[];
  /** Errors the site had before this save: shown, not held against it. */
  existing: FoundProblem[];
  milliseconds: number;
}

export interface Verdicts {
  judge(files: readonly ProposedFile[]): Promise<Verdict>;
  /** Builds both sides once, so the first save is answered as fast as the next. */
  warm(): Promise<void>;
}

const STAGING = 'cms-proposal';

/** One side of the comparison: a store kept between saves, and the versions of the files it read. */
interface Side {
  store: Store;
  counter: FileVersionCounter;
  /** The files of content/ (and the uploads) at the last verdict, to tell what was added and removed. */
  listed: Set<string>;
}

export function createVerdicts(config: ResolvedConfig): Verdicts {
  const staging = path.join(config.cacheDir, STAGING);
  const stagedContent = path.join(staging, 'content');
  const stagedPublic = path.join(staging, 'public');
  const stagedConfig = { ...config, contentDir: stagedContent, publicDir: stagedPublic };
  const sideOf = (at: ResolvedConfig): Side => ({
    store: createStore(),
    counter: createFileVersionCounter([at.contentDir, at.templatesDir, at.publicDir]),
    listed: new Set(),
  });
  let sides = { current: sideOf(config), proposed: sideOf(stagedConfig), stamp: '' };
  // One verdict at a time: the staging copy is shared.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
  const relative = (file: string | undefined) => {
    if (file === undefined) return undefined;
    const absolute = path.resolve(config.root, file);
    for (const [from, to] of [
      [stagedContent, config.contentDir],
      [stagedPublic, config.publicDir],
    ] as const)
      if (absolute === from || absolute.startsWith(from + path.sep))
        return toPosix(path.relative(config.root, to + absolute.slice(from.length)));
    return toPosix(path.relative(config.root, absolute));
  };

  const judge = (files: readonly ProposedFile[]) =>
    serial(async () => {
      const started = performance.now();
      // The stores know content/ by what is recorded here; templates/ and public/ by their stamp.
      const stamp = `${stampFolder(config.templatesDir)} ${stampFolder(config.publicDir)}`;
      if (stamp !== sides.stamp) sides = { current: sideOf(config), proposed: sideOf(stagedConfig), stamp };
      const { current, proposed } = sides;
      record(current, await listTree(config.contentDir));
      const before = await problemsOf(config, current);
      await rm(staging, { recursive: true, force: true });
      await cp(config.contentDir, stagedContent, { recursive: true });
      await linkTree(config.publicDir, stagedPublic);
      const stagedPath = (file: string) => path.join(staging, ...file.split('/'));
      const uploads: string[] = [];
      for (const file of files) {
        const target = stagedPath(file.path);
        await mkdir(path.dirname(target), { recursive: true });
        // A hard link shares its bytes with public/: removed first, never written through.
        await rm(target, { force: true });
        await writeFile(target, file.contents);
        if (file.newPath) await rename(target, stagedPath(file.newPath));
        if (isInside(file.path, 'public')) uploads.push(target);
      }
      record(proposed, [...(await listTree(stagedContent)), ...uploads]);
      const after = await problemsOf(stagedConfig, proposed);
      const place = (error: SiteError): FoundProblem => {
        const { other } = (error.facts ?? {}) as { other?: unknown };
        return { error, file: relative(error.file), ...(typeof other === 'string' ? { other: relative(other) } : {}) };
      };
      const known = new Set(before.errors.map((error) => keyOf(error, relative(error.file))));
      const knownWarnings = new Set(before.warnings.map((error) => keyOf(error, relative(error.file))));
      return {
        errors: oneEach(after.errors.map(place).filter((found) => !known.has(keyOf(found.error, found.file)))),
        warnings: after.warnings.map(place).filter((found) => !knownWarnings.has(keyOf(found.error, found.file))),
        existing: before.errors.map(place),
        milliseconds: Math.round(performance.now() - started),
      };
    });
  return { judge, warm: () => judge([]).then(() => undefined) };
}

/** Every file listed now counts as changed (a few dozen: read again, and kept by their hash further on). */
function record(side: Side, files: readonly string[]): void {
  const now = new Set(files);
  for (const file of now) side.counter.record({ path: file, event: side.listed.has(file) ? 'change' : 'add' });
  for (const file of side.listed) if (!now.has(file)) side.counter.record({ path: file, event: 'unlink' });
  side.listed = now;
}

async function listTree(folder: string): Promise<string[]> {
  const names = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return names.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** What the pipeline says of a site, without writing: its errors and its warnings. */
async function problemsOf(config: ResolvedConfig, side: Side): Promise<{ errors: SiteError[]; warnings: SiteError[] }> {
  try {
    const result = await buildSite(config, { write: false, store: side.store, files: side.counter.snapshot() });
    return { errors: [], warnings: result.warnings };
  } catch (error) {
    if (!(error instanceof SiteErrors)) throw error;
    return {
      errors: error.errors.filter((found) => found.severity === 'error'),
      warnings: error.errors.filter((found) => found.severity !== 'error'),
    };
  }
}

/** A problem by what it says and where, not by its line: the lines around an edit move. */
function keyOf(error: SiteError, file: string | undefined): string {
  return `${error.code}\0${file ?? ''}\0${error.message}`;
}

/** One message per place: a mistake the loader and a later stage both see is said once. */
function oneEach(found: FoundProblem[]): FoundProblem[] {
  const seen = new Set<string>();
  return found.filter(({ error, file }) => {
    if (error.line === undefined) return true;
    const place = `${file}:${error.line}`;
    if (seen.has(place)) return false;
    seen.add(place);
    return true;
  });
}

/** A copy of a folder made of hard links (the uploads' neighbours are not copied byte by byte). */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else if (entry.isFile()) await link(source, target).catch(() => cp(source, target));
  }
}

function isInside(file: string, folder: string): boolean {
  return file === folder || file.startsWith(`${folder}/`);
}

const toPosix = (file: string) => file.split(path.sep).join('/');
