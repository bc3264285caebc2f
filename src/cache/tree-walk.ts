/**
 * walkTrees: the stats of folder trees (and of single files) in one digest. Every entry counts,
 * in name order: its path, its type, and for a file its size, modification and change times and
 * inode. Two walks with the same digest saw the same names with the same stats, which is what
 * make, Vite and Hugo's file cache take for "unchanged", with git's racy rule (src/racy.ts): a
 * file whose time is too close to the walk may change again within the same tick and keep its
 * stats, so the walk names those files, and only their content can vouch for them.
 *
 * A symbolic link or a special file makes a tree `plain: false`: what is read through a link is
 * not walked, so its stats say nothing of it.
 */
import { hash } from 'node:crypto';
import { type BigIntStats, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isRacy } from '../racy.ts';

export interface TreeWalk {
  /** The stats of every entry, hashed. */
  digest: string;
  /** The files (as given, or relative to `base` with forward slashes) whose times cannot vouch for them. */
  racy: string[];
  /** false: a link or a special file was met. */
  plain: boolean;
  /** What the walk saw: each file's stats by its absolute path, and the clock before the walk. */
  seen: WalkedStats;
}

/** Stats a walk took, which a build may take instead of its own (src/cache/source-files.ts). */
export interface WalkedStats {
  at: bigint;
  files: ReadonlyMap<string, BigIntStats>;
}

/**
 * `folders` are walked whole, `singles` stat'ed one by one; a missing one counts as missing. Paths
 * in the digest and in `racy` are relative to `base`. `readAt`: the wall clock in ns before the walk.
 */
export function walkTrees(
  base: string,
  folders: readonly string[],
  singles: readonly string[],
  readAt: bigint,
): TreeWalk {
  const walk = { lines: [] as string[], racy: [] as string[], plain: true };
  const files = new Map<string, BigIntStats>();
  // Paths are joined by hand: path.join and path.relative for each of thousands of entries cost
  // more than the stat.
  const visit = (absolute: string, name: string, stats: BigIntStats | undefined) => {
    if (!stats) {
      walk.lines.push(`${name}\t-`);
    } else if (stats.isDirectory()) {
      walk.lines.push(`${name}\td\t${stats.ino}`);
      for (const entry of readdirSync(absolute).sort()) {
        visit(`${absolute}${path.sep}${entry}`, `${name}/${entry}`, statOf(`${absolute}${path.sep}${entry}`));
      }
    } else if (stats.isFile()) {
      walk.lines.push(`${name}\tf\t${stats.size}\t${stats.mtimeNs}\t${stats.ctimeNs}\t${stats.ino}`);
      if (isRacy(stats.mtimeNs, readAt)) walk.racy.push(name);
      files.set(absolute, stats);
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
  const digest = hash('sha256', walk.lines.join('\n'), 'base64url');
  return { digest, racy: walk.racy, plain: walk.plain, seen: { at: readAt, files } };
}

function statOf(file: string): BigIntStats | undefined {
  return lstatSync(file, { bigint: true, throwIfNoEntry: false });
}
