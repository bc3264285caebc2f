/** Text for a person at a terminal, made from the projection (so already escaped). */
import { type Problem, toProblem } from './projection.ts';
import type { SiteError } from './site-error.ts';

/** Characters of a line a code frame shows: a window around the column, however long the line. */
export const FRAME_WIDTH = 160;

/**
 * Lines around `line` (1-based) with a caret under `column`, like compilers print. A long line is shown as a window
 * of FRAME_WIDTH characters around the column, so that many problems on one long line cannot exhaust memory.
 */
export function createCodeFrame(source: string, line: number, column = 1, context = 2): string {
  const starts = lineStarts(source);
  // A final newline ends the last line; it does not start an empty one.
  const count = starts.length > 1 && starts.at(-1) === source.length ? starts.length - 1 : starts.length;
  const first = Math.max(1, line - context);
  const last = Math.min(count, line + context);
  const width = String(last).length;
  // One window for every line of the frame, so that they stay aligned.
  const from = column - 1 > FRAME_WIDTH - 20 ? column - 1 - Math.floor(FRAME_WIDTH / 2) : 0;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const end = n < starts.length ? starts[n]! - 1 : source.length;
    const full = n - 1 < starts.length ? source.slice(starts[n - 1]!, end).replace(/\r$/, '') : '';
    let text = full.slice(from, from + FRAME_WIDTH).replace(/\t/g, '→');
    if (from > 0 && full.length > 0) text = `…${text}`;
    if (from + FRAME_WIDTH < full.length) text = `${text}…`;
    const marker = n === line ? '>' : ' ';
    out.push(`${marker} ${String(n).padStart(width)} | ${text}`);
    if (n === line) {
      const caret = Math.min(Math.max(0, column - 1 - from), FRAME_WIDTH) + (from > 0 ? 1 : 0);
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(caret)}^`);
    }
  }
  return out.join('\n');
}

/** Where each line of the last source starts: thousands of frames of one file split it once. */
let indexed: { source: string; starts: number[] } | undefined;
function lineStarts(source: string): number[] {
  if (indexed?.source === source) return indexed.starts;
  const starts = [0];
  for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) starts.push(at + 1);
  indexed = { source, starts };
  return starts;
}

/** `file:line:column [Code] message`, the code frame and the hint. */
export function formatProblem(problem: Problem): string {
  const parts = [`${problem.location ? `${problem.location} ` : ''}[${problem.code}] ${problem.message}`];
  if (problem.frame) parts.push(problem.frame);
  if (problem.hint) parts.push(`hint: ${problem.hint}`);
  return parts.join('\n');
}

export function formatError(error: SiteError): string {
  return formatProblem(toProblem(error));
}

export function formatCount(problems: number): string {
  return `${problems} problem${problems === 1 ? '' : 's'}`;
}

export function formatErrors(errors: SiteError[]): string {
  return `${errors.map(formatError).join('\n\n')}\n\n${formatCount(errors.length)} found.`;
}
