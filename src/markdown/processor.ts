/**
 * One Markdown processor, created once: string in, HTML out, as GitHub renders it. Heading ids carry no prefix, so
 * that `#payment` works as a plain link without JavaScript; footnote ids and ids written in raw HTML carry
 * `user-content-` as on GitHub, so that content cannot take the template's ids.
 */
import GithubSlugger, { slug } from 'github-slugger';
import { defaultSchema, sanitize as sanitizeHast, type Schema } from 'hast-util-sanitize';
import type { Root as HastRoot } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { Heading, Nodes, Root } from 'mdast';
import { defaultHandlers, toHast, type Options as ToHastOptions } from 'mdast-util-to-hast';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Processor } from 'unified';
import { findMarkdownImages, type MarkdownImage } from '../images/find.ts';
import { collectMarkdownFacts, type MarkdownFacts } from '../advice/markdown.ts';
import { LAYOUT_IDS } from '../content/section-ids.ts';
import { addAccessibility } from './accessible.ts';
import { checkUrl, isRawHtml, parseRawHtml, type Removed } from './raw-html.ts';

export interface RenderedMarkdown {
  html: string;
  /**
   * What the sanitizer left out (1-based, in the Markdown given), one report per line; comments are not reported.
   * Empty when raw HTML is allowed.
   */
  rawHtml: Removed[];
  /** The images the body shows, where written (src/images/find.ts); absent when none. */
  images?: MarkdownImage[];
  /** What content advice reads from the syntax tree (headings, links, images, ...), so no body is parsed twice. */
  facts: MarkdownFacts;
}

export type RenderMarkdown = (markdown: string) => RenderedMarkdown;

export interface MarkdownOptions {
  /** Keep raw HTML written in Markdown. Off by default: only GitHub's safe subset is kept. */
  allowHtml?: boolean;
}

/**
 * GitHub's sanitizer schema with the elements GitHub's own allowlist adds, `style` dropped with its text, and ids left
 * unprefixed here: the prefix goes by origin (raw HTML's get it in raw-html.ts).
 */
export const SANITIZE_SCHEMA: Schema = {
  ...defaultSchema,
  tagNames: [
    ...defaultSchema.tagNames!,
    'abbr',
    'bdo',
    'caption',
    'cite',
    'dfn',
    'figcaption',
    'figure',
    'mark',
    'small',
    'time',
    'wbr',
  ],
  clobber: defaultSchema.clobber!.filter((name) => name !== 'id' && name !== 'ariaDescribedBy'),
  strip: [...defaultSchema.strip!, 'style'],
};

export function createMarkdown(options: MarkdownOptions = {}): RenderMarkdown {
  const sanitize = !options.allowHtml;
  const processor = remark().use(remarkGfm).freeze();
  const withoutLiterals = remark().use(gfmWithoutLiteralAutolinks).freeze();
  const newSlugger = layoutSlugger();
  return (markdown) => {
    const tree = parseGfm(markdown, withoutLiterals, processor);
    const read = readTree(tree, newSlugger(), sanitize);
    const hastOptions = withHeadingIds(read.headingIds);
    const images = findMarkdownImages(tree);
    // Before the raw HTML step, which may move the tree's children out of mdast.
    const facts = collectMarkdownFacts(tree);
    const removed: Removed[] = [];
    if (sanitize) {
      const ids = new Set(read.headingIds.values());
      const html = read.rawHtml ? parseRawHtml(tree, markdown, ids, SANITIZE_SCHEMA, hastOptions) : undefined;
      if (html) {
        // The tree's HTML, raw parts parsed, replaces its children for the sanitizer.
        tree.data = { ...tree.data, hChildren: html.children };
        tree.children = [];
        removed.push(...html.removed);
      } else {
        removed.push(...read.unsafeUrls);
      }
    }
    const html = renderHtml(tree, sanitize, hastOptions);
    return { html, rawHtml: onePerLine(removed), facts, ...(images.length > 0 && { images }) };
  };
}

/** remark-html's steps, with the site's additions (accessible.ts) after the sanitizer, where content cannot reach. */
function renderHtml(tree: Root, sanitize: boolean, hastOptions: ToHastOptions): string {
  const hast = toHast(tree, { ...hastOptions, allowDangerousHtml: !sanitize }) as HastRoot;
  const safe = sanitize ? (sanitizeHast(hast, SANITIZE_SCHEMA) as HastRoot) : hast;
  addAccessibility(safe);
  const html = toHtml(safe, { allowDangerousHtml: !sanitize });
  return html && !/[\r\n]$/.test(html) ? `${html}\n` : html;
}

/** Headings get their ids as HTML's tree is made: as `hProperties`, each would be structured-cloned for every page. */
function withHeadingIds(ids: ReadonlyMap<Heading, string>): ToHastOptions {
  return {
    handlers: {
      heading(state, node: Heading) {
        const element = defaultHandlers.heading(state, node);
        const id = ids.get(node);
        if (id !== undefined) element.properties.id = id;
        return element;
      },
    },
  };
}

/**
 * GFM's literal autolinks cost as much parse time as all of CommonMark and most pages have none, so a page is parsed
 * again with them only when some text could hold one.
 */
function parseGfm(
  markdown: string,
  withoutLiterals: { parse(text: string): Root },
  full: { parse(text: string): Root },
): Root {
  const tree = withoutLiterals.parse(markdown);
  return LITERAL_START.test(markdown) && someText(tree, (text) => LITERAL_START.test(text))
    ? full.parse(markdown)
    : tree;
}

const LITERAL_START = /www\.|https?:\/\/|@/i;

function someText(node: Nodes, test: (text: string) => boolean): boolean {
  if (node.type === 'text') return test(node.value);
  return 'children' in node && node.children.some((child) => someText(child, test));
}

/** remark-gfm without the literal autolinks: tables, strikethrough, task lists and footnotes. */
function gfmWithoutLiteralAutolinks(this: Processor) {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push(
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmTableFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
  );
}

/**
 * Ids the site's layout gives its own elements (src/content/section-ids.ts): a heading "Contact" gets `contact-1`, as
 * a second heading of that text would, instead of a second element with the layout's id.
 */
export { LAYOUT_IDS };

/** What the rendering needs from the tree, read in one walk. */
interface TreeRead {
  /** GitHub's heading ids: each heading's text through github-slugger, unique within the page. */
  headingIds: Map<Heading, string>;
  /** Whether raw HTML other than comments is written. */
  rawHtml: boolean;
  /** Links and images with a URL the sanitizer drops; read only when sanitizing. */
  unsafeUrls: Removed[];
}

function readTree(tree: Root, slugger: (text: string) => string, sanitize: boolean): TreeRead {
  const read: TreeRead = { headingIds: new Map(), rawHtml: false, unsafeUrls: [] };
  const visit = (node: Nodes) => {
    if (node.type === 'heading') read.headingIds.set(node, slugger(textOf(node)));
    else if (node.type === 'html') read.rawHtml ||= isRawHtml(node);
    else if (sanitize) checkUrl(node, SANITIZE_SCHEMA, read.unsafeUrls);
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return read;
}

/**
 * github-slugger's ids, started with the layout's ids taken, for one page each. Text of ASCII letters, digits, spaces,
 * `-` and `_` loses none of them to its slug, so it only has its spaces made dashes.
 */
function layoutSlugger(): () => (text: string) => string {
  const layout = new GithubSlugger();
  for (const id of LAYOUT_IDS) layout.slug(id);
  const taken = Object.entries(layout.occurrences);
  return () => {
    const occurrences = new Map(taken);
    return (text) => {
      const lower = text.toLowerCase();
      const first = PLAIN_SLUG.test(lower) ? lower.replaceAll(' ', '-') : slug(lower);
      let id = first;
      for (let count = occurrences.get(first); count !== undefined; count = occurrences.get(id)) {
        occurrences.set(first, occurrences.get(first)! + 1);
        id = `${first}-${occurrences.get(first)}`;
      }
      occurrences.set(id, 0);
      return id;
    };
  };
}

const PLAIN_SLUG = /^[a-z0-9 _-]*$/;

/** The text a reader sees in a heading: raw HTML tags are not text. */
function textOf(node: Nodes | Heading): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if (node.type === 'image') return node.alt ?? '';
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

/** One report per line (an inline element's opening and closing tags are two nodes), naming all it lost. */
function onePerLine(removed: Removed[]): Removed[] {
  const lines = new Map<number, Removed>();
  for (const entry of [...removed].sort((a, b) => a.line - b.line || a.column - b.column)) {
    const first = lines.get(entry.line);
    if (!first) lines.set(entry.line, { ...entry });
    else if (!first.removed.split(', ').includes(entry.removed)) first.removed += `, ${entry.removed}`;
  }
  return [...lines.values()];
}
