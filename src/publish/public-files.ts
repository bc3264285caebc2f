/**
 * listPublicFiles: the files of public/ the build copies as they are. public/ comes from pull
 * requests like content/ does, and whatever it holds is served from the site's own address, so
 * nothing in it may run there: it takes file types that cannot run (public-file-types.ts), HTML
 * pages and SVG images only when a parser finds nothing active in them (active-content.ts), and
 * no symbolic link that leads out of it. `--allow-scripts` (a trusted repository) publishes the
 * rest too, except the hosting files the build writes itself. Problems are reported together.
 */
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config.ts';
import { createCodeFrame, SiteError, SiteErrors } from '../errors.ts';
import type { OutputFile } from '../output/plan.ts';
import { MAX_PUBLIC_BYTES, readInside, resolveInside, resolveSourceFolder, sizeInside } from '../project-paths.ts';
import { findActiveHtml, findActiveSvg } from './active-content.ts';
import { classifyPublicFile, refusedType } from './public-file-types.ts';

/** HTML and SVG files are parsed whole: larger ones are refused before they are read. */
export const MAX_SCANNED_BYTES = 8 * 1024 * 1024;

export async function listPublicFiles(
  config: Pick<ResolvedConfig, 'publicDir' | 'allowPublicScripts'>,
): Promise<OutputFile[]> {
  if (resolveSourceFolder(config.publicDir) === undefined) return [];
  let entries: Dirent[];
  try {
    entries = await readdir(config.publicDir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const files: OutputFile[] = [];
  const problems: SiteError[] = [];
  for (const entry of entries) {
    // Devices, pipes and sockets are not skipped: sizeInside refuses them at their name.
    if (entry.isDirectory()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const relative = path.relative(config.publicDir, source).split(path.sep).join('/');
    if (relative.split('/').some((part) => part.startsWith('.'))) continue;
    try {
      const file = checkPublicEntry(config, source, relative);
      if (file) files.push(file);
    } catch (thrown) {
      if (!(thrown instanceof SiteError)) throw thrown;
      problems.push(thrown);
    }
  }
  if (problems.length > 0) throw new SiteErrors(problems);
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The file as the build will copy it, undefined when it is not one (a link to a folder, a dangling link); throws its problem. */
function checkPublicEntry(
  config: Pick<ResolvedConfig, 'publicDir' | 'allowPublicScripts'>,
  source: string,
  relative: string,
): OutputFile | undefined {
  const shown = `public/${relative}`;
  resolveInside(config.publicDir, source, shown);
  const kind = classifyPublicFile(relative, config.allowPublicScripts);
  if (kind.type === 'refused') throw refusedType(shown, kind);
  const scanned = kind.type === 'html' || kind.type === 'svg';
  // Links to folders are not followed (as readdir does not), nor are dangling links.
  const size = sizeInside(config.publicDir, source, shown, scanned ? MAX_SCANNED_BYTES : MAX_PUBLIC_BYTES);
  if (size === undefined) return undefined;
  if (kind.type === 'html' || kind.type === 'svg') {
    const text = decodeScanned(readInside(config.publicDir, source, shown, MAX_SCANNED_BYTES), shown);
    const problem = checkActiveText(shown, text, kind.type);
    if (problem) throw problem;
  }
  return { path: relative, source, size };
}

/**
 * The text a parser reads, as the browser will: UTF-8 only. A UTF-16 file (its byte order mark, or
 * the NUL bytes of its ASCII) would read as harmless noise here and as markup in the browser.
 */
function decodeScanned(bytes: Buffer, shown: string): string {
  const utf16 =
    bytes.length >= 2 && ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe));
  let text: string | undefined;
  if (!utf16 && !bytes.includes(0)) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = undefined;
    }
  }
  if (text !== undefined) return text;
  throw new SiteError({
    code: 'FileEncoding',
    message: `${shown} is not UTF-8 text, so it cannot be checked for scripts the way a browser would read it.`,
    file: shown,
    hint: 'Save the file as UTF-8 (without NUL bytes), then build again.',
  });
}

/** An SVG that runs or loads something, or an HTML page with active content; undefined when it is safe to publish. */
export function checkActiveText(shown: string, text: string, kind: 'svg' | 'html'): SiteError | undefined {
  const found = kind === 'svg' ? findActiveSvg(text) : findActiveHtml(text);
  if (!found) return undefined;
  const { line, column, what } = found;
  return new SiteError({
    code: kind === 'svg' ? 'UnsafeSvg' : 'UnsafeHtml',
    message:
      kind === 'svg'
        ? `The SVG ${shown} contains ${what}. Opened directly, an SVG runs its scripts on the site's own address, so it is not published.`
        : `The page ${shown} contains ${what}. Pages in public/ are published as they are, so their scripts would run on the site's own address.`,
    file: shown,
    line,
    column,
    frame: createCodeFrame(text, line, Math.min(column, 160)),
    hint:
      kind === 'svg'
        ? 'Export the image again as plain SVG (no scripts, event handlers, <foreignObject> or links to other files), or use PNG.'
        : 'Remove the script, event handler or embedded frame; if the repository is trusted and really needs scripted pages in public/, build with --allow-scripts (README: Security).',
  });
}
