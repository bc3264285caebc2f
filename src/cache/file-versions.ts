/**
 * Versions of the source files, as keys for the steps that read them: a version changes whenever the
 * file may have, so it is read again only then. A single build has every file at version 0; `dev`
 * counts its watcher's events here and hands each build a snapshot that stays fixed while it runs.
 */
import path from 'node:path';

export interface FileVersions {
  /** Changes whenever the file may have changed; '' for a file that never did (the most common key, kept short). */
  file(absolute: string): string;
  /** Changes whenever anything under the folder may have changed. */
  folder(absolute: string): string;
  /** Changes whenever a file or folder under the folder may have appeared or gone. */
  listing(absolute: string): string;
}

export interface FileChange {
  /** Absolute path. */
  path: string;
  /** The watcher's events (chokidar's names): a content change keeps the folder's shape, the others may not. */
  event: 'add' | 'addDir' | 'change' | 'unlink' | 'unlinkDir';
}

/** Every file as it is on disk now, for a build that reads each file once. */
export const unchangedFiles: FileVersions = { file: () => '', folder: () => '0', listing: () => '0' };

export interface FileVersionCounter {
  record(change: FileChange): void;
  /** The versions as they are now: later changes do not show in it. */
  snapshot(): FileVersions;
}

/** `folders`: the source folders whose listings and contents are counted as a whole. */
export function createFileVersionCounter(folders: readonly string[]): FileVersionCounter {
  const files = new Map<string, number>();
  const changed = new Map<string, number>(folders.map((folder) => [folder, 0]));
  const moved = new Map<string, number>(folders.map((folder) => [folder, 0]));
  // A folder that appeared or went takes the files under it along: every version moves on.
  let epoch = 0;
  return {
    record({ path: file, event }) {
      if (event === 'addDir' || event === 'unlinkDir') epoch++;
      files.set(file, (files.get(file) ?? 0) + 1);
      for (const folder of folders) {
        if (!file.startsWith(folder + path.sep) && file !== folder) continue;
        changed.set(folder, changed.get(folder)! + 1);
        if (event !== 'change') moved.set(folder, moved.get(folder)! + 1);
      }
    },
    snapshot() {
      const at = epoch;
      const counted = new Map(files);
      // A folder counts as the source folder that holds it.
      const inside = (counts: Map<string, number>, absolute: string) => {
        const folder = folders.find((source) => absolute === source || absolute.startsWith(source + path.sep));
        return `${at}.${folder === undefined ? 0 : counts.get(folder)}`;
      };
      const changedNow = new Map(changed);
      const movedNow = new Map(moved);
      return {
        file(absolute) {
          const count = counted.get(absolute) ?? 0;
          return at === 0 && count === 0 ? '' : `${at}.${count}`;
        },
        folder: (absolute) => inside(changedNow, absolute),
        listing: (absolute) => inside(movedNow, absolute),
      };
    },
  };
}
