/**
 * Markdown for the preview pane, rendered in the browser with the same parser family the build
 * uses (remark with GitHub's dialect) and remark-html's sanitizer: close to the build's HTML,
 * never unsafe. The build stays the judge of what ships.
 */
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkHtml from 'remark-html';

const processor = remark().use(remarkGfm).use(remarkHtml, { sanitize: true });

export function renderMarkdown(markdown: unknown): string {
  if (typeof markdown !== 'string' || markdown.trim() === '') return '';
  return String(processor.processSync(markdown));
}
