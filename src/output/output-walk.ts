/**
 * The walk of the output folder (src/tree-walk.ts), one for the write of a warm build
 * (src/output/in-place.ts) and the unchanged build's check of its record (src/unchanged-build.ts):
 * both name the entries relative to the folder's parent, so a digest one made is the other's.
 */
import path from 'node:path';
import { openWalk, type OpenWalk } from '../tree-walk.ts';
import { clockNs } from '../racy.ts';

export function walkOutputFolder(outDir: string, readAt = clockNs()): OpenWalk {
  return openWalk(path.dirname(outDir), [outDir], [], readAt);
}

/** The absolute path of a name in the walk (TreeWalk.racy). */
export function outputPathOf(outDir: string, name: string): string {
  return path.join(path.dirname(outDir), name);
}

/** The output file (relative to the folder, forward slashes: OutputFile.path) of a name in the walk. */
export function outputFileOf(outDir: string, name: string): string {
  return name.slice(path.basename(outDir).length + 1);
}
