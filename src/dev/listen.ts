/** Starts an HTTP server on the first free port from `port` upwards, and says when it moved. */
import type { Server } from 'node:http';
import { createError, type SiteError } from '../errors.ts';
import { log } from '../log.ts';

export async function listen(server: Server, host: string, port: number, attempts = 20): Promise<number> {
  for (let offset = 0; offset < attempts; offset++) {
    const candidate = port === 0 ? 0 : port + offset;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(candidate, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : candidate;
      if (offset > 0) log.warn(`Port ${port} is busy; using ${actual} instead.`);
      return actual;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE')
        throw listenFailed(host, candidate, error as NodeJS.ErrnoException);
    }
  }
  throw createError('PortBusy', { port, attempts, host });
}

/** The address cannot be listened on at all (not this machine's, or a port that needs privileges). */
function listenFailed(host: string, port: number, cause: NodeJS.ErrnoException): SiteError {
  return createError('ListenFailed', { host, port, reason: cause.message, errno: cause.code }, { cause });
}

export function formatUrl(host: string, port: number, base: string): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}${base}`;
}
