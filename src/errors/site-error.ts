/**
 * The SiteError class: a problem of the site as data, thrown or collected at the edge and formatted once at the top.
 * Its severity and title always come from the catalogue entry of its code.
 */
import type { Severity, SiteErrorCode } from './codes.ts';
import { catalogue, describeCode, type ErrorData, type Facts } from './catalogue.ts';

/** Where a problem is, and what caused it: everything but the words, which come from the catalogue. */
export interface ErrorPlace {
  file?: string;
  /** 1-based. */
  line?: number;
  /** 1-based. */
  column?: number;
  frame?: string;
  cause?: unknown;
}

/** The words and the place together: made only by createError (a unit test keeps it so outside src/errors/). */
export interface SiteErrorInit extends ErrorPlace {
  code: SiteErrorCode;
  message: string;
  hint?: string;
  /** The facts the catalogue made the words from (the CMS says them again in an editor's words). */
  facts?: Readonly<Record<string, unknown>>;
}

export class SiteError extends Error {
  readonly code: SiteErrorCode;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly hint?: string;
  readonly frame?: string;
  declare readonly facts?: Readonly<Record<string, unknown>>;

  constructor(init: SiteErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'SiteError';
    this.code = init.code;
    this.file = init.file;
    this.line = init.line;
    this.column = init.column;
    this.hint = init.hint;
    this.frame = init.frame;
    // Not enumerable: a kept or projected error carries its words, not its facts.
    if (init.facts) Object.defineProperty(this, 'facts', { value: init.facts, enumerable: false });
  }

  /** The catalogue's, never the caller's: a warning stays a warning in whichever list it lands. */
  get severity(): Severity {
    return describeCode(this.code).severity;
  }

  get title(): string {
    return describeCode(this.code).title;
  }
}

/** A SiteError with the catalogue's message and hint for these facts. */
export function createError<Code extends SiteErrorCode>(
  code: Code,
  facts: Facts<Code>,
  place: ErrorPlace = {},
): SiteError {
  const entry = catalogue[code] as ErrorData<Facts<Code>>;
  const hint = typeof entry.hint === 'string' ? entry.hint : entry.hint(facts);
  return new SiteError({
    code,
    message: entry.message(facts),
    hint,
    ...place,
    facts: facts as Record<string, unknown>,
  });
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

/** Anything thrown that is not ours is a bug: keep its stack. */
export function toSiteErrors(thrown: unknown): SiteError[] | undefined {
  if (thrown instanceof SiteErrors) return thrown.errors;
  if (thrown instanceof SiteError) return [thrown];
  return undefined;
}
