/** A worker thread of renderMarkdownAll: Markdown bodies in, HTML out, one processor per thread. */
import { parentPort, workerData } from 'node:worker_threads';
import { createMarkdown, type MarkdownOptions, type RenderedMarkdown } from './processor.ts';

export interface MarkdownJob {
  id: number;
  bodies: string[];
}

export type MarkdownReply = { id: number; html: RenderedMarkdown[] } | { id: number; failed: string };
/** Sent once the processor is made: a deadline counts from here, not from a slow start. */
export type MarkdownReady = { ready: true };

const render = createMarkdown(workerData as MarkdownOptions);
parentPort!.on('message', ({ id, bodies }: MarkdownJob) => {
  let reply: MarkdownReply;
  try {
    reply = { id, html: bodies.map(render) };
  } catch (error) {
    // The calling thread renders this job again itself, and reports the error with its stack.
    reply = { id, failed: String(error) };
  }
  parentPort!.postMessage(reply);
});
parentPort!.postMessage({ ready: true } satisfies MarkdownReady);
