/** The worker thread of src/output/early-walk.ts: the output folder's walk, taken and handed back as data. */
import { parentPort, workerData } from 'node:worker_threads';
import { takeOutputWalk } from './output-walk.ts';
import type { WalkData } from '../tree-walk.ts';

let walk: WalkData | null;
try {
  walk = takeOutputWalk(workerData as string);
} catch {
  // An unreadable output folder: the write walks it itself, and reports what it meets.
  walk = null;
}
parentPort!.postMessage(walk);
