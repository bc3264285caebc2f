/**
 * The problems of one build, handed back by each stage with its value and reported together at the end
 * (README: "every problem at once"). Stages run concurrently, so problems are kept by stage and listed
 * in the pipeline's order, whatever order they were found in.
 */
import { type SiteError, toSiteErrors } from './errors.ts';

/** The pipeline's order, which is the order of the report. */
const STAGES = [
  'public',
  'content',
  'templates',
  'assets',
  'markdown',
  'routes',
  'redirects',
  'images',
  'publication',
  'render',
  'output',
  'links',
  'warnings',
] as const;

export type ProblemStage = (typeof STAGES)[number];

/** What a stage made, or the problems that stopped it. */
export type Settled<T> = { value: T; errors?: undefined } | { value?: undefined; errors: SiteError[] };

/** A stage's SiteErrors as data; anything else thrown is our bug, and is thrown on. */
export async function settle<T>(step: Promise<T> | (() => T | Promise<T>)): Promise<Settled<T>> {
  try {
    return { value: await (typeof step === 'function' ? step() : step) };
  } catch (thrown) {
    const errors = toSiteErrors(thrown);
    if (!errors) throw thrown;
    return { errors };
  }
}

export function createProblems() {
  const found = new Map<ProblemStage, SiteError[]>();
  return {
    add(stage: ProblemStage, errors: readonly SiteError[] | undefined): void {
      if (!errors || errors.length === 0) return;
      found.set(stage, [...(found.get(stage) ?? []), ...errors]);
    },
    /** The stage's value, its problems added: undefined when it made nothing. */
    take<T>(stage: ProblemStage, settled: Settled<T>): T | undefined {
      this.add(stage, settled.errors);
      return settled.value;
    },
    /** In the pipeline's order; a problem two stages found (an image of public/ listed, then shown) once. */
    list(): SiteError[] {
      const seen = new Set<string>();
      return STAGES.flatMap((stage) => found.get(stage) ?? []).filter((problem) => {
        const key = dedupeKey(problem);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
    /** Any problem of error severity so far (a warning alone fails only under --strict). */
    failed(strict = false): boolean {
      // Over what was found, not the list: a duplicate fails no differently, and hundreds of
      // warnings are not keyed again for each question.
      for (const problems of found.values())
        if (problems.some((problem) => strict || problem.severity === 'error')) return true;
      return false;
    },
  };
}

export type Problems = ReturnType<typeof createProblems>;

/** settle, for a stage that runs at once. */
export function settleNow<T>(step: () => T): Settled<T> {
  try {
    return { value: step() };
  } catch (thrown) {
    const errors = toSiteErrors(thrown);
    if (!errors) throw thrown;
    return { errors };
  }
}

/**
 * What tells two problems apart in the list, made once per problem: dev keeps the warnings a save
 * did not change as the same objects (hundreds of them, listed after every save).
 */
const dedupeKeys = new WeakMap<SiteError, string>();
function dedupeKey(problem: SiteError): string {
  let key = dedupeKeys.get(problem);
  if (key === undefined) {
    key = [problem.code, problem.file, problem.line, problem.column, problem.message].join('\0');
    dedupeKeys.set(problem, key);
  }
  return key;
}
