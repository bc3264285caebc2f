/**
 * renderBodies: the Markdown of every content file that shows its text, rendered once per text
 * (the store keeps each result by the hash of its body), with links sent through the URL policy.
 * Raw HTML that was left out is a warning at the line that wrote it.
 */
import { hashKey } from '../cache/disk.ts';
import type { Store } from '../cache/store.ts';
import { createCodeFrame, SiteError } from '../errors.ts';
import { renderedCodec, renderMarkdownAll } from '../markdown/batch.ts';
import type { RenderedMarkdown } from '../markdown/processor.ts';
import { rewriteContentLinks, type UrlPolicy } from '../site/routes.ts';
import type { ContentFile } from './file.ts';

export interface BodyOptions {
  allowHtml: boolean;
  /** Worker threads for Markdown besides this one, at most. */
  threads: number;
  urls: UrlPolicy;
  onWorkers?: (count: number) => void;
}

export interface RenderedBodies {
  /** The HTML of a file's body, as the page shows it. */
  htmlOf(file: ContentFile<unknown>): string;
  /** Stands for the file's text and its HTML: the key of what is made from them. */
  keyOf(file: ContentFile<unknown>): string;
  warnings: SiteError[];
}

export async function renderBodies(store: Store, files: ReadonlyArray<ContentFile<unknown>>, options: BodyOptions): Promise<RenderedBodies> {
  const resultOf = (file: ContentFile<unknown>) => `${options.allowHtml ? 'raw' : 'safe'}\0${file.bodyHash}`;
  const bodies = new Map(files.map((file) => [resultOf(file), file.parsed!.body]));
  const keys = [...bodies.keys()];
  const results = await store.stepAll(
    'markdown',
    keys,
    (missing) => renderMarkdownAll(missing.map((index) => bodies.get(keys[index]!)!), options),
    renderedCodec,
  );
  const rendered = new Map<string, RenderedMarkdown>(keys.map((key, index) => [key, results[index]!]));
  const warnings = files.flatMap((file) => rawHtmlWarnings(file, rendered.get(resultOf(file))!));
  // The HTML's own hash: --allow-html changes only the pages whose Markdown holds raw HTML.
  const htmlKey = (key: string) => store.step('html-hash', key, () => hashKey(rendered.get(key)!.html));
  return {
    htmlOf: (file) => rewriteContentLinks(rendered.get(resultOf(file))!.html, options.urls),
    keyOf: (file) => `${file.hash} ${htmlKey(resultOf(file))}`,
    warnings,
  };
}

function rawHtmlWarnings(file: ContentFile<unknown>, result: RenderedMarkdown): SiteError[] {
  const parsed = file.parsed!;
  return result.rawHtml.map((raw) => {
    const line = raw.line + parsed.bodyLineOffset;
    return new SiteError({
      code: 'RawHtmlRemoved',
      message: 'Raw HTML in this Markdown was left out of the page: HTML from content could run scripts or break the layout.',
      file: parsed.file,
      line,
      column: raw.column,
      frame: createCodeFrame(parsed.text, line, raw.column),
      hint: 'Write it in Markdown instead, or build with --allow-html if every content author is trusted.',
    });
  });
}
