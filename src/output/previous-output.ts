/**
 * Files of the previous output taken into the staging folder by a hard link instead of being
 * written again: making a file costs far more than linking one (docs/benchmarks.md), and most
 * files of a rebuild are unchanged. A file is linked when its bytes are known to be the new ones:
 * read and compared, or, for a file with a key (a page: its key stands for its HTML), when the
 * last build recorded that key with the file's stamp (its size, modification time and inode,
 * src/file-stamp.ts) and the stamp is still the same. Files written just now have no stamp
 * (git's "racy" rule, src/racy.ts: an edit by hand within the same tick of the filesystem's clock
 * would keep the time), so a file edited in the output is written anew either way.
 */
import { closeSync, linkSync, lstatSync, openSync, readSync } from 'node:fs';
import { stampOf, vouchesSince } from '../file-stamp.ts';
import { clockNs } from '../racy.ts';
import type { OutputFile } from './plan.ts';

/** What the last build knew of each file it left in the output, by path. */
export type OutputRecords = Map<string, [key: string, stamp: string]>;

/**
 * A file with contents, as the previous output is asked about it. Its contents are read only when
 * its key and stamp do not vouch for them: a kept page's are then read from the disk cache
 * (src/page-stages.ts), and are not otherwise.
 */
type MadeFile = Pick<OutputFile, 'path' | 'contents' | 'key'>;

export interface PreviousOutput {
  /** Links the previous output's copy of `file` (at `previous`) to `target` when it holds its contents; false: write it. */
  link(file: MadeFile, previous: string, target: string): boolean;
  /**
   * True when the previous output's copy of `file` (at `previous`) holds its contents (noted as
   * link would). `walked`: the file's stamp from a walk of the output taken just before
   * (src/output/in-place.ts), instead of its stats now; undefined: stat'ed now.
   */
  holds(file: MadeFile, previous: string, walked?: string): boolean;
  /** What the next build may trust. */
  records(): OutputRecords;
}

export function openPreviousOutput(last: OutputRecords | undefined, now = Date.now()): PreviousOutput {
  const vouches = vouchesSince(clockNs(now));
  const records: OutputRecords = new Map();
  const take = (file: MadeFile, previous: string, target: string | undefined, walked: string | undefined) => {
    const { path, key } = file;
    try {
      let stamp = walked;
      if (stamp === undefined) {
        const stats = lstatSync(previous);
        if (!stats.isFile()) return false;
        stamp = vouches(stats) ? stampOf(stats) : undefined;
      }
      const record = last?.get(path);
      const known = key !== undefined && stamp !== undefined && record?.[0] === key && record[1] === stamp;
      if (!known && !sameBytes(previous, file.contents ?? '')) return false;
      if (target !== undefined) linkSync(previous, target);
      // A linked or kept file keeps its inode and time: what was known of it still holds.
      if (known) records.set(path, record);
      else if (key !== undefined && stamp !== undefined) records.set(path, [key, stamp]);
      return true;
    } catch {
      // no previous file, or one that cannot be read or linked (another disk): write it
      return false;
    }
  };
  return {
    link: (file, previous, target) => take(file, previous, target, undefined),
    holds: (file, previous, walked) => take(file, previous, undefined, walked),
    records: () => records,
  };
}

/** Reads one byte more than `contents` has: a longer file is told from the same bytes. */
function sameBytes(previous: string, contents: Uint8Array | string): boolean {
  const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
  // Read into one buffer kept for all files: thousands of pages leave no garbage behind.
  if (scratch.length <= bytes.byteLength) scratch = Buffer.alloc(Math.max(bytes.byteLength + 1, 2 * scratch.length));
  const descriptor = openSync(previous, 'r');
  let read: number;
  try {
    read = readSync(descriptor, scratch, 0, bytes.byteLength + 1, 0);
  } finally {
    closeSync(descriptor);
  }
  return read === bytes.byteLength && scratch.subarray(0, read).equals(bytes);
}
let scratch = Buffer.alloc(64 * 1024);
