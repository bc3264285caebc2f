/**
 * The last good build as the dev server serves it: from memory, nothing written to disk. Pages
 * get the dev client's script tag; every other file is served exactly as the build made it, and
 * files copied from public/ are read from there, never from anywhere a symlink leads.
 */
import type { OutputFile } from '../output/plan.ts';
import { HOST_FILES, readFileInside, type FindFile } from './static.ts';

export interface MemoryOptions {
  /** Where files with a `source` must really live. */
  publicDir: string;
  /** Adds the dev client to a page; called once per page and build. */
  injectHtml(html: string, relative: string): string;
}

export function createMemoryFiles(output: OutputFile[], options: MemoryOptions): FindFile {
  const index = new Map(output.map((file, at) => [file.path, at]));
  /** Pages with the client tag, made on their first request. */
  const pages = new Map<string, Uint8Array>();
  const bodyOf = (relative: string, contents: Uint8Array | string): Uint8Array => {
    if (!relative.endsWith('.html')) return typeof contents === 'string' ? Buffer.from(contents) : contents;
    let page = pages.get(relative);
    if (!page) {
      page = Buffer.from(
        options.injectHtml(typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8'), relative),
      );
      pages.set(relative, page);
    }
    return page;
  };
  return async (relative) => {
    // The files a host reads for itself (`_headers`, `_redirects`) are not served, as preview does not.
    if (HOST_FILES.has(relative)) return undefined;
    const at = index.get(relative);
    if (at === undefined) return undefined;
    const file = output[at]!;
    if (file.source === undefined) {
      const body = bodyOf(relative, file.contents ?? '');
      return { path: relative, size: body.byteLength, body: () => body };
    }
    return readFileInside(options.publicDir, file.source, relative);
  };
}

/**
 * The page's Content-Security-Policy (its meta tag) with one more script allowed by its hash: the
 * dev client's, which the build's policy does not name. Pages without a policy are left alone.
 */
export function allowScriptInPolicy(html: string, integrity: string): string {
  const meta = html.indexOf('<meta http-equiv="Content-Security-Policy"');
  if (meta === -1) return html;
  const directive = html.indexOf('script-src ', meta);
  if (directive === -1 || directive > html.indexOf('>', meta)) return html;
  const at = directive + 'script-src '.length;
  return `${html.slice(0, at)}&#x27;${integrity}&#x27; ${html.slice(at)}`;
}

/** The script tag goes last in the body, where it cannot change how the page above it parses. */
export function injectScript(html: string, tag: string): string {
  const end = html.lastIndexOf('</body>');
  return end === -1 ? `${html}${tag}` : `${html.slice(0, end)}${tag}${html.slice(end)}`;
}
