/**
 * resolveInside: the real location of a file the build reads, which must lie inside the source
 * folder it was found in (content/ or public/, both inside the project). They come from
 * strangers' pull requests; a symbolic link there must not make the build read, print or
 * publish a file from elsewhere: ~/.ssh, or the project's own .env.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from './errors.ts';

const realRoots = new Map<string, string>();

/**
 * The real path of `file` (symlinks followed) when it lies inside `root` (a source folder); `file` itself when it
 * does not exist, so the caller's read reports that as usual. Throws SymlinkOutside, naming only
 * `shown` (the link's own path): nothing of the target, not even its name, reaches a message.
 */
export function resolveInside(root: string, file: string, shown: string): string {
  let real: string;
  try {
    real = realpathSync.native(file);
  } catch {
    return file;
  }
  let realRoot = realRoots.get(root);
  if (realRoot === undefined) {
    realRoot = realpathSync.native(root);
    realRoots.set(root, realRoot);
  }
  if (real === realRoot || real.startsWith(realRoot.endsWith(path.sep) ? realRoot : realRoot + path.sep)) return real;
  throw symlinkOutside(shown, path.basename(root));
}

export function symlinkOutside(shown: string, folder: string): SiteError {
  return new SiteError({
    code: 'SymlinkOutside',
    message: `${shown} is a symbolic link (or lies in a linked folder) that leads out of ${folder}/; the build reads only files inside ${folder}/.`,
    file: shown,
    hint: `Replace the link with the file itself, or point it at a file inside ${folder}/.`,
  });
}
