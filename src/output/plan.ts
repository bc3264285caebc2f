import { createError, SiteErrors } from '../errors.ts';

/** A file of the output: its bytes (or text) made in memory, or a file to copy. */
export interface OutputFile {
  /** Relative to the output folder, forward slashes. */
  path: string;
  contents?: Uint8Array | string;
  /** Copy this file instead of writing contents. */
  source?: string;
  /**
   * Bytes of `source`, for the summary; or of `contents`, where they are read only when asked for
   * (a page the disk cache kept, src/page-stages.ts): the summary and the advice then read none.
   */
  size?: number;
  /** A page or SVG from public/ published as the checker serialised it; a page gets the site's policy (addPagePolicy). */
  checked?: 'html' | 'svg';
  /** Stands for `contents` (a page's key): the same key, the same bytes. */
  key?: string;
}

/** The groups of files as one output; throws when two of them clash. */
export function planOutput(groups: ReadonlyArray<readonly OutputFile[]>): PlannedFiles {
  const planned = flatten(groups);
  const paths = new Set<string>();
  const clashes = findClashes(
    planned.map((file) => file.path),
    paths,
  );
  if (clashes.length > 0) {
    throw new SiteErrors(
      clashes.map(({ file, folder }) =>
        createError(
          'DuplicateUrl',
          { clash: folder ? 'file and folder' : 'output file', path: file },
          { file: `public/${file}` },
        ),
      ),
    );
  }
  return { planned, paths };
}

export interface PlannedFiles {
  planned: OutputFile[];
  /** Every path of the output, once. */
  paths: ReadonlySet<string>;
}

/** The groups one after the other (Array.prototype.flat is a slow path in V8 for thousands). */
function flatten(groups: ReadonlyArray<readonly OutputFile[]>): OutputFile[] {
  const planned: OutputFile[] = [];
  for (const group of groups) for (const file of group) planned.push(file);
  return planned;
}

/** Output paths written twice, and paths that would have to be a file and a folder at once; `seen` gets every path. */
function findClashes(paths: string[], seen: Set<string>): Array<{ file: string; folder: boolean }> {
  const repeated = new Set<string>();
  for (const file of paths) (seen.has(file) ? repeated : seen).add(file);
  // Every folder a path passes through ('a/b/c.html': 'a' and 'a/b').
  const folders = new Set<string>();
  for (const file of paths)
    for (let slash = file.indexOf('/'); slash !== -1; slash = file.indexOf('/', slash + 1))
      folders.add(file.slice(0, slash));
  return [
    ...[...repeated].map((file) => ({ file, folder: false })),
    ...[...seen].filter((file) => folders.has(file)).map((file) => ({ file, folder: true })),
  ];
}

export function byteLength(file: OutputFile): number {
  if (file.size !== undefined) return file.size;
  if (typeof file.contents === 'string') return Buffer.byteLength(file.contents);
  return file.contents?.byteLength ?? 0;
}
