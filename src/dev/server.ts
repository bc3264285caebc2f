/**
 * The dev HTTP server: the newest good build through the same static handler as preview, the
 * browser client at DEV_PATHS.client, and the reload channel (server-sent events) at
 * DEV_PATHS.events. It holds no build state of its own: dev.ts passes it in.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { log } from '../log.ts';
import { FORBIDDEN_HOST_BODY, isAllowedHost, isAllowedOrigin } from './host-check.ts';
import { DEV_PATHS, formatMessage, type DevMessage } from './protocol.ts';
import { createStaticHandler, type FindFile } from './static.ts';

export interface DevServerOptions {
  base: string;
  /** The address given with --host: requests for any other name are refused (DNS rebinding). */
  host: string;
  /** The files of the newest good build; asked on every request. */
  files(): FindFile;
  /** The bundled browser client (bundleClient). */
  client: string;
  /** The first message on every new connection to the channel. */
  hello(): DevMessage;
  /** The security headers the host would send for a path (the newest good build's `_headers`): on every response. */
  headersFor(pathname: string): Record<string, string>;
  /** Answers the requests it knows (the CMS's local backend) after the Host check; false: not one of them. */
  route?(request: IncomingMessage, response: ServerResponse, pathname: string): boolean;
}

export interface DevServer {
  server: Server;
  /** Sends a message to every connected browser. */
  send(message: DevMessage): void;
  /** The pages the connected browsers have open (their location's path). */
  openPages(): ReadonlySet<string>;
  /** Sends a message to the browsers that have `page` open. */
  sendTo(page: string, message: DevMessage): void;
  close(): Promise<void>;
}

/** Proxies drop quiet connections; a comment line now and then keeps the channel open. */
const KEEP_ALIVE_MS = 20_000;

export function createDevServer(options: DevServerOptions): DevServer {
  /** Each connected browser's channel, and the page it has open (the client names it in the query). */
  const channels = new Map<ServerResponse, string>();
  const serveStatic = createStaticHandler({
    base: options.base,
    files: (relative) => options.files()(relative),
    headers: { 'cache-control': 'no-store' },
  });

  const openChannel = (request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    response.write(`retry: 500\n\n${formatMessage(options.hello())}`);
    channels.set(response, pageOf(request.url ?? ''));
    request.on('close', () => channels.delete(response));
  };

  const server = createServer((request, response) => {
    request.on('error', () => response.destroy());
    response.on('error', () => channels.delete(response));
    const pathname = (request.url ?? '/').split('?')[0];
    for (const [name, value] of Object.entries(options.headersFor(pathname ?? '/'))) response.setHeader(name, value);
    // The event stream carries error messages and code frames: other sites may not read it either.
    const foreign =
      !isAllowedHost(request.headers.host, options.host) ||
      (pathname === DEV_PATHS.events && !isAllowedOrigin(request.headers.origin, options.host));
    if (foreign) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(FORBIDDEN_HOST_BODY);
      return;
    }
    if (options.route?.(request, response, pathname ?? '/')) return;
    if (pathname === DEV_PATHS.events || pathname === DEV_PATHS.client) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
        response.end('Method not allowed\n');
      } else if (pathname === DEV_PATHS.client) {
        response.writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'no-store',
          'content-length': Buffer.byteLength(options.client),
        });
        response.end(request.method === 'HEAD' ? undefined : options.client);
      } else if (request.method === 'HEAD') {
        response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
        response.end();
      } else {
        openChannel(request, response);
      }
      return;
    }
    serveStatic(request, response).catch((error: unknown) => {
      log.internal(error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  const keepAlive = setInterval(() => {
    for (const channel of channels.keys()) channel.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS).unref();

  return {
    server,
    send(message) {
      const text = formatMessage(message);
      for (const channel of channels.keys()) channel.write(text);
    },
    openPages: () => new Set(channels.values()),
    sendTo(page, message) {
      const text = formatMessage(message);
      for (const [channel, open] of channels) if (open === page) channel.write(text);
    },
    close() {
      clearInterval(keepAlive);
      for (const channel of channels.keys()) channel.end();
      channels.clear();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** The page a channel's browser has open: `?page=` of the channel's URL, as the client sends its location's path. */
function pageOf(url: string): string {
  try {
    return new URL(url, 'http://localhost').searchParams.get('page') ?? '';
  } catch {
    return '';
  }
}

/** Bundles the browser client (src/dev/client.ts) for this session. */
export async function bundleClient(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [findClientSource()],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: ['chrome111', 'edge111', 'firefox114', 'safari16.4'],
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** src/dev/client.ts of this tool, whether it runs from src/ (tests) or from the launcher's bundle. */
function findClientSource(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(folder, 'src', 'dev', 'client.ts');
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`src/dev/client.ts not found above ${fileURLToPath(import.meta.url)}`);
    folder = parent;
  }
}
