/**
 * Files of the previous output hard-linked into the staging folder instead of written again, when their
 * bytes are known to be the new ones: read and compared, or a key recorded with a stamp that is unchanged
 * (src/file-stamp.ts). Files written just now get no stamp (src/racy.ts), so a hand edit can never pass.
 */
import { closeSync, linkSync, lstatSync, openSync, readSync } from 'node:fs';
import { stampOf, vouchesSince } from '../file-stamp.ts';
import { clockNs } from '../racy.ts';
import type { OutputFile } from './plan.ts';

/** What the last build knew of each file it left in the output, by path. */
export type OutputRecords = Map<string, [key: string, stamp: string]>;

/**
 * A file with contents, as the previous output is asked about it. Its contents are read only when its key
 * and stamp do not vouch for them (a kept page's, then, from the disk cache: src/page-stages.ts).
 */
type MadeFile = Pick<OutputFile, 'path' | 'contents' | 'key'>;

export interface PreviousOutput {
  /** Links the previous output's copy of `file` (at `previous`) to `target` when it holds its contents; false: write it. */
  link(file: MadeFile, previous: string, target: string): boolean;
  /**
   * True, noted as link would, when the copy of `file` at `previous` holds its contents. `walked`: its
   * stamp from a walk of the output just taken (src/output/in-place.ts); undefined: stat'ed now.
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
