/**
 * renderBodies: the Markdown of every content file that shows its text, rendered once per text
 * (the store keeps each result by the hash of its body), with links sent through the URL policy.
 * Raw HTML that was left out is a warning at the line that wrote it.
 */
import type { MarkdownFacts } from '../advice/markdown.ts';
import { hashKey } from '../cache/disk.ts';
import type { Store } from '../cache/store.ts';
import { createCodeFrame, SiteError, SiteErrors } from '../errors.ts';
import { renderedCodec, renderMarkdownAll } from '../markdown/batch.ts';
import { MarkdownRefused, tooComplexError } from '../markdown/guarded.ts';
import type { MarkdownImage } from '../images/find.ts';
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

/** By the index of the file given. */
export interface RenderedBodies {
  /** The HTML of each file's body, as the page shows it. */
  html: string[];
  /** What stands for each file's text and HTML: the key of what is made from them. */
  keys: string[];
  warnings: SiteError[];
  /** The images each file's body shows, where written (undefined: none). */
  images: Array<MarkdownImage[] | undefined>;
  /** What content advice reads from each file's body, with the lines before the body. */
  markdown: Array<{ file: string; lineOffset: number; facts: MarkdownFacts }>;
}

export async function renderBodies(
  store: Store,
  files: ReadonlyArray<ContentFile<unknown>>,
  options: BodyOptions,
): Promise<RenderedBodies> {
  // Each file's key stands for its body and the Markdown options (src/content/file.ts).
  const fileKeys = files.map((file) => file.bodyKey!);
  const bodies = new Map(files.map((file, index) => [fileKeys[index]!, file.parsed!.body]));
  const keys = [...bodies.keys()];
  const made = await store
    .stepAll(
      'markdown',
      keys,
      (missing) =>
        renderMarkdownAll(
          missing.map((index) => bodies.get(keys[index]!)!),
          options,
        ),
      renderedCodec,
    )
    .catch((thrown: unknown) => {
      if (!(thrown instanceof MarkdownRefused)) throw thrown;
      const refused = files.flatMap((file) => {
        const refusal = thrown.refused.get(file.parsed!.body);
        return refusal ? [tooComplexError(file.parsed!, file.parsed!.body, refusal)] : [];
      });
      throw new SiteErrors(refused);
    });
  const rendered = new Map<string, RenderedMarkdown>(keys.map((key, index) => [key, made[index]!]));
  const results = fileKeys.map((key) => rendered.get(key)!);
  return {
    html: results.map((result) => rewriteContentLinks(result.html, options.urls)),
    // The HTML's own hash: --allow-html changes only the pages whose Markdown holds raw HTML.
    keys: files.map(
      (file, index) => `${file.hash} ${store.step('html-hash', fileKeys[index]!, () => hashKey(results[index]!.html))}`,
    ),
    warnings: files.flatMap((file, index) => rawHtmlWarnings(file, results[index]!)),
    images: results.map((result) => result.images),
    markdown: files.map((file, index) => ({
      file: file.parsed!.file,
      lineOffset: file.parsed!.bodyLineOffset,
      facts: results[index]!.facts,
    })),
  };
}

function rawHtmlWarnings(file: ContentFile<unknown>, result: RenderedMarkdown): SiteError[] {
  const parsed = file.parsed!;
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
