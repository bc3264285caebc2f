/**
 * The output of a warm build that differs from the previous output in at most one file, written
 * without a staging folder: linking every file into a new folder and removing the old one costs
 * two file operations per file, most of a warm build's write. The previous output is verified
 * first, whole: every folder holds exactly the files and folders the new output has there (read,
 * not trusted), and every file holds the new bytes (its stats against the last build's record, or
 * its bytes read and compared). Then nothing is written when nothing differs, and the one file
 * that differs is written beside the output folder and renamed over its old copy: a rename is
 * atomic, so the output is the old one or the new one, whole, at any moment, as with the swap.
 * Anything else (a file added, removed or changed besides, a folder with something foreign in
 * it, no record) returns undefined, and the caller stages the whole output.
 */
import {
  closeSync,
  copyFileSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { OutputFile } from './plan.ts';
import { openPreviousOutput, type OutputRecords } from './previous-output.ts';

/** The records for the next build, or undefined when the output has to be staged whole. */
export function writeInPlace(
  outDir: string,
  staging: string,
  files: OutputFile[],
  last: OutputRecords | undefined,
): OutputRecords | undefined {
  if (!last || !sameFolders(outDir, files)) return undefined;
  const previous = openPreviousOutput(last);
  let changed: OutputFile | undefined;
  for (const file of files) {
    const target = path.join(outDir, file.path);
    const same = file.source
      ? sameAsSource(target, file.source)
      : previous.holds(file.path, target, file.contents ?? '', file.key);
    if (same) continue;
    if (changed) return undefined;
    changed = file;
  }
  if (changed) replaceFile(outDir, staging, changed);
  return previous.records();
}

/** Every folder of the new output exists and holds exactly the names the new output has there. */
function sameFolders(outDir: string, files: OutputFile[]): boolean {
  const expected = new Map<string, Set<string>>([['', new Set()]]);
  for (const { path: file } of files) {
    let child = file;
    for (let slash = file.lastIndexOf('/'); ; slash = file.lastIndexOf('/', slash - 1)) {
      const folder = slash === -1 ? '' : file.slice(0, slash);
      let names = expected.get(folder);
      if (!names) expected.set(folder, (names = new Set()));
      names.add(slash === -1 ? child : child.slice(slash + 1));
      if (slash === -1) break;
      child = folder;
    }
  }
  for (const [folder, names] of expected) {
    let found: string[];
    try {
      if (!lstatSync(path.join(outDir, folder)).isDirectory()) return false;
      found = readdirSync(path.join(outDir, folder));
    } catch {
      return false;
    }
    if (found.length !== names.size || found.some((name) => !names.has(name))) return false;
  }
  return true;
}

/** A copied file (public/, an encoded image) holds its source's bytes. */
function sameAsSource(target: string, source: string): boolean {
  try {
    const stats = lstatSync(target);
    if (!stats.isFile() || stats.size !== lstatSync(source).size) return false;
    return readWhole(target).equals(readWhole(source));
  } catch {
    return false;
  }
}

function readWhole(file: string): Buffer {
  const descriptor = openSync(file, 'r');
  try {
    const size = lstatSync(file).size;
    const bytes = Buffer.allocUnsafe(size);
    let read = 0;
    while (read < size) {
      const count = readSync(descriptor, bytes, read, size - read, read);
      if (count === 0) break;
      read += count;
    }
    return bytes.subarray(0, read);
  } finally {
    closeSync(descriptor);
  }
}

/** Written beside the output (a killed build leaves it there for recoverOutput), then renamed over. */
function replaceFile(outDir: string, staging: string, file: OutputFile): void {
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    const written = path.join(staging, 'file');
    if (file.source) copyFileSync(file.source, written);
    else writeFileSync(written, file.contents ?? '');
    renameSync(written, path.join(outDir, file.path));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
