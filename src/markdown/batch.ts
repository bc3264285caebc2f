/**
 * renderMarkdownAll: many Markdown bodies at once, shared between this thread and worker threads
 * when there are enough of them to pay for starting a worker. Every thread runs the same
 * processor, so the HTML is the same whichever thread made it. Caching is the caller's
 * (src/stages.ts).
 */
import { Worker } from 'node:worker_threads';
import { resolveEntryFile } from '../entry-file.ts';
import { MarkdownRefused, needsGuard, renderGuarded, type Refusal } from './guarded.ts';
import { createMarkdown, type MarkdownOptions, type RenderedMarkdown, type RenderMarkdown } from './processor.ts';
import type { MarkdownJob, MarkdownReady, MarkdownReply } from './worker.ts';

export interface MarkdownAllOptions extends MarkdownOptions {
  /** Worker threads to use besides this one at most; 0 renders everything on this thread. */
  threads: number;
  /** Told how many worker threads were started (0: all on this thread). */
  onWorkers?: (count: number) => void;
}

/** Fewer bodies than this per worker, and starting the worker costs more than it saves. */
export const MIN_BODIES_PER_WORKER = 150;
/** Bodies per message: small enough to balance the threads, large enough to keep them busy. */
const CHUNK = 16;

const processors = new Map<boolean, RenderMarkdown>();

/**
 * Throws MarkdownRefused, naming every body that took too long or too much memory to render
 * (src/markdown/guarded.ts), after rendering all the others.
 */
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
  const workerCount = Math.min(options.threads, Math.floor(bodies.length / MIN_BODIES_PER_WORKER));
  options.onWorkers?.(workerCount);
  if (workerCount === 0) {
    for (const chunk of chunks) renderChunk(chunk);
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

function processorFor(options: MarkdownOptions): RenderMarkdown {
  const allowHtml = options.allowHtml ?? false;
  let processor = processors.get(allowHtml);
  if (!processor) processors.set(allowHtml, (processor = createMarkdown({ allowHtml })));
  return processor;
}

/**
 * This thread takes a chunk at a time and yields between chunks, so replies are read and each
 * worker always has a second chunk waiting. A chunk a worker could not render (or a worker that
 * died) comes back to this thread, which renders it again and throws any error with its stack.
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
      // A worker keeps nothing but its processor between jobs; V8's default young generation
      // only filled with remark's garbage, and a small one lowers the peak (docs/benchmarks.md).
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
