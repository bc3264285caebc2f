/**
 * walkTrees: the stats of folder trees (and of single files) in one digest. Every entry counts,
 * in name order: its path, its type, and for a file its size, modification and change times and
 * inode. Two walks with the same digest saw the same names with the same stats, which is what
 * make, Vite and Hugo's file cache take for "unchanged", with git's racy rule (src/racy.ts): a
 * file whose time is too close to the walk may change again within the same tick and keep its
 * stats, so the walk names those files, and only their content can vouch for them.
 *
 * A symbolic link or a special file makes a tree `plain: false`: what is read through a link is
 * not walked, so its stats say nothing of it. Nothing of the walk is kept but its digest and the
 * racy names: stats of thousands of files held through a build cost it more in garbage collection
 * than the walk itself.
 */
import { hash } from 'node:crypto';
import { lstatSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';
import { isRacy } from '../racy.ts';

export interface TreeWalk {
  /** The stats of every entry, hashed. */
  digest: string;
  /** The files (relative to `base`, forward slashes) whose times cannot vouch for them. */
  racy: string[];
  /** false: a link or a special file was met. */
  plain: boolean;
}

/**
 * `folders` are walked whole, `singles` stat'ed one by one; a missing one counts as missing. Paths
 * in the digest and in `racy` are relative to `base`. `readAt`: the wall clock in ns before the walk.
 * Times are read as milliseconds with their fraction (a double: to a quarter of a microsecond).
 */
export function walkTrees(
  base: string,
  folders: readonly string[],
  singles: readonly string[],
  readAt: bigint,
): TreeWalk {
  const walk = { lines: [] as string[], racy: [] as string[], plain: true };
  // Paths are joined by hand: path.join and path.relative for each of thousands of entries cost
  // more than the stat.
  const visit = (absolute: string, name: string, stats: Stats | undefined) => {
    if (!stats) {
      walk.lines.push(`${name}\t-`);
    } else if (stats.isDirectory()) {
      walk.lines.push(`${name}\td\t${stats.ino}`);
      for (const entry of readdirSync(absolute).sort()) {
        visit(`${absolute}${path.sep}${entry}`, `${name}/${entry}`, statOf(`${absolute}${path.sep}${entry}`));
      }
    } else if (stats.isFile()) {
      walk.lines.push(`${name}\tf\t${stats.size}\t${stats.mtimeMs}\t${stats.ctimeMs}\t${stats.ino}`);
      if (isRacy(BigInt(Math.floor(stats.mtimeMs * 1e6)), readAt)) walk.racy.push(name);
    } else {
      walk.lines.push(`${name}\t?`);
      walk.plain = false;
    }
  };
  const nameOf = (absolute: string) => path.relative(base, absolute).split(path.sep).join('/');
  for (const folder of folders) visit(folder, nameOf(folder), statOf(folder));
  for (const file of singles) {
    const stats = statOf(file);
    visit(file, nameOf(file), stats?.isDirectory() ? undefined : stats);
  }
  return { digest: hash('sha256', walk.lines.join('\n'), 'base64url'), racy: walk.racy, plain: walk.plain };
}

function statOf(file: string): Stats | undefined {
  return lstatSync(file, { throwIfNoEntry: false });
}
