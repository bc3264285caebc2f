/**
 * renderMarkdownAll: many Markdown bodies at once, shared with worker threads when there are enough of them to pay
 * for starting one. Every thread runs the same processor, so the HTML is the same whichever thread made it.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { resolveEntryFile } from '../entry-file.ts';
import { MarkdownRefused, needsGuard, renderGuarded, type Refusal } from './guarded.ts';
import { createMarkdown, type MarkdownOptions, type RenderedMarkdown, type RenderMarkdown } from './processor.ts';
import type { MarkdownJob, MarkdownReady, MarkdownReply } from './worker.ts';

export interface MarkdownAllOptions extends MarkdownOptions {
  /** Worker threads to use besides this one at most; 0 renders everything on this thread. */
  threads: number;
  /** `threads` is the default: start workers only on cores that were idle, and leave one free (see workersFor). */
  idleCoresOnly?: boolean;
  /** Told how many worker threads were started (0: all on this thread). */
  onWorkers?: (count: number) => void;
}

/** Fewer bodies than this per worker, and starting the worker costs more than it saves. */
export const MIN_BODIES_PER_WORKER = 150;
/** Bodies per message: small enough to balance the threads, large enough to keep them busy. */
const CHUNK = 16;

const processors = new Map<boolean, RenderMarkdown>();

/** Throws MarkdownRefused, naming every body that took too long or too much memory, after rendering all the others. */
export async function renderMarkdownAll(
  bodies: readonly string[],
  options: MarkdownAllOptions,
): Promise<RenderedMarkdown[]> {
  const guarded: number[] = [];
  const plain: number[] = [];
  for (const [index, body] of bodies.entries()) (needsGuard(body) ? guarded : plain).push(index);
  if (guarded.length === 0) return renderPlain(bodies, options);
  const rendered = await renderPlain(
    plain.map((index) => bodies[index]!),
    options,
  );
  // After the others: the deadline counts the process's CPU time (src/markdown/guarded.ts).
  const risky = await renderGuarded(
    guarded.map((index) => bodies[index]!),
    options,
  );
  const html: RenderedMarkdown[] = [];
  for (const [position, index] of plain.entries()) html[index] = rendered[position]!;
  const refused = new Map<string, Refusal>();
  guarded.forEach((index, position) => {
    const result = risky[position]!;
    if (typeof result === 'string') refused.set(bodies[index]!, result);
    else html[index] = result;
  });
  if (refused.size > 0) throw new MarkdownRefused(refused);
  return html;
}

async function renderPlain(bodies: readonly string[], options: MarkdownAllOptions): Promise<RenderedMarkdown[]> {
  const html: Array<RenderedMarkdown | undefined> = [];
  const chunks: number[][] = [];
  for (let start = 0; start < bodies.length; start += CHUNK)
    chunks.push(Array.from({ length: Math.min(CHUNK, bodies.length - start) }, (_, index) => start + index));
  const local = processorFor(options);
  const renderChunk = (chunk: number[]) => {
    for (const index of chunk) html[index] = local(bodies[index]!);
  };
  // The cores are looked at (os.cpus() is not free) only when there are bodies enough for a
  // worker: not for a dev save's one page.
  const most = workersFor(bodies.length, options);
  const workerCount =
    most > 0 && options.idleCoresOnly ? workersFor(bodies.length, options, idleSinceLastLook()) : most;
  options.onWorkers?.(workerCount);
  if (workerCount === 0) {
    await renderYielding(bodies.length, (index) => {
      html[index] = local(bodies[index]!);
    });
  } else {
    const accept = (chunk: number[], result: RenderedMarkdown[]) => {
      chunk.forEach((index, position) => {
        html[index] = result[position];
      });
    };
    await shareWithWorkers({ chunks, bodies, count: workerCount, options, renderChunk, accept });
  }
  return html as RenderedMarkdown[];
}

/** How long this thread renders before it lets the event loop run (ms). */
const YIELD_MS = 8;

/**
 * Renders every index in order and lets the event loop run every YIELD_MS or so, so that the rest of the build goes
 * on meanwhile instead of waiting for the last body.
 */
async function renderYielding(count: number, render: (index: number) => void): Promise<void> {
  let since = performance.now();
  for (let index = 0; index < count; index++) {
    render(index);
    if (performance.now() - since < YIELD_MS) continue;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  }
}

/**
 * How many workers to start: at most `threads`, one per MIN_BODIES_PER_WORKER bodies, and with `idle`, at most the idle
 * cores less one, left to the image encoder and V8's collector: a worker's own CPU pays only on a core that would wait.
 */
export function workersFor(bodies: number, { threads }: { threads: number }, idle?: number): number {
  const count = Math.min(threads, Math.floor(bodies / MIN_BODIES_PER_WORKER));
  return idle === undefined ? count : Math.max(0, Math.min(count, idle - CORES_LEFT_FREE));
}

/** Idle cores a default build leaves to the image encoder and the garbage collector. */
const CORES_LEFT_FREE = 1;

/** The machine's CPU time, idle and in all, over every core (ms). */
export interface CpuSample {
  idle: number;
  total: number;
  cores: number;
}

export function sampleCpus(): CpuSample {
  const cpus = os.cpus();
  let idle = 0;
  let total = 0;
  for (const { times } of cpus) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total, cores: cpus.length };
}

/** The cores that were idle, on average, from `since` to `now`, rounded. */
export function idleCores(since: CpuSample, now: CpuSample): number {
  const total = now.total - since.total;
  if (total <= 0) return 0;
  return Math.round(((now.idle - since.idle) / total) * now.cores);
}

/** When the process started, near enough (this module loads with the CLI), then at each look (a render that could use a worker). */
let lastLook = sampleCpus();

function idleSinceLastLook(): number {
  const now = sampleCpus();
  const idle = idleCores(lastLook, now);
  lastLook = now;
  return idle;
}

function processorFor(options: MarkdownOptions): RenderMarkdown {
  const allowHtml = options.allowHtml ?? false;
  let processor = processors.get(allowHtml);
  if (!processor) processors.set(allowHtml, (processor = createMarkdown({ allowHtml })));
  return processor;
}

/**
 * This thread takes a chunk at a time and yields between them, so that each worker always has a chunk waiting. A chunk
 * a worker could not render comes back to this thread, which renders it again and throws any error with its stack.
 */
async function shareWithWorkers({
  chunks,
  bodies,
  count,
  options,
  renderChunk,
  accept,
}: {
  /** Indexes into `bodies`, a chunk per message. */
  chunks: number[][];
  bodies: readonly string[];
  count: number;
  options: MarkdownOptions;
  renderChunk: (chunk: number[]) => void;
  accept: (chunk: number[], html: RenderedMarkdown[]) => void;
}): Promise<void> {
  let next = 0;
  let remaining = chunks.length;
  const retry: number[] = [];
  const inFlight = new Map<Worker, Set<number>>();
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const feed = (worker: Worker) => {
    if (next >= chunks.length) return;
    const id = next++;
    inFlight.get(worker)!.add(id);
    worker.postMessage({ id, bodies: chunks[id]!.map((index) => bodies[index]!) } satisfies MarkdownJob);
  };
  const workers = Array.from({ length: count }, () => {
    const worker = new Worker(resolveEntryFile('markdown/worker'), {
      workerData: { allowHtml: options.allowHtml ?? false } satisfies MarkdownOptions,
      // A worker keeps nothing but its processor between jobs, so a small young generation lowers the peak.
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    inFlight.set(worker, new Set());
    worker.on('online', () => {
      feed(worker);
      feed(worker);
    });
    worker.on('message', (reply: MarkdownReply | MarkdownReady) => {
      if ('ready' in reply) return;
      inFlight.get(worker)!.delete(reply.id);
      if ('html' in reply) {
        accept(chunks[reply.id]!, reply.html);
        remaining--;
      } else {
        retry.push(reply.id);
      }
      feed(worker);
      notify();
    });
    worker.on('error', () => {
      retry.push(...inFlight.get(worker)!);
      inFlight.get(worker)!.clear();
      notify();
    });
    return worker;
  });
  try {
    while (remaining > 0) {
      const id = retry.pop() ?? (next < chunks.length ? next++ : undefined);
      if (id === undefined) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      renderChunk(chunks[id]!);
      remaining--;
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
