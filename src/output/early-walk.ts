/**
 * The walk that verifies the previous output before a warm build writes in place
 * (src/output/in-place.ts), taken by a worker thread while the pipeline runs on the main one: for
 * thousands of files it is about a tenth of a one-page warm build, all of it stats and folder
 * reads, which the other core does beside the pipeline's work. The walk counts as the write's own:
 * a file changed after it has another stamp than the one this build records, so the next build
 * finds it (exactly as a change made just after the write).
 */
import { Worker } from 'node:worker_threads';
import { resolveEntryFile } from '../entry-file.ts';
import { resumeWalk, type OpenWalk, type WalkData } from '../tree-walk.ts';

/** Below this many files, the main thread's own walk costs less than starting a thread. */
export const EARLY_WALK_FILES = 500;

/** The output folder's walk, or undefined when the thread could not take it (the write then walks itself). */
export function startOutputWalk(outDir: string): Promise<OpenWalk | undefined> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(resolveEntryFile('output/walk-worker'), { workerData: outDir });
    } catch {
      resolve(undefined);
      return;
    }
    // A build that fails before its write does not wait for the thread to exit.
    worker.unref();
    worker.once('message', (walk: WalkData | null) => resolve(walk ? resumeWalk(walk) : undefined));
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
}
