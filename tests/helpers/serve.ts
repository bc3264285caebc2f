/** Serves a built folder on 127.0.0.1 with the generator's own static handler, for browser tests. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStaticHandler, type StaticOptions } from '../../src/dev/static.ts';

export interface ServedFolder {
  /** http://127.0.0.1:PORT, no trailing slash and no base. */
  origin: string;
  close(): Promise<void>;
}

export async function serveFolder(options: StaticOptions): Promise<ServedFolder> {
  const handle = createStaticHandler(options);
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
