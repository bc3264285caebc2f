/**
 * What the site adds to a Markdown body's HTML after the sanitizer, so that content can set none of it: `tabindex="0"`
 * on tables and code blocks, which scroll and so must be reachable by keyboard, and an `aria-label` on each task-list
 * checkbox (axe `scrollable-region-focusable` and `label`).
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';

export function addAccessibility(tree: Root): void {
  const visit = (node: Root | RootContent) => {
    if (node.type === 'element') {
      if (node.tagName === 'table' || node.tagName === 'pre') node.properties.tabIndex = 0;
      if (node.tagName === 'li') nameCheckbox(node);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
}

/** A task item: an `<li>` that starts with the checkbox (in a paragraph, if loose), its text up to a nested block. */
function nameCheckbox(item: Element) {
  const first = firstElement(item);
  const holder = first?.tagName === 'p' ? first : item;
  const checkbox = firstElement(holder);
  if (checkbox?.tagName !== 'input' || checkbox.properties.type !== 'checkbox') return;
  const inline = holder === item ? item.children.filter((child) => !isBlock(child)) : holder.children;
  const name = inline.map(textOf).join('').replace(/\s+/g, ' ').trim();
  if (name) checkbox.properties.ariaLabel = name;
}

function firstElement(parent: Element): Element | undefined {
  return parent.children.find((child): child is Element => child.type === 'element');
}

const BLOCKS = new Set(['ul', 'ol', 'p', 'pre', 'blockquote', 'table', 'div', 'details', 'hr']);

function isBlock(node: ElementContent): boolean {
  return node.type === 'element' && BLOCKS.has(node.tagName);
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element')
    return node.tagName === 'img' ? String(node.properties.alt ?? '') : node.children.map(textOf).join('');
  return '';
}
