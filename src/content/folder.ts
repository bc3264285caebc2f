/** checkContentFolder: content/ must exist, and hold nothing that no declared kind reads. */
import { readdir, stat } from 'node:fs/promises';
import { SiteError } from '../errors.ts';
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
    throw new SiteError({
      code: 'ContentMissing',
      message: `There is no content folder at ${contentDir}.`,
      file: shown,
      hint: 'Run agency-site in the project folder (the one holding content/, templates/ and public/), or pass it with --root.',
      cause,
    });
  }
  const known = CONTENT_NAMES;
  const unknown = names.filter((name) => !name.startsWith('.') && !known.includes(name));
  return unknown.map((name) => {
    const guess = known.find((candidate) => candidate[0] === name[0] && candidate.slice(0, 3) === name.slice(0, 3));
    return new SiteError({
      code: 'FileName',
      message: `${shown}/${name} is not a content file or folder, so nothing would read it.`,
      file: `${shown}/${name}`,
      hint: `${guess ? `Did you mean ${guess}? ` : ''}content/ holds ${known.join(', ')}; move anything else out of it.`,
    });
  });
}
