/**
 * The source folders' changes, as chokidar's events, from Node's fs.watch on each folder. A folder is listed once,
 * when watching starts or when it appears, and a change of a file in it costs one lstat of that file; chokidar
 * itself lists the whole folder again and lstats each of its files on any event in it.
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
  const watch = new FolderWatch(sources, on);
  watch.watchFolder(root);
  const ready = Promise.all(sources.map((folder) => watch.addSource(folder))).then(() => undefined);
  return {
    ready,
    folders: () => [...watch.watchers.keys()],
    close: () => watch.close(),
  };
}

/** The source folders' watchers and what was last seen under them. */
class FolderWatch {
  /** What each path under a source folder was when last seen: a folder or a file (links count as files). */
  private readonly known = new Map<string, 'file' | 'folder'>();
  /** The inode of each folder watched: a folder deleted and made again under the same name is another folder. */
  private readonly inodes = new Map<string, number>();
  readonly watchers = new Map<string, FSWatcher>();
  /** Paths being looked at now; true when another event for one came in meanwhile. */
  private readonly looking = new Map<string, boolean>();
  private closed = false;

  constructor(
    private readonly sources: readonly string[],
    private readonly on: SourceEvents,
  ) {}

  private sourced(file: string): boolean {
    return this.sources.some(
      (folder) => file === folder || (file.startsWith(folder + path.sep) && !hidden(file.slice(folder.length))),
    );
  }

  /** A source folder listed and watched when watching starts (nothing is reported). */
  async addSource(folder: string): Promise<void> {
    const stats = await lstat(folder).catch(() => undefined);
    if (!stats?.isDirectory()) return;
    this.known.set(folder, 'folder');
    await this.addFolder(folder, false);
  }

  watchFolder(folder: string): boolean {
    if (this.closed || this.watchers.has(folder)) return !this.closed;
    try {
      const watcher = watch(folder, { persistent: true }, (_event, name) => {
        if (this.closed) return;
        // Some platforms may not name the file: then the folder is listed again, and its files looked at.
        if (name === null) return this.lookInside(folder);
        const file = path.join(folder, name.toString());
        if (!this.sourced(file)) return;
        this.on.stir();
        this.look(file);
      });
      // A folder deleted under its watcher (EPERM on Windows): its parent's event says what happened.
      watcher.on('error', () => {
        this.forgetFolder(folder);
        this.look(folder);
      });
      this.watchers.set(folder, watcher);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'ENOTDIR')
        this.on.error(error as Error);
      return false;
    }
  }

  /** Watches a folder, then lists it (so nothing made in between is missed); reports what it holds when `report`. */
  private async addFolder(folder: string, report: boolean): Promise<void> {
    if (!this.watchFolder(folder)) return;
    let entries: Dirent[];
    try {
      const [stats, listed] = await Promise.all([lstat(folder), readdir(folder, { withFileTypes: true })]);
      this.inodes.set(folder, stats.ino);
      entries = listed;
    } catch {
      return this.look(folder);
    }
    const folders: Promise<void>[] = [];
    for (const entry of entries) {
      const file = path.join(folder, entry.name);
      if (this.closed || !this.sourced(file) || this.known.has(file)) continue;
      if (entry.isDirectory()) {
        this.known.set(file, 'folder');
        if (report) this.on.change({ path: file, event: 'addDir' });
        folders.push(this.addFolder(file, report));
      } else if (report) {
        // Looked at like any new file: it is reported as added, with its stats.
        this.look(file);
      } else {
        this.known.set(file, 'file');
      }
    }
    await Promise.all(folders);
  }

  private forgetFolder(folder: string): void {
    for (const [watched, watcher] of this.watchers) {
      if (watched !== folder && !watched.startsWith(folder + path.sep)) continue;
      watcher.close();
      this.watchers.delete(watched);
      this.inodes.delete(watched);
    }
    for (const file of this.known.keys()) if (file.startsWith(folder + path.sep)) this.known.delete(file);
  }

  private lookInside(folder: string): void {
    this.on.stir();
    for (const file of this.known.keys()) if (path.dirname(file) === folder) this.look(file);
    void this.addFolder(folder, true);
  }

  /** Looks at one path after an event; events for it that come in meanwhile make one more look. */
  private look(file: string): void {
    if (this.looking.has(file)) {
      this.looking.set(file, true);
      return;
    }
    this.looking.set(file, false);
    void this.inspect(file).then(() => {
      const again = this.looking.get(file);
      this.looking.delete(file);
      if (again && !this.closed) this.look(file);
    });
  }

  private async inspect(file: string): Promise<void> {
    const stats = await lstat(file).catch(() => undefined);
    if (this.closed) return;
    const was = this.known.get(file);
    if (stats?.isDirectory() && was === 'folder' && this.inodes.get(file) === stats.ino) return;
    if (was === 'folder') {
      this.forgetFolder(file);
      this.known.delete(file);
      this.on.change({ path: file, event: 'unlinkDir' });
    }
    if (stats?.isDirectory()) {
      if (was === 'file') this.on.change({ path: file, event: 'unlink' });
      this.known.set(file, 'folder');
      this.inodes.set(file, stats.ino);
      this.on.change({ path: file, event: 'addDir' }, stats);
      return this.addFolder(file, true);
    }
    if (!stats) {
      if (was === 'file') {
        this.known.delete(file);
        this.on.change({ path: file, event: 'unlink' });
      }
      return;
    }
    this.known.set(file, 'file');
    this.on.change({ path: file, event: was === 'file' ? 'change' : 'add' }, stats);
  }

  close(): void {
    this.closed = true;
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }
}
