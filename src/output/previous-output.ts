/**
 * Files of the previous output taken into the staging folder by a hard link instead of being
 * written again: making a file costs far more than linking one (docs/benchmarks.md), and most
 * files of a rebuild are unchanged. A file is linked when its bytes are known to be the new ones:
 * read and compared, or, for a file with a key (a page: its key stands for its HTML), when the
 * last build recorded that key with the file's size, modification time (ns) and inode and all
 * still match. Files written just now are not recorded (git's "racy" rule, src/racy.ts: an
 * edit by hand within the same tick of the filesystem's clock would keep the time), so a file
 * edited in the output is written anew either way.
 */
import { closeSync, linkSync, lstatSync, openSync, readSync, type BigIntStats } from 'node:fs';
import { clockNs, isRacy } from '../racy.ts';

/** What the last build knew of each file it left in the output, by path. */
export type OutputRecords = Map<string, [key: string, size: string, mtimeNs: string, ino: string]>;

export interface PreviousOutput {
  /** Links the previous output's `path` to `target` when it holds `contents`; false: write it. */
  link(path: string, previous: string, target: string, contents: Uint8Array | string, key?: string): boolean;
  /** True when the previous output's `path` holds `contents` (noted as link would). */
  holds(path: string, previous: string, contents: Uint8Array | string, key?: string): boolean;
  /** What the next build may trust. */
  records(): OutputRecords;
}

export function openPreviousOutput(last: OutputRecords | undefined, now = Date.now()): PreviousOutput {
  const readAt = clockNs(now);
  const records: OutputRecords = new Map();
  const note = (path: string, key: string | undefined, stats: BigIntStats) => {
    if (key !== undefined && !isRacy(stats.mtimeNs, readAt))
      records.set(path, [key, String(stats.size), String(stats.mtimeNs), String(stats.ino)]);
  };
  const take = (path: string, previous: string, contents: Uint8Array | string, key?: string, target?: string) => {
    try {
      const stats = lstatSync(previous, { bigint: true });
      if (!stats.isFile()) return false;
      const record = last?.get(path);
      const known = key !== undefined && record !== undefined && matches(record, key, stats);
      if (!known && !sameBytes(previous, stats, contents)) return false;
      if (target !== undefined) linkSync(previous, target);
      // A linked or kept file keeps its inode and time: what was known of it still holds.
      if (known) records.set(path, record);
      else note(path, key, stats);
      return true;
    } catch {
      // no previous file, or one that cannot be read or linked (another disk): write it
      return false;
    }
  };
  return {
    link: (path, previous, target, contents, key) => take(path, previous, contents, key, target),
    holds: (path, previous, contents, key) => take(path, previous, contents, key),
    records: () => records,
  };
}

function matches(record: OutputRecords extends Map<string, infer R> ? R : never, key: string, stats: BigIntStats) {
  return (
    record[0] === key &&
    record[1] === String(stats.size) &&
    record[2] === String(stats.mtimeNs) &&
    record[3] === String(stats.ino)
  );
}

function sameBytes(previous: string, stats: BigIntStats, contents: Uint8Array | string): boolean {
  const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
  if (stats.size !== BigInt(bytes.byteLength)) return false;
  // Read into one buffer kept for all files: thousands of pages leave no garbage behind.
  if (scratch.length < bytes.byteLength) scratch = Buffer.alloc(Math.max(bytes.byteLength, 2 * scratch.length));
  const descriptor = openSync(previous, 'r');
  let read: number;
  try {
    read = readSync(descriptor, scratch, 0, bytes.byteLength, 0);
  } finally {
    closeSync(descriptor);
  }
  return read === bytes.byteLength && scratch.subarray(0, read).equals(bytes);
}
let scratch = Buffer.alloc(64 * 1024);
