/**
 * Raw HTML in Markdown, parsed as the browser would so that GitHub's safe subset survives the sanitizer, and what the
 * sanitizer will drop is known with its line first: content is never dropped in silence.
 */
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import { raw } from 'hast-util-raw';
import { sanitize, type Schema } from 'hast-util-sanitize';
import type { Html, Nodes, Root } from 'mdast';
import { toHast, type Options as ToHastOptions } from 'mdast-util-to-hast';
import { VFile } from 'vfile';

/** Something the sanitizer leaves out, where it was written (1-based, in the Markdown given). */
export interface Removed {
  line: number;
  column: number;
  /** What was left out, as a phrase: "the <script> element", "a javascript: URL". */
  removed: string;
}

const PREFIX = 'user-content-';
const URL_PROPERTIES: Record<string, 'href' | 'src' | 'cite' | 'longDesc'> = {
  href: 'href',
  src: 'src',
  cite: 'cite',
  longDesc: 'longDesc',
};
const COMMENT = /^\s*<!--[\s\S]*-->\s*$/;

/** The document as HTML with its raw parts parsed, for a tree that holds raw HTML (isRawHtml). */
export function parseRawHtml(
  tree: Root,
  markdown: string,
  headingIds: Set<string>,
  schema: Schema,
  hastOptions: ToHastOptions = {},
): { children: ElementContent[]; removed: Removed[] } {
  const hast = raw(toHast(tree, { ...hastOptions, allowDangerousHtml: true }), {
    file: new VFile(markdown),
  }) as HastRoot;
  const removed: Removed[] = [];
  const elements: Element[] = [];
  const shallow: Schema = { ...schema, ancestors: {} };
  const visit = (node: HastRoot | RootContent) => {
    if (node.type === 'element') {
      elements.push(node);
      removed.push(...findRemoved(node, shallow));
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(hast);
  prefixAuthorIds(elements, headingIds);
  // A fragment parse: no doctype comes out.
  return { children: hast.children as ElementContent[], removed };
}

/** A link, image or definition whose URL the sanitizer drops (javascript:, data:, ...), added to `found`. */
export function checkUrl(node: Nodes, schema: Schema, found: Removed[]): void {
  if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && node.position) {
    const allowed = node.type === 'image' ? schema.protocols?.src : schema.protocols?.href;
    const protocol = protocolOf(node.url);
    if (protocol && !allowed?.includes(protocol))
      found.push({ ...only(node.position.start), removed: `a ${protocol}: URL` });
  }
}

function only(start: { line: number; column: number }) {
  return { line: start.line, column: start.column };
}

/** Whether an html node is raw HTML the sanitizer must see; a comment alone is a note to other editors. */
export function isRawHtml(node: Html): boolean {
  return !COMMENT.test(node.value);
}

/** What sanitizing this one element (its children aside) would drop: the element or some attributes. */
function findRemoved(element: Element, shallow: Schema): Removed[] {
  const start = element.position?.start;
  if (!start) return [];
  const copy: Element = {
    type: 'element',
    tagName: element.tagName,
    properties: { ...element.properties },
    children: [],
  };
  const [kept] = (sanitize({ type: 'root', children: [copy] }, shallow) as HastRoot).children;
  if (kept?.type !== 'element') return [{ ...only(start), removed: `the <${element.tagName}> element` }];
  return Object.keys(copy.properties)
    .filter((key) => !(key in kept.properties))
    .map((key) => {
      const protocol = key in URL_PROPERTIES ? protocolOf(String(copy.properties[key])) : undefined;
      return { ...only(start), removed: protocol ? `a ${protocol}: URL` : `the ${attributeName(key)} attribute` };
    });
}

/**
 * GitHub prefixes ids written in raw HTML with `user-content-` and points `#x` links at them in the browser; here the
 * links are pointed at build time. Heading and footnote ids are ours.
 */
function prefixAuthorIds(elements: Element[], headingIds: Set<string>) {
  const ours = (element: Element, id: string) =>
    id.startsWith(PREFIX) || id === 'footnote-label' || (/^h[1-6]$/.test(element.tagName) && headingIds.has(id));
  const prefixed = new Set<string>();
  for (const element of elements) {
    const id = element.properties.id;
    if (typeof id === 'string' && !ours(element, id)) {
      element.properties.id = PREFIX + id;
      prefixed.add(id);
    }
    const describedBy = element.properties.ariaDescribedBy;
    if (Array.isArray(describedBy)) {
      element.properties.ariaDescribedBy = describedBy.map((value) =>
        ours(element, String(value)) ? value : PREFIX + String(value),
      );
    }
  }
  for (const element of elements) {
    const href = element.properties.href;
    if (
      element.tagName === 'a' &&
      typeof href === 'string' &&
      href.startsWith('#') &&
      prefixed.has(href.slice(1)) &&
      !headingIds.has(href.slice(1))
    ) {
      element.properties.href = `#${PREFIX}${href.slice(1)}`;
    }
  }
}

/** A URL's protocol as the sanitizer sees it: before a colon that comes before any `/`, `?` or `#`. */
function protocolOf(url: string): string | undefined {
  const match = /^([^:/?#]+):/.exec(url.trim());
  return match ? match[1]!.toLowerCase() : undefined;
}

/** The attribute as the author wrote it, from hast's property name (`onMouseOver` -> onmouseover). */
function attributeName(property: string): string {
  const named: Record<string, string> = {
    className: 'class',
    htmlFor: 'for',
    acceptCharset: 'accept-charset',
    httpEquiv: 'http-equiv',
  };
  if (named[property]) return named[property];
  if (/^aria[A-Z]/.test(property)) return `aria-${property.slice(4).toLowerCase()}`;
  if (/^data[A-Z]/.test(property)) return property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return property.toLowerCase();
}
