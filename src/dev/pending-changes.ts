/**
 * The saves `dev` has seen but not built yet (debounced into one batch), and what each file
 * looked like when a build last read it, so that a save the watcher missed is still noticed.
 */
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FileChange } from '../cache/file-versions.ts';

/**
 * The watcher may lose a save's event (or merge it into one already reported), so a little after a file's last
 * event its state is compared with what the build read; if it moved on, it counts as a new change.
 */
const SETTLE_MS = 60;
/** Saves waiting for the next build, debounced into one batch, and each file's state when a build last read it. */
export class PendingChanges {
  private readonly changes = new Map<string, FileChange>();
  /** What each changed file looked like at its newest event, and when the build read it. */
  private readonly seenAs = new Map<string, string>();
  private readonly readAs = new Map<string, string>();
  /** When the oldest waiting change came in. */
  private firstAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly debounce: number,
    private readonly maxWait: number,
    private readonly startBuild: () => void,
  ) {}

  get size(): number {
    return this.changes.size;
  }

  add(change: FileChange, stats?: Stats): void {
    if (stats) this.seenAs.set(change.path, signatureOf(stats));
    else this.seenAs.delete(change.path);
    this.queue(change);
    this.schedule();
  }

  /** A build's batch again, when the build was not shown: its files moved while it read them. */
  requeue(changes: FileChange[]): void {
    for (const change of changes) this.queue(change);
    if (!this.timer) this.schedule();
  }

  /** A burst of saves goes on: the build waits for its end (up to maxWait). */
  prolong(): void {
    if (this.timer) this.schedule();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    const waited = performance.now() - this.firstAt;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.startBuild();
      },
      Math.max(0, Math.min(this.debounce, this.maxWait - waited)),
    );
  }

  private queue(change: FileChange): void {
    const earlier = this.changes.get(change.path);
    if (this.changes.size === 0) this.firstAt = performance.now();
    // A file added and changed in one batch still counts as added: keep the event that says more.
    if (!earlier || earlier.event === 'change') this.changes.set(change.path, change);
  }

  /** Empties the batch and notes what its files look like as the build is about to read them. */
  async takeForBuild(): Promise<FileChange[]> {
    const changes = [...this.changes.values()];
    this.changes.clear();
    // The watcher's stats were taken after the save and before this build reads: no stat needed.
    const seen = changes.map((change) => this.seenAs.get(change.path));
    for (const change of changes) this.seenAs.delete(change.path);
    await Promise.all(
      changes.map(async (change, index) => this.readAs.set(change.path, seen[index] ?? (await signature(change.path)))),
    );
    return changes;
  }

  /** True when a file a build read has been written since, with no change waiting for it. */
  async movedSinceRead(file: string): Promise<boolean> {
    if (this.changes.has(file) || !this.readAs.has(file)) return false;
    const now = await signature(file);
    return now !== this.readAs.get(file) && !this.changes.has(file);
  }
}

/** Compares a file a little after its last event with what the build read (see SETTLE_MS). */
export function createSettler(
  pending: PendingChanges,
  moved: (file: string) => void,
): { settle(file: string): void; close(): void } {
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;
  return {
    settle(file) {
      clearTimeout(timers.get(file));
      timers.set(
        file,
        setTimeout(async () => {
          timers.delete(file);
          if (closed) return;
          if (await pending.movedSinceRead(file)) moved(file);
        }, SETTLE_MS),
      );
    },
    close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
    },
  };
}

/** What a build saw of a file: enough to tell that it was written since. */
async function signature(file: string): Promise<string> {
  try {
    return signatureOf(await stat(file));
  } catch {
    return 'missing';
  }
}

function signatureOf(info: Stats): string {
  return `${info.mtimeMs}:${info.ctimeMs}:${info.size}:${info.ino}`;
}
