/**
 * Markdown whose parse could take long, rendered in a worker thread of its own with a deadline and a memory limit:
 * remark's inline parser costs the square of the unclosed emphasis and link markers in a paragraph, so such a body is
 * refused as too complex instead of stopping the build, and dev keeps answering meanwhile.
 */
import { Worker } from 'node:worker_threads';
import { createCodeFrame, createError, type SiteError } from '../errors.ts';
import { resolveEntryFile } from '../entry-file.ts';
import type { MarkdownOptions, RenderedMarkdown } from './processor.ts';
import type { MarkdownJob, MarkdownReady, MarkdownReply } from './worker.ts';

/** A body that gets this long, or a paragraph with this many markers, is rendered here. */
export const GUARD_BYTES = 48 * 1024;
export const GUARD_MARKERS = 300;
/**
 * CPU time of the process while a guarded body renders, far more than any real page takes. CPU time, not wall time,
 * so that a busy machine does not refuse a page; bodies render one at a time, so the process's time is the worker's.
 */
export const MARKDOWN_DEADLINE_MS = 5_000;
/** However busy the machine, no body renders longer than this. */
const WALL_LIMIT_MS = 60_000;
const POLL_MS = 50;
export const MARKDOWN_MEMORY_MB = 320;
/** For a worker to load its processor, on a machine busy with other work. */
const START_MS = 60_000;

/** Why a body was not rendered. */
export type Refusal = 'time' | 'memory';

/** Thrown by renderMarkdownAll when some bodies were refused; the caller names their files. */
export class MarkdownRefused extends Error {
  /** By body text. */
  readonly refused: Map<string, Refusal>;
  constructor(refused: Map<string, Refusal>) {
    super(`${refused.size} Markdown bod${refused.size === 1 ? 'y was' : 'ies were'} too complex to render`);
    this.name = 'MarkdownRefused';
    this.refused = refused;
  }
}

/** Whether `body` could take more than a moment to parse on the build's own thread; one pass, no parse. */
export function needsGuard(body: string): boolean {
  if (body.length > GUARD_BYTES) return true;
  // No paragraph holds more markers than the whole body: most bodies are settled by one count.
  if (countMarkers(body) <= GUARD_MARKERS) return false;
  return densestParagraph(body).markers > GUARD_MARKERS;
}

/** `* _ ~ [ ] ! < > \`` by character code. */
const MARKER = new Uint8Array(128);
for (const char of '*_~[]!<>`') MARKER[char.charCodeAt(0)] = 1;

/** Inline markers in the whole text (those densestParagraph counts). */
function countMarkers(text: string): number {
  let markers = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 128) markers += MARKER[code]!;
  }
  return markers;
}

/** The paragraph (lines between blank lines) with the most inline markers, and its 0-based first line. */
export function densestParagraph(body: string): { line: number; markers: number } {
  let best = { line: 0, markers: 0 };
  let markers = 0;
  let start = 0;
  let line = 0;
  let blank = true;
  for (let at = 0; at <= body.length; at++) {
    const char = body.charCodeAt(at);
    if (at === body.length || char === 0x0a) {
      if (blank) {
        markers = 0;
        start = line + 1;
      }
      line++;
      blank = true;
      continue;
    }
    if (char !== 0x20 && char !== 0x09 && char !== 0x0d) blank = false;
    // * _ ~ [ ] ! < > `
    if (
      char === 42 ||
      char === 95 ||
      char === 126 ||
      char === 91 ||
      char === 93 ||
      char === 33 ||
      char === 60 ||
      char === 62 ||
      char === 96
    ) {
      markers++;
      if (markers > best.markers) best = { line: start, markers };
    }
  }
  return best;
}

/** Renders each body in a worker of its own, one at a time; resolves to the HTML or the refusal of each. */
export async function renderGuarded(
  bodies: readonly string[],
  options: MarkdownOptions,
): Promise<Array<RenderedMarkdown | Refusal>> {
  const results: Array<RenderedMarkdown | Refusal> = [];
  for (const body of bodies) results.push(await renderInWorker(body, options));
  return results;
}

function renderInWorker(body: string, options: MarkdownOptions): Promise<RenderedMarkdown | Refusal> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(resolveEntryFile('markdown/worker'), {
      workerData: { allowHtml: options.allowHtml ?? false } satisfies MarkdownOptions,
      resourceLimits: { maxOldGenerationSizeMb: MARKDOWN_MEMORY_MB, maxYoungGenerationSizeMb: 16 },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      void worker.terminate();
      outcome();
    };
    let poll: NodeJS.Timeout | undefined;
    let timer = setTimeout(() => settle(() => reject(new Error('A Markdown worker did not start'))), START_MS);
    worker.on('message', (reply: MarkdownReply | MarkdownReady) => {
      if ('ready' in reply) {
        clearTimeout(timer);
        timer = setTimeout(() => settle(() => resolve('time')), WALL_LIMIT_MS);
        const start = process.cpuUsage();
        poll = setInterval(() => {
          const used = process.cpuUsage(start);
          if ((used.user + used.system) / 1000 > MARKDOWN_DEADLINE_MS) settle(() => resolve('time'));
        }, POLL_MS);
        return;
      }
      settle(() =>
        'html' in reply
          ? resolve(reply.html[0]!)
          : reject(new Error(`Markdown could not be rendered: ${reply.failed}`)),
      );
    });
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve('memory') : reject(error))),
    );
    worker.on('exit', () => settle(() => reject(new Error('A Markdown worker ended without an answer'))));
    worker.postMessage({ id: 0, bodies: [body] } satisfies MarkdownJob);
  });
}

/** The error for a refused body, at its densest paragraph. */
export function tooComplexError(
  where: { file: string; text: string; bodyLineOffset: number },
  body: string,
  refusal: Refusal,
): SiteError {
  const densest = densestParagraph(body);
  const line = where.bodyLineOffset + densest.line + 1;
  const cost =
    refusal === 'time'
      ? `takes more than ${MARKDOWN_DEADLINE_MS / 1000} seconds to render`
      : `needs more than ${MARKDOWN_MEMORY_MB} MB to render`;
  return createError(
    'MarkdownTooComplex',
    { cost, markers: densest.markers },
    { file: where.file, line, column: 1, frame: createCodeFrame(where.text, line, 1) },
  );
}
