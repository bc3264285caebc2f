/** One Markdown processor, created once: string in, HTML out. No file system here. */
import { remark } from 'remark';
import remarkHtml from 'remark-html';

export type RenderMarkdown = (markdown: string) => string;

export interface MarkdownOptions {
  /** Keep raw HTML written in Markdown. Off by default: raw HTML is sanitized away. */
  allowHtml?: boolean;
}

export function createMarkdown(options: MarkdownOptions = {}): RenderMarkdown {
  const processor = remark().use(remarkHtml, { sanitize: !options.allowHtml }).freeze();
  return (markdown) => String(processor.processSync(markdown));
}
