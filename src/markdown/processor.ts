/** One Markdown processor, created once: string in, HTML out. No file system here. */
import { remark } from 'remark';
import remarkHtml from 'remark-html';

export interface RenderedMarkdown {
  html: string;
  /** Where raw HTML was written (1-based, in the Markdown given); sanitized away unless allowed. */
  rawHtml: Array<{ line: number; column: number }>;
}

export type RenderMarkdown = (markdown: string) => RenderedMarkdown;

export interface MarkdownOptions {
  /** Keep raw HTML written in Markdown. Off by default: raw HTML is sanitized away. */
  allowHtml?: boolean;
}

/** The few fields of an mdast node this module reads. */
interface MarkdownNode {
  type: string;
  value?: string;
  position?: { start: { line: number; column: number } };
  children?: MarkdownNode[];
}

export function createMarkdown(options: MarkdownOptions = {}): RenderMarkdown {
  const processor = remark().use(remarkHtml, { sanitize: !options.allowHtml }).freeze();
  return (markdown) => {
    const tree = processor.parse(markdown);
    const html = String(processor.stringify(processor.runSync(tree) as typeof tree));
    return { html, rawHtml: options.allowHtml ? [] : findRawHtml(tree) };
  };
}

/** HTML elements written in the Markdown; comments are notes to other editors and are not reported. */
function findRawHtml(node: MarkdownNode, found: RenderedMarkdown['rawHtml'] = []): RenderedMarkdown['rawHtml'] {
  const start = node.position?.start;
  // One report per line: an inline element's opening and closing tags are two nodes.
  if (node.type === 'html' && start && found.at(-1)?.line !== start.line && !/^\s*<!--[\s\S]*-->\s*$/.test(node.value ?? '')) {
    found.push({ line: start.line, column: start.column });
  }
  for (const child of node.children ?? []) findRawHtml(child, found);
  return found;
}
