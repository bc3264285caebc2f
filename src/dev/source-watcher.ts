/**
 * watchSourceFolders: the source folders' changes, as chokidar's events, from Node's fs.watch on
 * each folder. A folder is listed once, when watching starts or when it appears; a change of a
 * file in it costs one lstat of that file. (chokidar 5 listed the whole folder again and
 * lstat-ed each of its files on any event in it: 4000 lstats per save in content/pages/.)
 */
import { type Dirent, type FSWatcher, type Stats, watch } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FileChange } from '../cache/file-versions.ts';

export interface SourceEvents {
  /** A file or folder that appeared, changed or went; `stats` (lstat) when it is there. */
  change(change: FileChange, stats?: Stats): void;
  /** Something moved in a watched folder: a burst of saves may go on. */
  stir(): void;
  /** Watching a folder failed: saves in it may go unseen. */
  error(error: Error): void;
}

export interface SourceWatcher {
  /** Settles once every source folder is listed and watched. */
  ready: Promise<void>;
  /** The folders being watched, absolute. */
  folders(): string[];
  close(): void;
}

/** Dot files are not sources, except under public/.well-known/, which is published (public-files.ts). */
function hidden(inside: string): boolean {
  return /[\\/]\./.test(inside.replace(/^[\\/]\.well-known(?=[\\/]|$)/, ''));
}

/**
 * The project folder is watched too (not listed), so a source folder that is deleted and made
 * again is seen. Links are not followed: the build refuses what a link leads out to anyway.
 */
export function watchSourceFolders(root: string, sources: readonly string[], on: SourceEvents): SourceWatcher {
  const sourced = (file: string) =>
    sources.some(
      (folder) => file === folder || (file.startsWith(folder + path.sep) && !hidden(file.slice(folder.length))),
    );
  /** What each path under a source folder was when last seen: a folder or a file (links count as files). */
  const known = new Map<string, 'file' | 'folder'>();
  /** The inode of each folder watched: a folder deleted and made again under the same name is another folder. */
  const inodes = new Map<string, number>();
  const watchers = new Map<string, FSWatcher>();
  /** Paths being looked at now; true when another event for one came in meanwhile. */
  const looking = new Map<string, boolean>();
  let closed = false;

  function watchFolder(folder: string): boolean {
    if (closed || watchers.has(folder)) return !closed;
    try {
      const watcher = watch(folder, { persistent: true }, (_event, name) => {
        if (closed) return;
        // Some platforms may not name the file: then the folder is listed again, and its files looked at.
        if (name === null) return lookInside(folder);
        const file = path.join(folder, name.toString());
        if (!sourced(file)) return;
        on.stir();
        look(file);
      });
      // A folder deleted under its watcher (EPERM on Windows): its parent's event says what happened.
      watcher.on('error', () => {
        forgetFolder(folder);
        look(folder);
      });
      watchers.set(folder, watcher);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'ENOTDIR')
        on.error(error as Error);
      return false;
    }
  }

  /** Watches a folder, then lists it (so nothing made in between is missed); reports what it holds when `report`. */
  async function addFolder(folder: string, report: boolean): Promise<void> {
    if (!watchFolder(folder)) return;
    let entries: Dirent[];
    try {
      const [stats, listed] = await Promise.all([lstat(folder), readdir(folder, { withFileTypes: true })]);
      inodes.set(folder, stats.ino);
      entries = listed;
    } catch {
      return look(folder);
    }
    const folders: Promise<void>[] = [];
    for (const entry of entries) {
      const file = path.join(folder, entry.name);
      if (closed || !sourced(file) || known.has(file)) continue;
      if (entry.isDirectory()) {
        known.set(file, 'folder');
        if (report) on.change({ path: file, event: 'addDir' });
        folders.push(addFolder(file, report));
      } else if (report) {
        // Looked at like any new file: it is reported as added, with its stats.
        look(file);
      } else {
        known.set(file, 'file');
      }
    }
    await Promise.all(folders);
  }

  function forgetFolder(folder: string): void {
    for (const [watched, watcher] of watchers) {
      if (watched !== folder && !watched.startsWith(folder + path.sep)) continue;
      watcher.close();
      watchers.delete(watched);
      inodes.delete(watched);
    }
    for (const file of known.keys()) if (file.startsWith(folder + path.sep)) known.delete(file);
  }

  function lookInside(folder: string): void {
    on.stir();
    for (const file of known.keys()) if (path.dirname(file) === folder) look(file);
    void addFolder(folder, true);
  }

  /** Looks at one path after an event; events for it that come in meanwhile make one more look. */
  function look(file: string): void {
    if (looking.has(file)) {
      looking.set(file, true);
      return;
    }
    looking.set(file, false);
    void inspect(file).then(() => {
      const again = looking.get(file);
      looking.delete(file);
      if (again && !closed) look(file);
    });
  }

  async function inspect(file: string): Promise<void> {
    const stats = await lstat(file).catch(() => undefined);
    if (closed) return;
    const was = known.get(file);
    if (stats?.isDirectory() && was === 'folder' && inodes.get(file) === stats.ino) return;
    if (was === 'folder') {
      forgetFolder(file);
      known.delete(file);
      on.change({ path: file, event: 'unlinkDir' });
    }
    if (stats?.isDirectory()) {
      if (was === 'file') on.change({ path: file, event: 'unlink' });
      known.set(file, 'folder');
      inodes.set(file, stats.ino);
      on.change({ path: file, event: 'addDir' }, stats);
      return addFolder(file, true);
    }
    if (!stats) {
      if (was === 'file') {
        known.delete(file);
        on.change({ path: file, event: 'unlink' });
      }
      return;
    }
    known.set(file, 'file');
    on.change({ path: file, event: was === 'file' ? 'change' : 'add' }, stats);
  }

  watchFolder(root);
  const ready = Promise.all(
    sources.map(async (folder) => {
      const stats = await lstat(folder).catch(() => undefined);
      if (!stats?.isDirectory()) return;
      known.set(folder, 'folder');
      await addFolder(folder, false);
    }),
  ).then(() => undefined);
  return {
    ready,
    folders: () => [...watchers.keys()],
    close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
