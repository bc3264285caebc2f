/**
 * resolveInside and readInside: how the build reads a file from content/ or public/. Both folders come
 * from strangers' pull requests: a symbolic link there must not make the build read, print or publish a file
 * from elsewhere (~/.ssh, .env), and a link to a device or a pipe must not make it read forever.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { createError, SiteError, SiteErrors } from './errors.ts';

/** Files of public/ are copied, not parsed; this only stops a file no static host would take. */
export const MAX_PUBLIC_BYTES = 100 * 1024 * 1024;

/**
 * The real path of `file` when it lies inside `folder`, itself inside the project; `file` itself when it does
 * not exist. Throws SymlinkOutside naming only `shown` or the folder: nothing of the target reaches a message.
 */
export function resolveInside(folder: string, file: string, shown: string): string {
  const realFolder = resolveSourceFolder(folder);
  if (realFolder === undefined) return file;
  let real: string;
  try {
    real = realpathSync.native(file);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return file;
    throw unfollowable(shown, cause);
  }
  if (isInside(real, realFolder)) return real;
  throw symlinkOutside(linkOf(folder, file) ?? shown, path.basename(folder));
}

/**
 * The first symbolic link on the way from `folder` to `file`, as people see it (`content/pages`):
 * a file in a linked folder is reported at the link, so not even the names of the files it leads to are shown.
 */
function linkOf(folder: string, file: string): string | undefined {
  const parts = path.relative(folder, file).split(path.sep);
  for (let count = 1; count < parts.length; count++) {
    try {
      if (lstatSync(path.join(folder, ...parts.slice(0, count))).isSymbolicLink()) {
        return [path.basename(folder), ...parts.slice(0, count)].join('/');
      }
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Stops the build before it lists anything when content/ or public/ leads out of the project. */
export function requireSourceFolders(config: { contentDir: string; publicDir: string }): void {
  const problems: SiteError[] = [];
  for (const folder of [config.contentDir, config.publicDir]) {
    try {
      resolveSourceFolder(folder);
    } catch (thrown) {
      if (!(thrown instanceof SiteError)) throw thrown;
      problems.push(thrown);
    }
  }
  if (problems.length > 0) throw new SiteErrors(problems);
}

/**
 * The real path of a source folder (content/ or public/) when it lies inside the project, or
 * undefined when it does not exist; throws SymlinkOutside at the folder when it leads out.
 */
export function resolveSourceFolder(folder: string): string | undefined {
  const name = path.basename(folder);
  let real: string;
  let realProject: string;
  try {
    realProject = realpathSync.native(path.dirname(folder));
    real = realpathSync.native(folder);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw unfollowable(`${name}/`, cause);
  }
  if (real !== realProject && isInside(real, realProject)) return real;
  throw createError('SymlinkOutside', { sourceFolder: name }, { file: name });
}

/**
 * The bytes of a file of `folder`, read through resolveInside: a regular file of at most `limit`
 * bytes, or a SiteError at `shown`. Opened without blocking, so a named pipe is refused, not waited on.
 */
export function readInside(folder: string, file: string, shown: string, limit: number): Buffer {
  const real = resolveInside(folder, file, shown);
  const descriptor = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = fstatSync(descriptor);
    if (!info.isFile()) throw notAFile(shown);
    if (info.size > limit) throw tooLarge(shown, info.size, limit);
    return readAll(descriptor, info.size);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * The size of a file of `folder` that the build copies without reading it, after the same checks
 * as readInside; undefined for a folder (or a link to one) and for a file that does not exist.
 */
export function sizeInside(folder: string, file: string, shown: string, limit: number): number | undefined {
  const real = resolveInside(folder, file, shown);
  let descriptor: number;
  try {
    descriptor = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw cause;
  }
  try {
    const info = fstatSync(descriptor);
    if (info.isDirectory()) return undefined;
    if (!info.isFile()) throw notAFile(shown);
    if (info.size > limit) throw tooLarge(shown, info.size, limit);
    return info.size;
  } finally {
    closeSync(descriptor);
  }
}

function readAll(descriptor: number, size: number): Buffer {
  {
    // A file that grows while it is read is cut at the size it had when it passed the limit.
    const bytes = Buffer.allocUnsafe(size);
    let read = 0;
    while (read < size) {
      const count = readSync(descriptor, bytes, read, size - read, null);
      if (count === 0) break;
      read += count;
    }
    return bytes.subarray(0, read);
  }
}

function isInside(real: string, folder: string): boolean {
  return real === folder || real.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep);
}

export function symlinkOutside(shown: string, folder: string): SiteError {
  return createError('SymlinkOutside', { shown, folder }, { file: shown });
}

/** A link that loops, or passes through a file as if it were a folder (ELOOP, ENOTDIR). */
function unfollowable(shown: string, cause: unknown): SiteError {
  const code = (cause as NodeJS.ErrnoException).code;
  return createError('SymlinkBroken', { shown, reason: code ?? 'unknown error' }, { file: shown });
}

function notAFile(shown: string): SiteError {
  return createError('FileUnreadable', { notRegular: shown }, { file: shown });
}

function tooLarge(shown: string, size: number, limit: number): SiteError {
  return createError('FileTooLarge', { bytes: size, limit, shown }, { file: shown });
}
