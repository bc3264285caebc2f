/** The only module that writes to the console. */
import { formatCount, formatError, type SiteError } from './errors.ts';
import { mapStack } from './source-stack.ts';

const useColor = process.stderr.isTTY && !process.env.NO_COLOR;
const paint = (code: number, text: string) => (useColor ? `\u001b[${code}m${text}\u001b[0m` : text);

export const log = {
  info(message: string): void {
    process.stdout.write(`${message}\n`);
  },
  verbose(enabled: boolean, message: string): void {
    if (enabled) process.stderr.write(`${paint(2, message)}\n`);
  },
  warn(message: string): void {
    process.stderr.write(`${paint(33, 'warning')} ${message}\n`);
  },
  siteWarnings(warnings: SiteError[]): void {
    for (const warning of warnings) process.stderr.write(`${paint(33, 'warning')} ${formatError(warning)}\n\n`);
  },
  siteErrors(errors: SiteError[]): void {
    const blocks = errors.map((error) => `${paint(31, 'error')} ${formatError(error)}`);
    process.stderr.write(`${blocks.join('\n\n')}\n\n${formatCount(errors.length)} found.\n`);
  },
  internal(error: unknown): void {
    const stack = error instanceof Error ? mapStack(error.stack ?? error.message) : String(error);
    process.stderr.write(
      `${paint(31, 'internal error')} This is a bug in agency-site, not in your content. ` +
        `Please report it with the stack below.\n${stack}\n`,
    );
  },
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
