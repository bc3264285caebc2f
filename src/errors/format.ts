/** Text for a person at a terminal, made from the projection (so already escaped). */
import { type Problem, toProblem } from './projection.ts';
import type { SiteError } from './site-error.ts';

/** Lines around `line` (1-based) with a caret under `column`, like compilers print. */
export function createCodeFrame(source: string, line: number, column = 1, context = 2): string {
  const lines = source.split(/\r?\n/);
  // A final newline ends the last line; it does not start an empty one.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const text = (lines[n - 1] ?? '').replace(/\t/g, '→');
    const marker = n === line ? '>' : ' ';
    out.push(`${marker} ${String(n).padStart(width)} | ${text.slice(0, 160)}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return out.join('\n');
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
