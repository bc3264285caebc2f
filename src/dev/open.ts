/** Opens a URL in the default browser. Failing to is a warning: the server runs on regardless. */
import { spawn } from 'node:child_process';
import { log } from '../log.ts';

export function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  const warn = (reason: string) => log.warn(`Could not open a browser (${reason}); open ${url} yourself.`);
  try {
    const child = spawn(command as string, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', (error) => warn(error.message));
    child.on('exit', (code) => {
      if (code) warn(`${command} exited with code ${code}`);
    });
    child.unref();
  } catch (error) {
    warn((error as Error).message);
  }
}
