/**
 * A folder's stamp for a single build: a hash of the names, sizes, times and inodes under it, so that what
 * was made from it (public/'s listing, its images' sizes) is kept on disk while the stamp is the same. By
 * git's "racy" rule (src/racy.ts), a folder holding a file changed just now gets no stamp.
 */
import { lstatSync, readdirSync, statSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { hashKey } from './disk.ts';
import { clockNs, isRacy } from '../racy.ts';

/** undefined: the folder changed too recently to be stamped. A missing folder has a stamp of its own. */
export function stampFolder(folder: string, now = Date.now()): string | undefined {
  const readAt = clockNs(now);
  let names: string[];
  try {
    names = readdirSync(folder, { recursive: true }).map(String).sort();
  } catch (cause) {
    return `missing ${(cause as NodeJS.ErrnoException).code}`;
  }
  const parts: string[] = [];
  for (const name of names) {
    const absolute = path.join(folder, name);
    const own = statsOf(absolute, lstatSync);
    // A link is stamped by what it leads to as well (none for a loop or a dangling link).
    const target = own?.isSymbolicLink() ? statsOf(absolute, statSync) : own;
    for (const stats of [own, target]) {
      if (stats && isRacy(stats.mtimeNs, readAt)) return undefined;
    }
    parts.push(`${name}\0${describe(own)}\0${describe(target)}`);
  }
  return hashKey(folder, ...parts);
}

function describe(stats: BigIntStats | undefined): string {
  return stats ? `${stats.mode} ${stats.size} ${stats.mtimeNs} ${stats.ino}` : 'none';
}

function statsOf(absolute: string, read: typeof statSync | typeof lstatSync): BigIntStats | undefined {
  try {
    return read(absolute, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
