/** `agency-site preview`: serves a built folder as a static host would, `_headers` included. */
import { access, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { ResolvedConfig } from '../config.ts';
import { createError } from '../errors.ts';
import { log } from '../log.ts';
import { HEADERS_FILE } from '../publish/headers.ts';
import { headersFor, parseHeadersFile, type HeaderRule } from './headers-file.ts';
import { FORBIDDEN_HOST_BODY, isAllowedHost } from './host-check.ts';
import { formatUrl, listen } from './listen.ts';
import { createFolderFiles, createStaticHandler, HOST_FILES } from './static.ts';

export interface ServeOptions {
  port: number;
  host: string;
}

export async function startPreviewServer(
  config: ResolvedConfig,
  options: ServeOptions,
): Promise<{ server: Server; url: string }> {
  try {
    await access(config.outDir);
  } catch (cause) {
    throw createError('OutputMissing', { outDir: config.outDir }, { cause });
  }
  const rules = await readHeaderRules(config.outDir);
  const folder = createFolderFiles(config.outDir);
  const handle = createStaticHandler({
    base: config.base,
    // Hosts read `_headers` and `_redirects` and never serve them.
    files: (relative) => (HOST_FILES.has(relative) ? Promise.resolve(undefined) : folder(relative)),
    headersFor: (pathname) => headersFor(rules, pathname),
  });
  const server = createServer((request, response) => {
    if (!isAllowedHost(request.headers.host, options.host)) {
      for (const [name, value] of Object.entries(headersFor(rules, (request.url ?? '/').split('?')[0]!)))
        response.setHeader(name, value);
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(FORBIDDEN_HOST_BODY);
      return;
    }
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

/** The rules of the built `_headers`, or none when the folder has no such file. */
async function readHeaderRules(outDir: string): Promise<HeaderRule[]> {
  try {
    return parseHeadersFile(await readFile(path.join(outDir, HEADERS_FILE), 'utf8'));
  } catch {
    return [];
  }
}
