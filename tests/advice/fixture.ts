/** Small in-memory pages for the advice tests: a Markdown file, and the page the site makes of it. */
import { splitFrontmatter } from '../../src/content/frontmatter.ts';
import { createMarkdown } from '../../src/markdown/processor.ts';
import type { AdvicePage } from '../../src/advice/advise.ts';
import type { SourceText } from '../../src/advice/findings.ts';
import { readMarkdownFacts } from '../../src/advice/markdown.ts';

const markdown = createMarkdown();

export interface FixturePage {
  page: AdvicePage;
  source: SourceText;
}

/**
 * content/pages/<slug>.md with this front matter and body, shown as the page /<slug>: its
 * <title> is "<title> | Site" when `title` is set, and a template h1 names it before the body.
 */
export function markdownPage(
  slug: string,
  fields: { title?: string; description?: string },
  body: string,
): FixturePage {
  const file = `content/pages/${slug}.md`;
  const front = Object.entries(fields).map(([key, value]) => `${key}: ${value}`);
  const text = ['---', ...front, '---', '', body, ''].join('\n');
  const split = splitFrontmatter(file, text);
  const html = markdown(split.body).html;
  const head = [
    fields.title === undefined ? '' : `<title>${escapeHtml(fields.title)} | Northwind Studio</title>`,
    fields.description === undefined ? '' : `<meta name="description" content="${escapeHtml(fields.description)}"/>`,
  ].join('');
  const page = `<!DOCTYPE html><html><head>${head}</head><body><main><h1>${escapeHtml(fields.title ?? slug)}</h1><div class="prose">${html}</div></main></body></html>`;
  return {
    source: { file, text },
    page: {
      path: `/${slug}`,
      indexable: true,
      html: page,
      file,
      markdown: [{ file, lineOffset: split.bodyLineOffset, html, facts: readMarkdownFacts(split.body) }],
    },
  };
}

/** A title and description well inside their ranges, so that only the rule under test speaks. */
export const GOOD_HEAD = {
  title: 'A careful page title for tests',
  description: 'A description long enough to say what this page offers, and short enough to fit a snippet.',
};

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}
