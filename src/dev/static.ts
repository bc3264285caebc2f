/**
 * Serves an output folder the way a static host serves it: the same URLs as the URL policy,
 * no redirects, the 404 page with status 404, GET and HEAD only, no directory listings, and
 * no way out of the folder.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

export interface StaticOptions {
  /** The folder to serve. */
  root: string;
  /** URL prefix the site was built with ('/' or '/sub/'). */
  base: string;
  /** Extra headers on every response. */
  headers?: Record<string, string>;
}

/** The file inside `root` that a request path maps to, or undefined; never outside `root`. */
export async function resolveRequestFile(root: string, base: string, rawPath: string): Promise<string | undefined> {
  const pathname = rawPath.split('?')[0]!.split('#')[0]!;
  if (!pathname.startsWith(base)) return undefined;
  // Encoded slashes, backslashes and NUL bytes have no business in a URL of this site.
  if (/%2f|%5c|%00|\\|\0/i.test(pathname)) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(base.length));
  } catch {
    return undefined;
  }
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.' || segment.startsWith('.'))) return undefined;
  const candidates = relative === '' || relative.endsWith('/') ? [`${relative}index.html`] : [relative, `${relative}.html`];
  const realRoot = await realpath(root);
  for (const candidate of candidates) {
    const file = path.join(realRoot, ...candidate.split('/'));
    try {
      const real = await realpath(file);
      if (!real.startsWith(realRoot + path.sep)) continue;
      if ((await stat(real)).isFile()) return real;
    } catch {
      // not this candidate
    }
  }
  return undefined;
}

export function createStaticHandler(options: StaticOptions) {
  return async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(options.headers ?? {})) response.setHeader(name, value);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      response.end('Method not allowed\n');
      return;
    }
    const file = await resolveRequestFile(options.root, options.base, request.url ?? '/');
    const notFound = file ? undefined : await resolveRequestFile(options.root, options.base, `${options.base}404.html`);
    const served = file ?? notFound;
    if (!served) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not found\n');
      return;
    }
    const info = await stat(served);
    response.writeHead(file ? 200 : 404, {
      'content-type': CONTENT_TYPES[path.extname(served).toLowerCase()] ?? 'application/octet-stream',
      'content-length': info.size,
      'x-content-type-options': 'nosniff',
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(served).pipe(response);
  };
}
