/**
 * walkOutputFolder: every file of the output folder with its stamp (src/file-stamp.ts), so that the warm
 * write (src/output/in-place.ts) stats each file once. A file too recent to vouch for (src/racy.ts) has no
 * stamp; a symbolic link or a special file makes the walk `plain: false`, and the output is staged whole.
 */
import { lstatSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';
import { stampOf, vouchesSince } from '../file-stamp.ts';
import { clockNs } from '../racy.ts';

export interface OutputWalk {
  /** false: a link or a special file was met. */
  plain: boolean;
  /** Every file met, by its absolute path: its stamp, or undefined when its time cannot vouch for it. */
  files: ReadonlyMap<string, string | undefined>;
  /** How many folders were met, the output folder among them. */
  folders: number;
}

export function walkOutputFolder(outDir: string, readAt = clockNs()): OutputWalk {
  const files = new Map<string, string | undefined>();
  const vouches = vouchesSince(readAt);
  const walk = { plain: true, files, folders: 0 };
  // Paths are joined by hand: path.join for each of thousands of entries costs more than the stat.
  const visit = (absolute: string, stats: Stats | undefined) => {
    if (!stats) return;
    if (stats.isDirectory()) {
      walk.folders++;
      for (const entry of readdirSync(absolute)) {
        const child = `${absolute}${path.sep}${entry}`;
        visit(child, lstatSync(child, { throwIfNoEntry: false }));
      }
    } else if (stats.isFile()) files.set(absolute, vouches(stats) ? stampOf(stats) : undefined);
    else walk.plain = false;
  };
  visit(outDir, lstatSync(outDir, { throwIfNoEntry: false }));
  return walk;
}
