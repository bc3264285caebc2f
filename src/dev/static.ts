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
import { createGzip } from 'node:zlib';
import { lookup } from 'mrmime';
import { requestPaths } from '../site/routes.ts';

/** The files a host reads for itself: Netlify and Cloudflare Pages answer 404 for them. */
export const HOST_FILES: ReadonlySet<string> = new Set(['_headers', '_redirects']);

/** Common on the web but not IANA-registered, so not in mrmime's list. */
const MISSING_TYPES: Record<string, string> = { '.ico': 'image/x-icon' };

/** A file's content type by mrmime, with charset=utf-8 on text so a page never has its encoding guessed. */
export function contentTypeOf(file: string): string {
  const type = lookup(file) ?? MISSING_TYPES[path.extname(file).toLowerCase()];
  if (!type) return 'application/octet-stream';
  const text = type.startsWith('text/') || /^application\/(json|manifest\+json|xml|javascript)$/.test(type);
  return text ? `${type}; charset=utf-8` : type;
}

/** Text compresses; images, fonts and archives already are compressed. */
function compressible(type: string): boolean {
  return /^(text\/|image\/svg\+xml|application\/(json|manifest\+json|xml|javascript|atom\+xml|rss\+xml))/.test(type);
}

/** Whether the request takes gzip: named in Accept-Encoding and not refused with q=0. */
function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    return (name === 'gzip' || name === '*') && !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
  });
}

/** A byte range, both ends included, as Range requests name them. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A file the handler can send; `body` is called once, for GET (with the range asked for, if any). */
export interface ServedFile {
  /** Relative to the served root, forward slashes: its extension picks the content type. */
  path: string;
  size: number;
  body(range?: ByteRange): Uint8Array | Readable;
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
  /** Headers for every response, by request path (the site's `_headers` rules). */
  headersFor?(pathname: string): Record<string, string>;
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
    return { path: relative, size: info.size, body: (range) => createReadStream(real, range) };
  } catch {
    return undefined;
  }
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
    const url = request.url ?? '/';
    // Every response, refusals and the 404 page included, carries what the host would send.
    for (const [name, value] of Object.entries(options.headersFor?.(url.split('?')[0]!) ?? {}))
      response.setHeader(name, value);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      response.end('Method not allowed\n');
      return;
    }
    const file = await findRequested(find, options.base, url);
    const served = file ?? (await find('404.html'));
    if (!served) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not found\n');
      return;
    }
    const type = { 'content-type': contentTypeOf(served.path), 'x-content-type-options': 'nosniff' };
    const range = file ? parseRange(request.headers.range, served.size) : undefined;
    if (range === 'unsatisfiable') {
      response.writeHead(416, { ...type, 'content-range': `bytes */${served.size}` });
      response.end();
      return;
    }
    const length = range ? range.end - range.start + 1 : served.size;
    // Static hosts send text gzipped, so pages here load as fast as they will there.
    const gzip = !range && compressible(type['content-type']) && acceptsGzip(request.headers['accept-encoding']);
    if (compressible(type['content-type'])) response.setHeader('vary', 'accept-encoding');
    response.writeHead(range ? 206 : file ? 200 : 404, {
      ...type,
      ...(gzip ? { 'content-encoding': 'gzip' } : { 'content-length': length }),
      ...(file ? { 'accept-ranges': 'bytes' } : {}),
      ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${served.size}` } : {}),
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const body = served.body(range);
    if (gzip) {
      const source = body instanceof Uint8Array ? [body] : body;
      pipeline(source, createGzip(), response).catch(() => response.destroy());
      return;
    }
    if (body instanceof Uint8Array) {
      response.end(range ? body.subarray(range.start, range.end + 1) : body);
      return;
    }
    // A file removed after it was found ends the response early instead of throwing.
    pipeline(body, response).catch(() => response.destroy());
  };
}

/**
 * One `bytes=` range of a file of `size` bytes (RFC 9110 14.1.2): `a-b`, `a-` or `-n`. Several ranges, or a header
 * we do not read, get the whole file, as the RFC allows; a range that starts past the end is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}
