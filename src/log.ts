/** The only module that writes to the console. */
import {
  escapeControl,
  escapeLine,
  formatCount,
  formatProblem,
  toProblem,
  type Problem,
  type SiteError,
} from './errors.ts';
import { formatPageReports, type PageReport } from './advice/page-report.ts';
import { formatWorkflowCommand, renderJsonDocument, type RunSummary, type ReporterName } from './reporters.ts';
import { mapStack } from './source-stack.ts';

/**
 * FORCE_COLOR set to anything but 0 or false forces colour, as Node and most tools read it;
 * otherwise NO_COLOR, when present and not empty, turns it off (no-color.org); otherwise only a
 * terminal that is not "dumb" gets colour.
 */
export function colorWanted(env: NodeJS.ProcessEnv, isTTY: boolean | undefined): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR) return false;
  return Boolean(isTTY) && env.TERM !== 'dumb';
}

const useColor = colorWanted(process.env, process.stderr.isTTY);
const paint = (code: number, text: string) => (useColor ? `\u001b[${code}m${text}\u001b[0m` : text);

const settings: { reporter: ReporterName; quiet: boolean; strict: boolean } = {
  reporter: 'terminal',
  quiet: false,
  strict: false,
};
/** What the JSON reporter prints at the end of the run. */
const reported: Problem[] = [];
let pageReports: PageReport[] | undefined;
/** Only problems, and nothing on stdout but the JSON document. */
const silent = () => settings.quiet || settings.reporter === 'json';

/**
 * A person reads the first few warnings of a rule in full; hundreds more of the same rule would
 * bury everything else, so they are counted instead. Errors are never left out.
 */
export const WARNINGS_SHOWN_PER_CODE = 3;

/** The warnings a terminal prints in full (the first `limit` of each code, in order), and per code how many it leaves out. */
export function limitPerCode<T extends { code: string }>(
  warnings: T[],
  limit = WARNINGS_SHOWN_PER_CODE,
): { shown: T[]; leftOut: Map<string, number> } {
  const seen = new Map<string, number>();
  const leftOut = new Map<string, number>();
  const shown = warnings.filter((warning) => {
    const count = (seen.get(warning.code) ?? 0) + 1;
    seen.set(warning.code, count);
    if (count <= limit) return true;
    leftOut.set(warning.code, count - limit);
    return false;
  });
  return { shown, leftOut };
}

/** Each labelled with its own severity (the catalogue's, or error under --strict), in the one projection. */
function problems(errors: SiteError[]): void {
  const project = (error: SiteError) => toProblem(error, { strict: settings.strict });
  if (settings.reporter === 'json') {
    reported.push(...errors.map(project));
    return;
  }
  // Only what is printed is projected: dev prints hundreds of warnings, three of each code in full, after a save.
  const severityOf = (error: SiteError) => (settings.strict ? 'error' : error.severity);
  const failing = errors.filter((error) => severityOf(error) === 'error');
  const { shown, leftOut } = limitPerCode(errors.filter((error) => severityOf(error) === 'warning'));
  const warning = paint(33, 'warning');
  for (const error of failing) process.stderr.write(`${paint(31, 'error')} ${formatProblem(project(error))}\n\n`);
  for (const error of shown) process.stderr.write(`${warning} ${formatProblem(project(error))}\n\n`);
  for (const [code, count] of leftOut) {
    process.stderr.write(`${warning} ... and ${count} more ${code} (--reporter json lists every one)\n\n`);
  }
  if (settings.reporter === 'github') {
    // On stdout, where GitHub's runner reads workflow commands: every problem, none left out.
    for (const error of errors) process.stdout.write(`${formatWorkflowCommand(project(error))}\n`);
  }
}

export const log = {
  configure(options: Partial<typeof settings>): void {
    Object.assign(settings, options);
  },
  // Messages may hold file names and other content: each is one line, escaped (errors.ts).
  info(message: string): void {
    if (!silent()) process.stdout.write(`${escapeLine(message)}\n`);
  },
  verbose(enabled: boolean, message: string): void {
    if (enabled && !silent()) process.stderr.write(`${paint(2, escapeLine(message))}\n`);
  },
  warn(message: string): void {
    process.stderr.write(`${paint(33, 'warning')} ${escapeLine(message)}\n`);
  },
  siteWarnings(warnings: SiteError[]): void {
    problems(warnings);
  },
  siteErrors(errors: SiteError[]): void {
    problems(errors);
    if (settings.reporter !== 'json') process.stderr.write(`${formatCount(errors.length)} found.\n`);
  },
  internal(error: unknown): void {
    const raw = error instanceof Error ? mapStack(error.stack ?? error.message) : String(error);
    // A message may quote content: every line after the first is indented, so none starts like ours.
    const stack = escapeControl(raw).replace(/\n(?![ \t])/g, '\n  ');
    process.stderr.write(
      `${paint(31, 'internal error')} This is a bug in agency-site, not in your content. ` +
        `Please report it with the stack below.\n${stack}\n`,
    );
  },
  /** `--report`: the text on stdout (even with --quiet: it was asked for), or a part of the JSON document. */
  pageReport(reports: PageReport[] | undefined): void {
    if (!reports) return;
    if (settings.reporter === 'json') pageReports = reports;
    else process.stdout.write(`${escapeControl(formatPageReports(reports))}\n\n`);
  },
  /** The end of a build or check: the JSON reporter's one document. */
  summary(summary: RunSummary): void {
    if (settings.reporter !== 'json') return;
    process.stdout.write(
      renderJsonDocument(reported.splice(0), pageReports ? { ...summary, report: pageReports } : summary),
    );
    pageReports = undefined;
  },
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
