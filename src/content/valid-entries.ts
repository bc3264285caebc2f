/**
 * What the build can still make from content with problems. A file kind or the logo is on every page, so without one
 * no page is made; a folder's broken file only leaves its entry out, and the pages it would have made are named so
 * that the site check does not also report the links to them.
 */
import type { SiteError } from '../errors.ts';
import { contentName, entryPath, KIND_NAMES, KINDS, type ContentKind } from './kinds.ts';
import type { LoadedKinds } from './load.ts';

export interface ValidEntries {
  /** The kinds with only their valid files, and no errors; undefined when no page can be made. */
  kinds?: LoadedKinds;
  /** The site paths of the pages whose files have problems (/terms for content/legal/terms.md). */
  unbuilt: string[];
  /** An entry the home page shows has problems: its ids are not all there. */
  homeIncomplete: boolean;
  /** A folder of pages could not be listed (missing, unreadable): which pages the site has is not known. */
  pagesUnknown: boolean;
}

/** `kinds` without the files these problems name. */
export function keepValidEntries(kinds: LoadedKinds, problems: readonly SiteError[]): ValidEntries {
  const failed = new Set(problems.flatMap((problem) => (problem.file ? [problem.file] : [])));
  const unbuilt: string[] = [];
  let homeIncomplete = false;
  let pagesUnknown = false;
  const files = { ...kinds.files };
  for (const name of KIND_NAMES) {
    const kind: ContentKind = KINDS[name];
    // An entry whose image failed its check (a problem named at the image in public/) is left out
    // too; an entry that names no image (the field is optional, as a news post's) is not.
    const field = 'picture' in kind ? kind.picture : undefined;
    const broken = (file: LoadedKinds['files'][typeof name][number]) =>
      failed.has(file.parsed!.file) ||
      (field !== undefined &&
        (file.entry?.data as Record<string, unknown> | undefined)?.[field] !== undefined &&
        !kinds.pictures.has(file.parsed!.file));
    const all = kinds.files[name];
    // Nothing failed and no picture to miss (a dev save among thousands of pages): the list as it is.
    const whole = failed.size === 0 && field === undefined;
    const valid = whole ? all : all.filter((file) => !broken(file));
    if ('file' in kind) {
      // An optional file (redirects.yaml) may be absent; one that is there and broken stops the pages as any file kind does.
      const absent = kind.optional === true && kinds.files[name].length === 0;
      if (valid.length === 0 && !absent) return { unbuilt, homeIncomplete, pagesUnknown };
      continue;
    }
    Object.assign(files, { [name]: valid });
    const folder = `content/${contentName(kind)}`;
    // The folder itself (missing, unreadable): none of its entries is known.
    if (failed.has(folder)) {
      if (kind.route) pagesUnknown = true;
      else homeIncomplete = true;
    }
    const left = whole ? [] : [...failed, ...all.flatMap((file) => (broken(file) ? [file.parsed!.file] : []))];
    for (const file of left) {
      if (!file.startsWith(`${folder}/`) || !file.endsWith('.md')) continue;
      const slug = file.slice(folder.length + 1, -'.md'.length);
      if (kind.route) unbuilt.push(entryPath(kind, slug));
      else homeIncomplete = true;
    }
  }
  if (!kinds.logo) return { unbuilt, homeIncomplete, pagesUnknown };
  return { kinds: { ...kinds, files, errors: [] }, unbuilt, homeIncomplete, pagesUnknown };
}
