/**
 * The source folders' changes -> buildSite, for `dev`: saves are debounced and one build runs at a time, on one
 * store kept for the session, so a rebuild gives what a cold build of the same files gives. A build that files
 * changed under while it read them is redone, not reported, so a burst of saves ends in one consistent build.
 */
import type { Stats } from 'node:fs';
import path from 'node:path';
import { createFileVersionCounter, type FileChange } from '../cache/file-versions.ts';
import { openStore } from '../cache/store.ts';
import { buildSite, type BuildResult } from '../build.ts';
import type { BuildOptions, OpenPages } from '../build-run.ts';
import type { ResolvedConfig } from '../config.ts';
import { toSiteErrors, type SiteError } from '../errors.ts';
import { log } from '../log.ts';
import { createSettler, PendingChanges } from './pending-changes.ts';
import { watchSourceFolders } from './source-watcher.ts';

export type BuildOutcome =
  | { ok: true; result: BuildResult; changes: FileChange[] }
  | { ok: false; errors: SiteError[]; changes: FileChange[] }
  | { ok: false; internal: unknown; changes: FileChange[] };

export interface WatchOptions {
  /** Quiet time after the last save before a build starts. */
  debounce?: number;
  /** A burst of saves that never pauses still builds this long after its first save. */
  maxWait?: number;
  /** Called after every build that is not superseded, the first one included. Must not throw. */
  onBuild(outcome: BuildOutcome): void;
  /** The pages browsers have open: each build shows them before it makes the rest. */
  open?: OpenPages;
}

export interface SiteWatcher {
  /** Settles after the first build (a failed one reports HOLD_MS later). */
  ready: Promise<void>;
  /** The folders being watched, absolute (for tests: none may lie outside the project). */
  watchedFolders(): string[];
  close(): Promise<void>;
}

/**
 * How long a failed build waits, with no file moving, before its problems are shown: longer than the settle wait
 * of pending-changes.ts, and than the gap between an editor's truncate and its write. Good builds are never held.
 */
const HOLD_MS = 150;

export function watchSite(config: ResolvedConfig, options: WatchOptions): SiteWatcher {
  const versions = createFileVersionCounter([config.contentDir, config.templatesDir, config.publicDir]);
  // Opened on the disk cache, so the first build starts warm; saved after the first good build.
  const opening = openStore(config);
  const pending = new PendingChanges(options.debounce ?? 5, options.maxWait ?? 250, () => void run());
  const settler = createSettler(pending, (file) => record({ path: file, event: 'change' }));
  let building = false;
  let stirred = false;
  let holding = false;
  /** Builds started so far: tells a held outcome whether a newer build has begun. */
  let builds = 0;
  let closed = false;

  const record = (change: FileChange, stats?: Stats) => {
    pending.add(change, stats);
    if (change.event === 'add' || change.event === 'change' || change.event === 'unlink') settler.settle(change.path);
  };

  const watcher = watchSourceFolders(config.root, [config.contentDir, config.templatesDir, config.publicDir], {
    change: record,
    stir() {
      if (building || holding) stirred = true;
      pending.prolong();
    },
    error(error) {
      log.warn(`Watching files failed (${error.message}); saves may go unseen until dev restarts.`);
    },
  });

  async function run(): Promise<void> {
    if (closed || building) return;
    building = true;
    holding = false;
    stirred = false;
    builds++;
    const changes = await pending.takeForBuild();
    for (const change of changes) versions.record(change);
    // A content save shows the open pages first. A template or stylesheet edit does not: it may
    // change only the stylesheet, which the browser swaps without touching the page.
    const contentOnly = changes.length > 0 && changes.every((change) => inside(change.path, config.contentDir));
    const open = contentOnly ? options.open : undefined;
    const outcome = await buildOnce(
      config,
      { write: false, store: await opening, files: versions.snapshot(), open },
      changes,
    );
    building = false;
    if (!closed) finish(outcome);
  }

  function finish(outcome: BuildOutcome): void {
    // Files changed while this build read them, so it may mix old and new: it is not shown,
    // and the next build reads its batch again.
    if (pending.size > 0 || stirred) {
      pending.requeue(outcome.changes);
      return;
    }
    if (outcome.ok) {
      options.onBuild(outcome);
      return;
    }
    // A failed build may have read a file halfway through a save (an editor truncates, then
    // writes): its problems are shown only if nothing moves for a moment.
    const held = builds;
    holding = true;
    stirred = false;
    setTimeout(() => {
      // A newer build started: it reports (or is redone), and this outcome is stale.
      if (closed || builds !== held) return;
      holding = false;
      if (pending.size > 0 || stirred) pending.requeue(outcome.changes);
      else options.onBuild(outcome);
    }, HOLD_MS);
  }

  const ready = watcher.ready.then(run);
  return {
    ready,
    watchedFolders: () => watcher.folders(),
    async close() {
      closed = true;
      pending.close();
      settler.close();
      watcher.close();
    },
  };
}

/** One build of the files as counted; its errors become the outcome instead of a throw. */
async function buildOnce(config: ResolvedConfig, build: BuildOptions, changes: FileChange[]): Promise<BuildOutcome> {
  try {
    return { ok: true, result: await buildSite(config, build), changes };
  } catch (thrown) {
    const errors = toSiteErrors(thrown);
    return errors ? { ok: false, errors, changes } : { ok: false, internal: thrown, changes };
  }
}

export function inside(file: string, folder: string): boolean {
  return file === folder || file.startsWith(folder + path.sep);
}
