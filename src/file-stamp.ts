/**
 * A file's stamp: its size, modification time and inode in one string, which changes whenever its
 * bytes may have (what make, Vite and Hugo's file cache take for "unchanged"). It is made only for
 * a file whose time can vouch for it: by git's racy rule (src/racy.ts), a file whose time is not
 * clearly older than the moment its stats were taken may change again within the same tick of the
 * filesystem's clock and keep them, and then only its content can tell. A stamp kept by one build
 * and found again by the next says the file was not written in between.
 *
 * Plain stats, not BigIntStats: thousands of BigInts a walk cost more than the stat itself. Times
 * are read as milliseconds with their fraction (a double, to a quarter of a microsecond): a later
 * write moves a time that vouches by at least the racy tick, far more than that. The inode is a
 * double too, exact below 2^53; two files told apart by nothing but the lower bits of larger
 * inodes would also need the same size and modification time.
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
