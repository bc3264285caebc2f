/**
 * listPublicFiles: the files of public/ the build copies. public/ comes from pull requests and is served
 * from the site's own address, so nothing in it may run: only types that cannot run (public-file-types.ts),
 * HTML and SVG a parser found inert (active-content.ts), no symbolic link out. Problems are returned, not thrown.
 */
import { type Dirent, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config.ts';
import { createCodeFrame, createError, SiteError } from '../errors.ts';
import type { OutputFile } from '../output/plan.ts';
import { MAX_PUBLIC_BYTES, readInside, resolveInside, resolveSourceFolder, sizeInside } from '../project-paths.ts';
import { findActiveHtml, findActiveSvg } from './active-content.ts';
import { serializeCheckedHtml, serializeCheckedSvg } from './checked-markup.ts';
import { classifyPublicFile, refusedType } from './public-file-types.ts';

/** HTML and SVG files are parsed whole: larger ones are refused before they are read. */
export const MAX_SCANNED_BYTES = 8 * 1024 * 1024;
/** parse5 keeps each element with its location (about 1 KB): 8 MB of bare tags would take gigabytes. */
export const MAX_SCANNED_TAGS = 100_000;

export interface PublicListing {
  /** The files the build copies, by path. */
  files: OutputFile[];
  /** The paths (in the output) of the files refused: each has its problem in `errors`. */
  refused: string[];
  errors: SiteError[];
}

export async function listPublicFiles(
  config: Pick<ResolvedConfig, 'publicDir' | 'allowPublicScripts'>,
): Promise<PublicListing> {
  const none: PublicListing = { files: [], refused: [], errors: [] };
  if (resolveSourceFolder(config.publicDir) === undefined) return none;
  let entries: Dirent[];
  try {
    entries = await readdir(config.publicDir, { recursive: true, withFileTypes: true });
  } catch {
    return none;
  }
  const files: OutputFile[] = [];
  const refused: string[] = [];
  const problems: SiteError[] = [];
  for (const entry of entries) {
    // Devices, pipes and sockets are not skipped: sizeInside refuses them at their name.
    if (entry.isDirectory()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const relative = path.relative(config.publicDir, source).split(path.sep).join('/');
    if (isHidden(relative)) continue;
    try {
      const file = checkPublicEntry(config, source, relative);
      if (file) files.push(file);
    } catch (thrown) {
      if (!(thrown instanceof SiteError)) throw thrown;
      problems.push(thrown);
      refused.push(relative);
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, refused, errors: problems };
}

/** The file as the build will copy it, undefined when it is not one (a link to a folder, a dangling link); throws its problem. */
function checkPublicEntry(
  config: Pick<ResolvedConfig, 'publicDir' | 'allowPublicScripts'>,
  source: string,
  relative: string,
): OutputFile | undefined {
  const shown = `public/${relative}`;
  const real = resolveInside(config.publicDir, source, shown);
  // Links to folders are not followed (as readdir does not): skipped before their name is judged as a file's.
  if (isFolder(real)) return undefined;
  const kind = classifyPublicFile(relative, config.allowPublicScripts);
  if (kind.type === 'refused') throw refusedType(shown, kind);
  const scanned = kind.type === 'html' || kind.type === 'svg';
  // Dangling links are skipped too.
  const size = sizeInside(config.publicDir, source, shown, scanned ? MAX_SCANNED_BYTES : MAX_PUBLIC_BYTES);
  if (size === undefined) return undefined;
  if (kind.type === 'html' || kind.type === 'svg') {
    const text = decodeScanned(readInside(config.publicDir, source, shown, MAX_SCANNED_BYTES), shown);
    requireFewTags(text, shown);
    const contents = publishedText(shown, text, kind.type);
    return { path: relative, contents, size: Buffer.byteLength(contents), checked: kind.type };
  }
  return { path: relative, source, size };
}

/**
 * What is published of a checked page or SVG: the checker's serialisation (checked-markup.ts), checked
 * again. Throws the file's problem, the same wherever the file is read, so the build lists it once.
 */
export function publishedText(shown: string, text: string, kind: 'svg' | 'html'): string {
  const problem = checkActiveText(shown, text, kind);
  if (problem) throw problem;
  const place = (index: number) => ({ file: shown, ...at(text, index) });
  const refuse = (what: string) => createError(kind === 'svg' ? 'UnsafeSvg' : 'UnsafeHtml', { shown, what }, place(0));
  let published: string;
  if (kind === 'html') {
    const serialized = serializeCheckedHtml(text);
    if (serialized === undefined) throw refuse('markup that reads as other markup when it is read again');
    published = serialized;
  } else {
    const svg = serializeCheckedSvg(text);
    if (!('text' in svg)) throw createError('SvgMalformed', { shown, what: svg.problem }, place(svg.index));
    published = svg.text;
  }
  const again = kind === 'svg' ? findActiveSvg(published) : findActiveHtml(published);
  if (again) throw refuse(`${again.what}, once the markup is read the way a browser reads it`);
  return published;
}

function at(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index);
  return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') };
}

/**
 * Dot files (.git, .env, .htaccess, which Apache obeys) are never published; the one dot folder
 * that is, .well-known/ at the root, holds files such as security.txt that others fetch by that path.
 */
function isHidden(relative: string): boolean {
  const parts = relative.split('/');
  if (parts[0] === '.well-known' && parts.length > 1) parts.shift();
  return parts.some((part) => part.startsWith('.'));
}

function isFolder(real: string): boolean {
  try {
    return statSync(real).isDirectory();
  } catch {
    return false;
  }
}

/** Counts `<` (at least one per tag) before a parser builds a tree of them all; throws past the limit. */
function requireFewTags(text: string, shown: string): void {
  let index = -1;
  for (let count = 0; count <= MAX_SCANNED_TAGS; count++) {
    index = text.indexOf('<', index + 1);
    if (index === -1) return;
  }
  const before = text.slice(0, index);
  throw createError(
    'FileTooLarge',
    { shown, tags: MAX_SCANNED_TAGS },
    { file: shown, line: before.split('\n').length, column: index - before.lastIndexOf('\n') },
  );
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
  // ESC starts the escape sequences of ISO-2022-JP, which a browser told no encoding may guess,
  // and then reads quotes and tags this UTF-8 reading never saw.
  const escapeAt = text?.indexOf('\u001b') ?? -1;
  if (text !== undefined && escapeAt === -1) return text;
  if (text !== undefined) {
    const before = text.slice(0, escapeAt);
    throw createError(
      'FileEncoding',
      { shown, scanned: 'escape' },
      { file: shown, line: before.split('\n').length, column: escapeAt - before.lastIndexOf('\n') },
    );
  }
  throw createError('FileEncoding', { shown, scanned: 'not utf-8' }, { file: shown });
}

/** An SVG that runs or loads something, or an HTML page with active content; undefined when it is safe to publish. */
export function checkActiveText(shown: string, text: string, kind: 'svg' | 'html'): SiteError | undefined {
  const found = kind === 'svg' ? findActiveSvg(text) : findActiveHtml(text);
  if (!found) return undefined;
  const { line, column, what } = found;
  const place = { file: shown, line, column, frame: createCodeFrame(text, line, Math.min(column, 160)) };
  return kind === 'svg'
    ? createError('UnsafeSvg', { shown, what }, place)
    : createError('UnsafeHtml', { shown, what }, place);
}
