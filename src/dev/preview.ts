/** `agency-site preview`: serves a built folder as a static host would. */
import { access } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { ResolvedConfig } from '../config.ts';
import { SiteError } from '../errors.ts';
import { log } from '../log.ts';
import { formatUrl, listen } from './listen.ts';
import { createStaticHandler } from './static.ts';

export interface ServeOptions {
  port: number;
  host: string;
}

export async function startPreviewServer(config: ResolvedConfig, options: ServeOptions): Promise<{ server: Server; url: string }> {
  try {
    await access(config.outDir);
  } catch (cause) {
    throw new SiteError({
      code: 'OutputMissing',
      message: `There is no built site in ${config.outDir}.`,
      hint: 'Run agency-site build first (with the same --out).',
      cause,
    });
  }
  const handle = createStaticHandler({ root: config.outDir, base: config.base });
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log.internal(error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  const port = await listen(server, options.host, options.port);
  const url = formatUrl(options.host, port, config.base);
  log.info(`Serving ${config.outDir} at ${url}`);
  return { server, url };
}
