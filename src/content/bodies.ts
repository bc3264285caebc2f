/**
 * renderBodies: the Markdown of content files' bodies, rendered together (worker threads for many),
 * with links sent through the URL policy. A body's result depends on its text and these options
 * only. Raw HTML that was left out is a warning at the line of the file that wrote it.
 */
import { createCodeFrame, SiteError } from '../errors.ts';
import { renderMarkdownAll } from '../markdown/batch.ts';
import type { RenderedMarkdown } from '../markdown/processor.ts';
import { rewriteContentLinks, type UrlPolicy } from '../site/routes.ts';
import type { Parsed } from './parse.ts';

export interface BodyOptions {
  allowHtml: boolean;
  /** Worker threads for Markdown besides this one, at most. */
  threads: number;
  urls: UrlPolicy;
  onWorkers?: (count: number) => void;
}

/** The results in the order of the bodies given. */
export async function renderBodies(bodies: readonly string[], options: BodyOptions): Promise<RenderedMarkdown[]> {
  const results = await renderMarkdownAll(bodies, options);
  return results.map((result) => linkBody(result, options.urls));
}

/** A rendered body with its site links through the URL policy (--base, --format). */
export function linkBody(result: RenderedMarkdown, urls: UrlPolicy): RenderedMarkdown {
  const html = rewriteContentLinks(result.html, urls);
  return html === result.html ? result : { ...result, html };
}

export function rawHtmlWarnings(parsed: Parsed, result: RenderedMarkdown): SiteError[] {
  return result.rawHtml.map((raw) => {
    const line = raw.line + parsed.bodyLineOffset;
    return new SiteError({
      code: 'RawHtmlRemoved',
      message: `This Markdown has ${raw.removed}, left out of the page: HTML and links from content could run scripts or break the layout.`,
      file: parsed.file,
      line,
      column: raw.column,
      frame: createCodeFrame(parsed.text, line, raw.column),
      hint: 'Write it in Markdown or in the HTML GitHub keeps (sup, sub, kbd, details, ...), link with http(s) or mailto, or build with --allow-html if every content author is trusted.',
    });
  });
}
