/** checkContentFolder: content/ must exist, and hold nothing that no declared kind reads. */
import { readdir, stat } from 'node:fs/promises';
import { createError, type SiteError } from '../errors.ts';
import { contentName, KINDS } from './kinds.ts';

/** The names content/ may hold: the file or folder of each kind. */
export const CONTENT_NAMES: readonly string[] = Object.values(KINDS).map(contentName);

/** Throws one clear error for a missing content folder; returns one for each entry in it that nothing reads. */
export async function checkContentFolder(contentDir: string, shown: string): Promise<SiteError[]> {
  let names: string[];
  try {
    if (!(await stat(contentDir)).isDirectory()) throw new Error('not a folder');
    names = await readdir(contentDir);
  } catch (cause) {
    throw createError('ContentMissing', { missing: 'content folder', path: contentDir }, { file: shown, cause });
  }
  const known = CONTENT_NAMES;
  const unknown = names.filter((name) => !name.startsWith('.') && !known.includes(name));
  return unknown.map((name) =>
    createError('FileName', { path: `${shown}/${name}`, known }, { file: `${shown}/${name}` }),
  );
}
