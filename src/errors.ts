/**
 * One error shape for every problem a site can have. Thrown (or collected) as data at the edge,
 * formatted once at the top: `formatError` for the terminal, `toOverlay` for the dev browser.
 * No I/O here.
 */

export type SiteErrorCode =
  | 'ContentMissing'
  | 'FileUnreadable'
  | 'FileEncoding'
  | 'FileTooLarge'
  | 'FrontmatterSyntax'
  | 'FrontmatterInvalid'
  | 'YamlSyntax'
  | 'YamlInvalid'
  | 'UnsafeKey'
  | 'RawHtmlRemoved'
  | 'MarkdownTooDeep'
  // Content advice (src/advice/rules.ts): warnings about the copy, never errors.
  | 'TitleLength'
  | 'DescriptionLength'
  | 'DuplicateTitle'
  | 'DuplicateDescription'
  | 'HeadingSkip'
  | 'SecondH1'
  | 'VagueLinkText'
  | 'AmbiguousLinkText'
  | 'AltMissing'
  | 'AltLength'
  | 'AltRedundant'
  | 'ImageFileSize'
  | 'ImageDimensions'
  | 'PlainEmail'
  | 'PlainPhone'
  | 'UnusedContent'
  | 'FileName'
  | 'MissingImage'
  | 'ImageAltMissing'
  | 'ExternalImage'
  | 'DuplicateOrder'
  | 'DuplicateUrl'
  | 'DuplicateId'
  | 'BrokenLink'
  | 'BrokenAnchor'
  | 'MissingAsset'
  | 'CanonicalMismatch'
  | 'TemplateBuildFailed'
  | 'RenderFailed'
  | 'AssetBuildFailed'
  | 'ImageFailed'
  | 'UnsafeOutDir'
  | 'SymlinkOutside'
  | 'UnsafeSvg'
  | 'UnsafeHtml'
  | 'WriteFailed'
  | 'OutputMissing'
  | 'PortBusy'
  | 'ListenFailed'
  | 'HostLimit'
  | 'UsageError';

/** Errors fail the run; warnings do not, unless `--strict` makes them errors. */
export type Severity = 'error' | 'warning';

export interface SiteErrorInit {
  code: SiteErrorCode;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  hint?: string;
  frame?: string;
  cause?: unknown;
}

export class SiteError extends Error {
  readonly code: SiteErrorCode;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly hint?: string;
  readonly frame?: string;

  constructor(init: SiteErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'SiteError';
    this.code = init.code;
    this.file = init.file;
    this.line = init.line;
    this.column = init.column;
    this.hint = init.hint;
    this.frame = init.frame;
  }
}

/** Several problems found in one run, reported together. */
export class SiteErrors extends Error {
  readonly errors: SiteError[];

  constructor(errors: SiteError[]) {
    super(`${errors.length} problem${errors.length === 1 ? '' : 's'} found`);
    this.name = 'SiteErrors';
    this.errors = errors;
  }
}

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

/**
 * Control characters shown as escapes (ESC as \x1b, CR as \r, U+2028 as \u2028): content and
 * file names are untrusted, and raw, an ESC sequence in them could clear the screen, fake
 * output or retitle the terminal window. Line feed and tab stay.
 */
export function escapeControl(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (char) => {
    if (char === '\r') return '\\r';
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

export function formatLocation(error: { file?: string; line?: number; column?: number }): string {
  if (!error.file) return '';
  if (!error.line) return error.file;
  return `${error.file}:${error.line}:${error.column ?? 1}`;
}

/** Text for a person at a terminal, control characters escaped. */
export function formatError(error: SiteError): string {
  const location = formatLocation(error);
  const parts = [`${location ? `${location} ` : ''}[${error.code}] ${error.message}`];
  if (error.frame) parts.push(error.frame);
  if (error.hint) parts.push(`hint: ${error.hint}`);
  return escapeControl(parts.join('\n'));
}

export function formatCount(problems: number): string {
  return `${problems} problem${problems === 1 ? '' : 's'}`;
}

export function formatErrors(errors: SiteError[]): string {
  return `${errors.map(formatError).join('\n\n')}\n\n${formatCount(errors.length)} found.`;
}

export interface OverlayError {
  code: SiteErrorCode;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  location: string;
  frame?: string;
  hint?: string;
}

/** Plain data for the dev overlay (rendered as text), control characters escaped as in the terminal. */
export function toOverlay(error: SiteError): OverlayError {
  const escape = (text: string | undefined) => (text === undefined ? undefined : escapeControl(text));
  return {
    code: error.code,
    message: escapeControl(error.message),
    file: escape(error.file),
    line: error.line,
    column: error.column,
    location: escapeControl(formatLocation(error)),
    frame: escape(error.frame),
    hint: escape(error.hint),
  };
}

/** One problem as plain data, for reporters other than the terminal (annotations, JSON). */
export interface Problem {
  code: SiteErrorCode;
  severity: Severity;
  file?: string;
  line?: number;
  column?: number;
  message: string;
  hint?: string;
}

export function toProblem(error: SiteError, severity: Severity): Problem {
  const { code, file, line, column, message, hint } = error;
  return { code, severity, file, line, column, message, hint };
}

/** Anything thrown that is not ours is a bug: keep its stack. */
export function toSiteErrors(thrown: unknown): SiteError[] | undefined {
  if (thrown instanceof SiteErrors) return thrown.errors;
  if (thrown instanceof SiteError) return [thrown];
  return undefined;
}
