/** Starts an HTTP server on the first free port from `port` upwards, and says when it moved. */
import type { Server } from 'node:http';
import { SiteError } from '../errors.ts';
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
  const ports = attempts === 1 ? `The port ${port}` : `The ports ${port} to ${port + attempts - 1}`;
  throw new SiteError({
    code: 'PortBusy',
    message: `${ports} on ${host} ${attempts === 1 ? 'is' : 'are all'} in use, so the server cannot start.`,
    hint: 'Stop the other server, or pass another port with --port (--port 0 takes any free one).',
  });
}

/** The address cannot be listened on at all (not this machine's, or a port that needs privileges). */
function listenFailed(host: string, port: number, cause: NodeJS.ErrnoException): SiteError {
  const hint =
    cause.code === 'EACCES'
      ? 'Ports below 1024 need administrator rights: pass a higher one with --port, such as --port 4321.'
      : 'Pass an address of this machine with --host: 127.0.0.1 for this machine only, 0.0.0.0 for the network.';
  return new SiteError({
    code: 'ListenFailed',
    message: `The server cannot listen on ${host} port ${port}: ${cause.message}.`,
    hint,
    cause,
  });
}

export function formatUrl(host: string, port: number, base: string): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}${base}`;
}
