/**
 * The one plain-data shape of a problem, for the terminal, GitHub's annotations, the JSON document and the dev
 * overlay. Control characters are escaped here, once: content and file names are untrusted, and an ESC sequence in
 * them could clear the screen, fake output or retitle the terminal window.
 */
import type { Severity, SiteErrorCode } from './codes.ts';
import type { SiteError } from './site-error.ts';

export interface Problem {
  /** A SiteError's code, or InternalError for a bug in agency-site itself. */
  code: SiteErrorCode | 'InternalError';
  title: string;
  severity: Severity;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  /** `file:line:column`, `file`, or '' when the problem has no file. */
  location: string;
  frame?: string;
  hint?: string;
}

export interface ProjectionOptions {
  /** `--strict`: every warning is reported (and fails the run) as an error. */
  strict?: boolean;
}

export function toProblem(error: SiteError, options: ProjectionOptions = {}): Problem {
  // A message, hint or file name is one line; only the code frame has several.
  const escapeOptional = (text: string | undefined) => (text === undefined ? undefined : escapeLine(text));
  return {
    code: error.code,
    title: error.title,
    severity: options.strict ? 'error' : error.severity,
    message: escapeLine(error.message),
    file: escapeOptional(error.file),
    line: error.line,
    column: error.column,
    location: escapeLine(formatLocation(error)),
    frame: error.frame === undefined ? undefined : escapeControl(error.frame),
    hint: escapeOptional(error.hint),
  };
}

/** A bug in agency-site as a problem: its message, and where to find its stack. */
export function toInternalProblem(thrown: unknown): Problem {
  return {
    code: 'InternalError',
    title: 'Internal error',
    severity: 'error',
    message: escapeLine(thrown instanceof Error ? thrown.message : String(thrown)),
    location: '',
    hint: 'This is a bug in agency-site, not in your content: the terminal shows its stack.',
  };
}

/** Control characters shown as escapes, and the characters that reorder text on screen; line feed and tab stay. */
export function escapeControl(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (char) => {
    if (char === '\r') return '\\r';
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * escapeControl, and line feeds as \n: a message, hint or file name is one line, so that nothing in content can start
 * a line of its own (a fake "Built 6 pages" or a `::add-mask::` workflow command).
 */
export function escapeLine(text: string): string {
  return escapeControl(text).replace(/\n/g, '\\n');
}

export function formatLocation(error: { file?: string; line?: number; column?: number }): string {
  if (!error.file) return '';
  if (!error.line) return error.file;
  return `${error.file}:${error.line}:${error.column ?? 1}`;
}
