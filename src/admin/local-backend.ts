/**
 * The CMS's local backend in `agency-site dev`: decap-server's protocol, answered inside the dev server. It is
 * not decap-server itself, which answers any origin and writes anywhere: here a write must come from this
 * server's own page, and reads and writes stay inside content/ and public/, with no symlink leading out.
 */
import { createHash } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, realpath, rename, unlink, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { RefusedSave, type SaveReview } from './save-review.ts';

/** The folders of the project the CMS may read and write, relative to its root. */
export const EDITABLE_FOLDERS = ['content', 'public'] as const;
/** Requests larger than this are refused: an upload is one image, not a video. */
const MAX_BODY = 20 * 1024 * 1024;

export class RefusedPath extends Error {}

interface Request {
  action: string;
  params?: Record<string, unknown>;
}

export interface LocalBackend {
  /** Answers one request of the protocol; the caller has checked the Host and the Origin. */
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** The actions as functions, for tests and the round trip. */
  act(body: Request): Promise<unknown>;
}

/** `review` judges a save before it is written (src/admin/save-review.ts); without one, Decap's text is written. */
export function createLocalBackend(root: string, review?: SaveReview): LocalBackend {
  const act = createActions(root, review);
  return {
    act,
    async handle(request, response) {
      let status = 200;
      let answer: unknown;
      try {
        const body = JSON.parse(await readBody(request)) as Request;
        answer = await act(body);
      } catch (error) {
        status =
          error instanceof RefusedPath
            ? 403
            : error instanceof NoEntry
              ? 404
              : error instanceof UnknownAction
                ? 422
                : 400;
        answer = { error: error instanceof Error ? error.message : 'Unknown error' };
        // The build refused the save: Decap shows `error`; the admin page shows each problem by its field.
        if (error instanceof RefusedSave) {
          status = 422;
          answer = { error: error.message, problems: error.problems, ...error.answer };
        }
      }
      const text = JSON.stringify(answer);
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      response.end(text);
    },
  };
}

/** The files of the project as the protocol's actions read and write them. */
function createFiles(root: string) {
  const resolve = (relative: unknown) => resolveEditable(root, relative);
  /** Where a write goes: a symlink there would carry it elsewhere, so it is refused, never followed. */
  const target = async (relative: unknown) => {
    const absolute = await resolve(relative);
    const existing = await lstat(absolute).catch(() => undefined);
    if (existing?.isSymbolicLink()) throw new RefusedPath(String(relative));
    return absolute;
  };
  return {
    resolve,
    async entry(relative: string) {
      try {
        const bytes = await readFile(await resolve(relative));
        return { data: bytes.toString('utf8'), file: { path: relative, id: sha256(bytes) } };
      } catch (error) {
        if (error instanceof RefusedPath) throw error;
        return { data: null, file: { path: relative, id: null } };
      }
    },
    async media(relative: string) {
      const bytes = await readFile(await resolve(relative));
      const name = path.posix.basename(relative);
      return { id: sha256(bytes), content: bytes.toString('base64'), encoding: 'base64', path: relative, name };
    },
    target,
    async write(relative: unknown, contents: string | Buffer) {
      const absolute = await target(relative);
      await mkdir(path.dirname(absolute), { recursive: true });
      await writeFile(absolute, contents);
    },
  };
}

function createActions(root: string, review: SaveReview | undefined): (body: Request) => Promise<unknown> {
  const files = createFiles(root);
  const { resolve } = files;
  return async ({ action, params = {} }) => {
    switch (action) {
      case 'info':
        return { repo: path.basename(root), publish_modes: ['simple'], type: 'local_fs' };
      case 'entriesByFolder': {
        const found = await listFiles(root, await resolve(params.folder), String(params.extension ?? ''));
        return Promise.all(found.map(files.entry));
      }
      case 'entriesByFiles':
        return Promise.all(((params.files ?? []) as Array<{ path: string }>).map((file) => files.entry(file.path)));
      case 'getEntry':
        // An address naming an entry the collection does not have (Decap then sends no path).
        if (typeof params.path !== 'string')
          throw new NoEntry('This collection has no such entry: pick one from its list.');
        return files.entry(params.path);
      case 'persistEntry':
        return { message: 'entry persisted', ...(await persistEntry(files, params, review)) };
      case 'getMedia': {
        const folder = await resolve(params.mediaFolder).catch(() => undefined);
        return folder ? Promise.all((await listFiles(root, folder, '')).map(files.media)) : [];
      }
      case 'getMediaFile':
        return files.media(String(params.path));
      case 'persistMedia': {
        const asset = params.asset as Asset;
        await files.write(asset.path, Buffer.from(asset.content, 'base64'));
        return files.media(asset.path);
      }
      case 'deleteFile':
        await unlink(await resolve(params.path)).catch(ignoreMissing);
        return { message: 'deleted' };
      case 'deleteFiles':
        for (const file of (params.paths ?? []) as string[]) await unlink(await resolve(file)).catch(ignoreMissing);
        return { message: 'deleted' };
      case 'getDeployPreview':
        return null;
      default:
        throw new UnknownAction(action);
    }
  };
}

/** An entry's files and uploads; every path is checked before anything is written, so a refused one writes nothing. */
async function persistEntry(
  files: ReturnType<typeof createFiles>,
  params: Record<string, unknown>,
  review: SaveReview | undefined,
): Promise<object> {
  const entry = params.entry as DataFile | undefined;
  const sent = (params.dataFiles as DataFile[] | undefined) ?? (entry ? [entry] : []);
  const assets = (params.assets ?? []) as Asset[];
  const renamed = sent.flatMap((file) => (file.newPath === undefined ? [] : [file.newPath]));
  await Promise.all(
    [...sent, ...assets]
      .map((file) => file.path)
      .concat(renamed)
      .map(files.target),
  );
  // Before anything is written: the fields that did not change keep their text, and the build judges the rest.
  const { files: dataFiles, answer } = review ? await review(sent, assets) : { files: sent, answer: {} };
  for (const file of dataFiles) await files.write(file.path, file.raw);
  for (const asset of assets) await files.write(asset.path, Buffer.from(asset.content, 'base64'));
  for (const file of dataFiles)
    if (file.newPath) await rename(await files.resolve(file.path), await files.resolve(file.newPath));
  return answer;
}

interface DataFile {
  path: string;
  raw: string;
  newPath?: string;
}
interface Asset {
  path: string;
  content: string;
}

class UnknownAction extends Error {}
class NoEntry extends Error {}

/** A path inside content/ or public/, made absolute; refused when it leaves them (.., an absolute path, a symlink that leads out). */
export async function resolveEditable(root: string, relative: unknown): Promise<string> {
  if (typeof relative !== 'string' || relative === '' || relative.includes('\0') || path.isAbsolute(relative)) {
    throw new RefusedPath(`${String(relative)} is not a path inside content/ or public/`);
  }
  const normal = path.posix.normalize(relative.replace(/\\/g, '/'));
  const top = normal.split('/')[0];
  if (normal.startsWith('..') || !EDITABLE_FOLDERS.includes(top as (typeof EDITABLE_FOLDERS)[number])) {
    throw new RefusedPath(`${relative} is not inside content/ or public/: the CMS edits only those`);
  }
  const absolute = path.join(root, normal);
  // The nearest existing folder on the way must really be inside the editable folder.
  const folder = path.join(root, top!);
  let existing = absolute;
  for (;;) {
    const real = await realpath(existing).catch(() => undefined);
    if (real !== undefined) {
      const realFolder = await realpath(folder);
      if (real !== realFolder && !real.startsWith(realFolder + path.sep)) {
        throw new RefusedPath(`${relative} leads outside ${top}/ through a symbolic link`);
      }
      return absolute;
    }
    existing = path.dirname(existing);
  }
}

/** Files under a folder, one level of subfolders at most as Decap's folder collections ask. */
async function listFiles(root: string, folder: string, extension: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => path.relative(root, path.join(folder, entry.name)).split(path.sep).join('/'))
    .sort();
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY) {
        reject(new Error('request too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}
