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
 *
 * Each file's stamp (src/file-stamp.ts) is kept by its path, one short string a file, so that
 * the build stats each file once: the pipeline takes the source walk's stamps instead of its own
 * (src/cache/source-files.ts), and the write of a warm build verifies the previous output with
 * the output walk's (src/output/in-place.ts). Stats objects are not kept: the BigIntStats of 4000
 * files held through a build once cost it more in garbage collection than a second stat of each
 * file saved (7.95 G instructions against 7.82 G for a one-page warm build); a string a file
 * costs less than the stat it saves (7.51 G against 7.66 G, docs/benchmarks.md, section "Each
 * file stat'ed once").
 */
import { hash } from 'node:crypto';
import { lstatSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';
import { stampOf, vouchesSince } from './file-stamp.ts';

export interface TreeWalk {
  /** The stats of every entry, hashed. */
  digest: string;
  /** The files (relative to `base`, forward slashes) whose times cannot vouch for them. */
  racy: string[];
  /** false: a link or a special file was met. */
  plain: boolean;
  /** Every file met, by its absolute path: its stamp, or undefined when its time cannot vouch for it. */
  files: ReadonlyMap<string, string | undefined>;
  /** How many folders were met, the walked ones among them. */
  folders: number;
}

/** A walk whose digest is made later, when the files written since it have been stat'ed again. */
export interface OpenWalk extends Omit<TreeWalk, 'digest'> {
  /** Stats the file again (one the build wrote after the walk), in its place in the walk. */
  restat(absolute: string): void;
  /** The walk as it is now, hashed. */
  close(): TreeWalk;
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
  return openWalk(base, folders, singles, readAt).close();
}

export function openWalk(
  base: string,
  folders: readonly string[],
  singles: readonly string[],
  readAt: bigint,
): OpenWalk {
  const lines: string[] = [];
  const files = new Map<string, string | undefined>();
  const nameOf = (absolute: string) => path.relative(base, absolute).split(path.sep).join('/');
  const vouches = vouchesSince(readAt);
  const fileLine = (absolute: string, name: string, stats: Stats) => {
    const stamp = stampOf(stats);
    if (vouches(stats)) files.set(absolute, stamp);
    else {
      files.set(absolute, undefined);
      walk.racy.push(name);
    }
    return `${name}\tf\t${stamp}\t${stats.ctimeMs}`;
  };
  const walk: OpenWalk = {
    racy: [],
    plain: true,
    files,
    folders: 0,
    restat(absolute) {
      const name = nameOf(absolute);
      const at = lines.findIndex((line) => line.startsWith(`${name}\t`));
      const stats = statOf(absolute);
      // Only a file the walk met is stat'ed again; anything else leaves a walk that vouches for nothing.
      if (at === -1 || !files.has(absolute) || !stats?.isFile()) {
        walk.plain = false;
        return;
      }
      walk.racy = walk.racy.filter((racy) => racy !== name);
      lines[at] = fileLine(absolute, name, stats);
    },
    close: () => ({
      digest: hash('sha256', lines.join('\n'), 'base64url'),
      racy: walk.racy,
      plain: walk.plain,
      files,
      folders: walk.folders,
    }),
  };
  // Paths are joined by hand: path.join and path.relative for each of thousands of entries cost
  // more than the stat.
  const visit = (absolute: string, name: string, stats: Stats | undefined) => {
    if (!stats) {
      lines.push(`${name}\t-`);
    } else if (stats.isDirectory()) {
      lines.push(`${name}\td\t${stats.ino}`);
      walk.folders++;
      for (const entry of readdirSync(absolute).sort()) {
        // One string for the stat and the key of `files`: made twice, each copy was flattened and
        // scanned on its own (a seventh of the walks' instructions, docs/benchmarks.md).
        const child = `${absolute}${path.sep}${entry}`;
        visit(child, `${name}/${entry}`, statOf(child));
      }
    } else if (stats.isFile()) {
      lines.push(fileLine(absolute, name, stats));
    } else {
      lines.push(`${name}\t?`);
      walk.plain = false;
    }
  };
  for (const folder of folders) visit(folder, nameOf(folder), statOf(folder));
  for (const file of singles) {
    const stats = statOf(file);
    visit(file, nameOf(file), stats?.isDirectory() ? undefined : stats);
  }
  return walk;
}

function statOf(file: string): Stats | undefined {
  return lstatSync(file, { throwIfNoEntry: false });
}
