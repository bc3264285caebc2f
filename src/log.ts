/** The only module that writes to the console. */
import {
  escapeControl,
  formatCount,
  formatError,
  toProblem,
  type Problem,
  type SiteError,
  type Severity,
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

const settings: { reporter: ReporterName; quiet: boolean } = { reporter: 'terminal', quiet: false };
/** What the JSON reporter prints at the end of the run. */
const reported: Problem[] = [];
let pageReports: PageReport[] | undefined;
/** Only problems, and nothing on stdout but the JSON document. */
const silent = () => settings.quiet || settings.reporter === 'json';

function problems(errors: SiteError[], severity: Severity): void {
  if (settings.reporter === 'json') {
    reported.push(...errors.map((error) => toProblem(error, severity)));
    return;
  }
  const label = severity === 'error' ? paint(31, 'error') : paint(33, 'warning');
  for (const error of errors) process.stderr.write(`${label} ${formatError(error)}\n\n`);
  if (settings.reporter === 'github') {
    // On stdout, where GitHub's runner reads workflow commands.
    for (const error of errors) process.stdout.write(`${formatWorkflowCommand(toProblem(error, severity))}\n`);
  }
}

export const log = {
  configure(options: Partial<typeof settings>): void {
    Object.assign(settings, options);
  },
  info(message: string): void {
    if (!silent()) process.stdout.write(`${message}\n`);
  },
  verbose(enabled: boolean, message: string): void {
    if (enabled && !silent()) process.stderr.write(`${paint(2, message)}\n`);
  },
  warn(message: string): void {
    process.stderr.write(`${paint(33, 'warning')} ${escapeControl(message)}\n`);
  },
  siteWarnings(warnings: SiteError[]): void {
    problems(warnings, 'warning');
  },
  siteErrors(errors: SiteError[]): void {
    problems(errors, 'error');
    if (settings.reporter !== 'json') process.stderr.write(`${formatCount(errors.length)} found.\n`);
  },
  internal(error: unknown): void {
    const stack = error instanceof Error ? mapStack(error.stack ?? error.message) : String(error);
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
