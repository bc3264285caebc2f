/**
 * planUpdate: what the browser must do after a good build, from the two outputs themselves
 * (not from guesses about which file was saved): nothing, swap the stylesheet, or reload.
 */
import type { OutputFile } from '../output/plan.ts';

export type Update = { kind: 'none' } | { kind: 'reload' } | { kind: 'css'; from: string; to: string };

/**
 * @param base the site's URL prefix, to turn output paths into the hrefs pages use.
 * @param sourcesChanged true when a file copied from public/ may have changed in place (same path and size).
 */
export function planUpdate(
  previous: OutputFile[] | undefined,
  next: OutputFile[],
  base: string,
  sourcesChanged = false,
): Update {
  if (!previous || sourcesChanged) return { kind: 'reload' };
  // A save among thousands of pages keeps the list of files as it was: compared in place, no maps.
  const inPlace = changedInPlace(previous, next);
  if (inPlace !== undefined) return inPlace ? { kind: 'reload' } : { kind: 'none' };
  const before = new Map(previous.map((file) => [file.path, file]));
  const after = new Map(next.map((file) => [file.path, file]));
  const removed = previous.filter((file) => !after.has(file.path)).map((file) => file.path);
  const added = next.filter((file) => !before.has(file.path)).map((file) => file.path);
  const changed = next
    .filter((file) => before.has(file.path) && !sameFile(before.get(file.path)!, file))
    .map((file) => file.path);
  if (removed.length + added.length + changed.length === 0) return { kind: 'none' };

  // Only the stylesheet's hashed name changed, and the pages differ in nothing but that link.
  const [from] = removed;
  const [to] = added;
  if (removed.length !== 1 || added.length !== 1 || !from!.endsWith('.css') || !to!.endsWith('.css'))
    return { kind: 'reload' };
  const fromHref = `${base}${from}`;
  const toHref = `${base}${to}`;
  const onlyLinks = changed.every((file) => {
    if (!file.endsWith('.html')) return false;
    const old = text(before.get(file)!);
    return old.includes(`"${fromHref}"`) && old.split(`"${fromHref}"`).join(`"${toHref}"`) === text(after.get(file)!);
  });
  return onlyLinks ? { kind: 'css', from: fromHref, to: toHref } : { kind: 'reload' };
}

/**
 * Whether a file changed, when both lists hold the same paths in the same order; undefined when they do not.
 * A file that is the same object as before is passed by a comparison of pointers, its contents not read.
 */
function changedInPlace(previous: OutputFile[], next: OutputFile[]): boolean | undefined {
  if (previous.length !== next.length) return undefined;
  let changed = false;
  for (let index = 0; index < next.length; index++) {
    const was = previous[index]!;
    const file = next[index]!;
    if (was === file) continue;
    if (was.path !== file.path) return undefined;
    // The paths of the places after this one are still to be compared: the bytes only while none changed.
    changed ||= !sameFile(was, file);
  }
  return changed;
}

function sameFile(a: OutputFile, b: OutputFile): boolean {
  if (a === b) return true;
  if (a.source !== undefined || b.source !== undefined) return a.source === b.source && a.size === b.size;
  // A page the store kept is the same buffer as last time: no copy, no comparison.
  if (a.contents === b.contents) return true;
  if (typeof a.contents === 'string' && typeof b.contents === 'string') return a.contents === b.contents;
  return bytesOf(a.contents).equals(bytesOf(b.contents));
}

/** A Buffer over the same memory, not a copy. */
function bytesOf(contents: OutputFile['contents']): Buffer {
  if (contents === undefined || typeof contents === 'string') return Buffer.from(contents ?? '');
  return Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
}

function text(file: OutputFile): string {
  return Buffer.from(file.contents ?? '').toString('utf8');
}
