/**
 * A file's stamp (size, modification time, inode), made only for a file whose time can vouch for it: by
 * git's racy rule (src/racy.ts), a file changed within the filesystem clock's tick may keep its time.
 * Plain Stats, cheaper than BigIntStats, suffice: a later write moves a vouching time by a whole tick.
 */
import type { Stats } from 'node:fs';
import { racyJudge } from './racy.ts';

/** The stamp of a file, whether or not its time can vouch for it (see vouchesSince). */
export function stampOf(stats: Stats): string {
  return `${stats.size}\t${stats.mtimeMs}\t${stats.ino}`;
}

/**
 * Whether the time of a file stat'ed after `readAt` (the wall clock in ns, src/racy.ts: clockNs)
 * vouches for its stamp; made once for the many files of a walk or a build (src/racy.ts: racyJudge).
 */
export function vouchesSince(readAt: bigint): (stats: Stats) => boolean {
  const racy = racyJudge(readAt);
  return (stats) => !racy(stats.mtimeMs);
}
