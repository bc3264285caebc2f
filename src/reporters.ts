/**
 * Problems for machines: GitHub workflow commands (annotations on the pull request's diff) and
 * one JSON document. Pure: log.ts writes what these return.
 */
import type { Problem } from './errors.ts';

export type ReporterName = 'terminal' | 'github' | 'json';
export const REPORTERS: readonly ReporterName[] = ['terminal', 'github', 'json'];

/** GitHub's runner reads annotations from the log: chosen by itself there. */
export function defaultReporter(env: NodeJS.ProcessEnv): ReporterName {
  return env.GITHUB_ACTIONS === 'true' ? 'github' : 'terminal';
}

/**
 * A workflow command's message, escaped as GitHub documents (%, CR and LF). Other control
 * characters were escaped by the projection (toProblem) already.
 */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value: the message's escapes, and : and , that separate properties. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::error file=content/site.yaml,line=8,col=1,title=YamlSyntax::message` */
export function formatWorkflowCommand(problem: Problem): string {
  const properties: Array<[string, string | number | undefined]> = [
    ['file', problem.file],
    ['line', problem.file ? problem.line : undefined],
    ['col', problem.file && problem.line ? problem.column : undefined],
    ['title', problem.code],
  ];
  const list = properties
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${escapeProperty(String(value))}`)
    .join(',');
  const message = problem.hint ? `${problem.message}\nhint: ${problem.hint}` : problem.message;
  return `::${problem.severity} ${list}::${escapeData(message)}`;
}

export interface RunSummary {
  command: string;
  ok: boolean;
  /** Set when the run stopped on a bug in agency-site rather than a problem of the site. */
  internalError?: string;
  [detail: string]: unknown;
}

/** The `--reporter json` document: every problem, then the counts and the command's figures. */
export function renderJsonDocument(problems: Problem[], summary: RunSummary): string {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const document = {
    problems,
    summary: { ...summary, errors, warnings: problems.length - errors },
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
