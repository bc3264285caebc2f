/** A folder's exact state (every file's bytes, every entry's mtime), to prove a build left it alone. */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export type FolderSnapshot = Record<string, { sha256?: string; mtimeMs: number }>;

export async function snapshotFolder(folder: string): Promise<FolderSnapshot> {
  const snapshot: FolderSnapshot = { '.': { mtimeMs: (await stat(folder)).mtimeMs } };
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const absolute = path.join(entry.parentPath, entry.name);
    const relative = path.relative(folder, absolute).split(path.sep).join('/');
    const { mtimeMs } = await stat(absolute);
    snapshot[relative] = entry.isFile()
      ? {
          sha256: createHash('sha256')
            .update(await readFile(absolute))
            .digest('hex'),
          mtimeMs,
        }
      : { mtimeMs };
  }
  return snapshot;
}

/** Names beside `outDir` that a build leaves behind only when it was interrupted. */
export async function listLeftovers(outDir: string): Promise<string[]> {
  const name = path.basename(outDir);
  const names = await readdir(path.dirname(outDir));
  return names.filter((entry) => entry.startsWith(`${name}.staging-`) || entry.startsWith(`${name}.old-`));
}
