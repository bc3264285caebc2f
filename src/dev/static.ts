/**
 * Serves an output folder the way a static host serves it: the same URLs as the URL policy,
 * no redirects, the 404 page with status 404, GET and HEAD only, no directory listings, and
 * no way out of the folder.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { requestPaths } from '../site/routes.ts';

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

/** A file the handler can send; `body` is called once, for GET. */
export interface ServedFile {
  /** Relative to the served root, forward slashes: its extension picks the content type. */
  path: string;
  size: number;
  body(): Uint8Array | Readable;
}

/** Looks up a relative path (already checked by requestPaths); undefined when there is none. */
export type FindFile = (relative: string) => Promise<ServedFile | undefined>;

export interface StaticOptions {
  /** URL prefix the site was built with ('/' or '/sub/'). */
  base: string;
  /** The folder to serve ... */
  root?: string;
  /** ... or where else the files come from (dev serves its last good build from memory). */
  files?: FindFile;
  /** Extra headers on every response. */
  headers?: Record<string, string>;
}

/** Files of a folder on disk; a path whose real location (symlinks followed) leaves it is not there. */
export function createFolderFiles(root: string): FindFile {
  return async (relative) => readFileInside(root, path.join(root, ...relative.split('/')), relative);
}

/**
 * `file` served as `relative`, when it is a regular file whose real location (symlinks followed)
 * lies inside `folder`; undefined otherwise, or when it cannot be read.
 */
export async function readFileInside(folder: string, file: string, relative: string): Promise<ServedFile | undefined> {
  try {
    const [realFolder, real] = await Promise.all([realpath(folder), realpath(file)]);
    if (!real.startsWith(realFolder + path.sep)) return undefined;
    const info = await stat(real);
    if (!info.isFile()) return undefined;
    return { path: relative, size: info.size, body: () => createReadStream(real) };
  } catch {
    return undefined;
  }
}

/** The file inside `root` that a request path maps to, or undefined; never outside `root`. */
export async function resolveRequestFile(root: string, base: string, rawPath: string): Promise<string | undefined> {
  const found = await findRequested(createFolderFiles(root), base, rawPath);
  return found && path.join(await realpath(root), ...found.path.split('/'));
}

async function findRequested(find: FindFile, base: string, rawPath: string): Promise<ServedFile | undefined> {
  for (const candidate of requestPaths(base, rawPath) ?? []) {
    const file = await find(candidate);
    if (file) return file;
  }
  return undefined;
}

export function createStaticHandler(options: StaticOptions) {
  const find = options.files ?? createFolderFiles(options.root ?? '.');
  return async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(options.headers ?? {})) response.setHeader(name, value);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      response.end('Method not allowed\n');
      return;
    }
    const file = await findRequested(find, options.base, request.url ?? '/');
    const served = file ?? (await find('404.html'));
    if (!served) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not found\n');
      return;
    }
    response.writeHead(file ? 200 : 404, {
      'content-type': CONTENT_TYPES[path.extname(served.path).toLowerCase()] ?? 'application/octet-stream',
      'content-length': served.size,
      'x-content-type-options': 'nosniff',
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const body = served.body();
    if (body instanceof Uint8Array) {
      response.end(body);
      return;
    }
    // A file removed after it was found ends the response early instead of throwing.
    pipeline(body, response).catch(() => response.destroy());
  };
}
