/**
 * renderBodies: the Markdown of content files' bodies, rendered together (worker threads for many). A body's result
 * depends on its text and these options only; raw HTML left out is a warning at the line that wrote it.
 */
import { createCodeFrame, createError, type SiteError, SiteErrors } from '../errors.ts';
import { MarkdownRefused, tooComplexError } from '../markdown/guarded.ts';
import type { RenderedMarkdown } from '../markdown/processor.ts';
import { rewriteContentLinks, rewritesLinks, type UrlPolicy } from '../site/routes.ts';
import type { Parsed } from './parse.ts';

export interface BodyOptions {
  allowHtml: boolean;
  /** Worker threads for Markdown besides this one, at most. */
  threads: number;
  urls: UrlPolicy;
  onWorkers?: (count: number) => void;
}

/** The results in the order of the bodies given. */
export async function renderBodies(bodies: readonly Parsed[], options: BodyOptions): Promise<RenderedMarkdown[]> {
  const { renderMarkdownAll } = await import('../markdown/batch.ts');
  const results = await renderMarkdownAll(
    bodies.map((parsed) => parsed.body),
    options,
  ).catch(nameRefused(bodies));
  return results.map((result) => linkBody(result, options.urls));
}

/** For a rendering's .catch: bodies refused as too complex become a SiteError per file; anything else is thrown on. */
export function nameRefused(bodies: readonly Parsed[]): (thrown: unknown) => never {
  return (thrown) => {
    if (!(thrown instanceof MarkdownRefused)) throw thrown;
    const refused = bodies.flatMap((parsed) => {
      const refusal = thrown.refused.get(parsed.body);
      return refusal ? [tooComplexError(parsed, parsed.body, refusal)] : [];
    });
    throw new SiteErrors(refused);
  };
}

/** A rendered body with its site links through the URL policy (--base, --format). */
export function linkBody(result: RenderedMarkdown, urls: UrlPolicy): RenderedMarkdown {
  // Without reading the HTML when nothing would change: a kept body's is decoded when first read.
  if (!rewritesLinks(urls)) return result;
  const html = rewriteContentLinks(result.html, urls);
  // Its facts named: a body kept by the disk cache has them on its class, not as its own.
  return html === result.html ? result : { ...result, facts: result.facts, html };
}

export function rawHtmlWarnings(parsed: Parsed, result: RenderedMarkdown): SiteError[] {
  return result.rawHtml.map((raw) => {
    const line = raw.line + parsed.bodyLineOffset;
    return createError(
      'RawHtmlRemoved',
      { removed: raw.removed },
      { file: parsed.file, line, column: raw.column, frame: createCodeFrame(parsed.text, line, raw.column) },
    );
  });
}
