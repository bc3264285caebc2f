/**
 * listPublicFiles: the files of public/ the build copies as they are, after three checks, because
 * public/ comes from pull requests like content/ does: a symbolic link must not lead out of the
 * folder, an SVG must not run or load anything, and an HTML page must not hold scripts unless
 * the site's build says so (--allow-scripts). Problems are reported together.
 */
import type { Dirent } from 'node:fs';
import { readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config.ts';
import { createCodeFrame, SiteError, SiteErrors } from '../errors.ts';
import type { OutputFile } from '../output/plan.ts';
import { resolveInside } from '../project-paths.ts';
import { findActiveHtml, findActiveSvg } from './active-content.ts';

export async function listPublicFiles(
  config: Pick<ResolvedConfig, 'publicDir' | 'allowPublicScripts'>,
): Promise<OutputFile[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(config.publicDir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const files: OutputFile[] = [];
  const problems: SiteError[] = [];
  for (const entry of entries) {
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const relative = path.relative(config.publicDir, source).split(path.sep).join('/');
    if (relative.split('/').some((part) => part.startsWith('.'))) continue;
    const shown = `public/${relative}`;
    try {
      const real = resolveInside(config.publicDir, source, shown);
      const info = statSync(real, { throwIfNoEntry: false });
      // Links to folders are not followed (as readdir does not), nor are dangling links.
      if (!info?.isFile()) continue;
      const problem = checkPublicFile(shown, real, config.allowPublicScripts);
      if (problem) problems.push(problem);
      else files.push({ path: relative, source, size: info.size });
    } catch (thrown) {
      if (!(thrown instanceof SiteError)) throw thrown;
      problems.push(thrown);
    }
  }
  if (problems.length > 0) throw new SiteErrors(problems);
  return files;
}

/** An SVG that runs or loads something, or an HTML page with scripts; undefined when it is safe to publish. */
export function checkPublicFile(shown: string, file: string, allowScripts: boolean): SiteError | undefined {
  const extension = path.extname(file).toLowerCase();
  const isSvg = extension === '.svg' || extension === '.svgz';
  const isHtml = extension === '.html' || extension === '.htm' || extension === '.xhtml';
  if (!isSvg && !(isHtml && !allowScripts)) return undefined;
  return checkActiveText(shown, readFileSync(file, 'utf8'), isSvg ? 'svg' : 'html');
}

/** The same check on text already read (images named in content). */
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
        : 'Remove the script; if the site really needs scripted pages in public/, build with --allow-scripts (README: Security).',
  });
}
