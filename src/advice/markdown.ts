/**
 * What content advice needs from a Markdown body's syntax tree (mdast), with 1-based lines and columns:
 * headings, links, images, and email addresses or phone numbers written as plain text. Plain data
 * (JSON-safe), so the Markdown step can collect it beside the HTML and a cache can keep it.
 */
import type { Nodes, Root } from 'mdast';
import { remark } from 'remark';
import { threshold } from './rules.ts';

export interface Located {
  line: number;
  column: number;
}

export interface MarkdownFacts {
  headings: Array<Located & { depth: number; text: string }>;
  links: Array<Located & { href: string; text: string }>;
  images: Array<Located & { src: string; alt: string }>;
  contacts: Array<Located & { kind: 'email' | 'phone'; value: string }>;
}

const EMAIL = /[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** Digits grouped by spaces, dots, dashes or brackets, optionally after "+". Checked further by isPhone. */
const PHONE = /(?:\+|\(\d)?\d[\d ().-]{5,}\d/g;

export function collectMarkdownFacts(tree: Root): MarkdownFacts {
  const facts: MarkdownFacts = { headings: [], links: [], images: [], contacts: [] };
  const visit = (node: Nodes, inLink: boolean) => {
    const start = node.position?.start ?? { line: 1, column: 1 };
    const at = { line: start.line, column: start.column };
    switch (node.type) {
      case 'heading':
        facts.headings.push({ ...at, depth: node.depth, text: textOf(node) });
        break;
      case 'link':
        facts.links.push({ ...at, href: node.url, text: textOf(node) });
        break;
      case 'image':
        facts.images.push({ ...at, src: node.url, alt: node.alt ?? '' });
        break;
      case 'text':
        if (!inLink) findContacts(node.value, start, facts.contacts);
        return;
      case 'inlineCode':
      case 'code':
        return;
    }
    if ('children' in node)
      for (const child of node.children)
        visit(child as Nodes, inLink || node.type === 'link' || node.type === 'linkReference');
  };
  visit(tree, false);
  return facts;
}

const parser = remark().freeze();

/** Parses a body on its own: for tests, and for a pipeline whose Markdown step does not collect facts. */
export function readMarkdownFacts(
  body: string,
  parse: (body: string) => Root = (text) => parser.parse(text),
): MarkdownFacts {
  return collectMarkdownFacts(parse(body));
}

/** The text a reader sees in a node: its text, inline code and image alt texts. */
function textOf(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if (node.type === 'image') return node.alt ?? '';
  if (!('children' in node)) return '';
  let text = '';
  for (const child of node.children) text += textOf(child as Nodes);
  return text.replace(/\s+/g, ' ').trim();
}

/** Emails and phone numbers in a text node that starts at `start`; positions follow its newlines. */
function findContacts(text: string, start: { line: number; column: number }, found: MarkdownFacts['contacts']): void {
  const hasAt = text.includes('@');
  if (!hasAt && !/\d[\d ().-]{5,}\d/.test(text)) return;
  const where = (offset: number) => {
    const before = text.slice(0, offset);
    const newline = before.lastIndexOf('\n');
    const lines = before.split('\n').length - 1;
    return { line: start.line + lines, column: newline === -1 ? start.column + offset : offset - newline };
  };
  if (hasAt)
    for (const match of text.matchAll(EMAIL)) found.push({ ...where(match.index), kind: 'email', value: match[0] });
  for (const match of text.matchAll(PHONE)) {
    const value = match[0].trim();
    if (isPhone(value)) found.push({ ...where(match.index), kind: 'phone', value });
  }
}

/**
 * Whether digits grouped like this are a phone number rather than a figure: 7 to 15 digits (E.164) with a
 * "+", a trunk "0", a bracketed area code or 3-3-4 grouping; never a date or a range of years.
 */
export function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  if (digits < threshold('plain-phone', 'digits') || digits > 15) return false;
  // A hyphen or an en dash (escaped: the CLI's bundle stays ASCII, src/bundle.js) between years.
  if (/^\d{4}[-./]\d{1,2}[-./]\d{1,2}$/.test(value) || /^\d{4} ?[-\u2013] ?\d{4}$/.test(value)) return false;
  if (/^[\d.]+$/.test(value)) return false;
  return /^\+\d/.test(value) || /^\(\d/.test(value) || /^0\d/.test(value) || /^\d{3}[ .-]\d{3}[ .-]\d{4}$/.test(value);
}
