/**
 * Writes a warm build's output in place when it differs from the previous one in at most one file, which is
 * written beside it and renamed over its old copy (atomic, so the output is always whole) once the previous
 * output is verified whole; anything else returns undefined, and the caller stages the whole output.
 */
import {
  closeSync,
  copyFileSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { walkOutputFolder } from './output-walk.ts';
import type { OutputFile } from './plan.ts';
import { openPreviousOutput, type OutputRecords } from './previous-output.ts';

/** The records for the next build; undefined when the output has to be staged whole. */
export function writeInPlace(
  outDir: string,
  staging: string,
  files: OutputFile[],
  last: OutputRecords | undefined,
): OutputRecords | undefined {
  if (!last) return undefined;
  // One walk reads every folder and stats every file: the check that the output holds exactly the
  // new output's files, and the stamps matched against the last build's records.
  const walk = walkOutputFolder(outDir);
  if (!walk.plain || walk.files.size !== files.length) return undefined;
  const previous = openPreviousOutput(last);
  // The folders of the new output; with its files all found among the walk's, as many folders
  // walked as these means no folder besides them.
  const folders = new Set<string>(['']);
  let changed: OutputFile | undefined;
  for (const file of files) {
    const target = joined(outDir, file.path);
    // One look-up a file; undefined is also the stamp of a file the walk met too new to vouch for.
    const stamp = walk.files.get(target);
    if (stamp === undefined && !walk.files.has(target)) return undefined;
    for (let slash = file.path.lastIndexOf('/'); slash !== -1; slash = file.path.lastIndexOf('/', slash - 1)) {
      const folder = file.path.slice(0, slash);
      if (folders.has(folder)) break;
      folders.add(folder);
    }
    const same = file.source ? sameAsSource(target, file.source) : previous.holds(file, target, stamp);
    if (same) continue;
    if (changed) return undefined;
    changed = file;
  }
  if (folders.size !== walk.folders) return undefined;
  if (changed) replaceFile(outDir, staging, changed);
  return previous.records();
}

/**
 * The file's absolute path, named exactly as the walk names it (joined by hand on POSIX, where path.join
 * of thousands of files costs more than their stats); a path named otherwise is not found, and is staged.
 */
function joined(outDir: string, file: string): string {
  return path.sep === '/' ? `${outDir}/${file}` : path.join(outDir, file);
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
