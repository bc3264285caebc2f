/**
 * Issue 13: a page with every GitHub-flavoured construct renders as GitHub renders it. The
 * expected HTML was made with GitHub's parser (cmark-gfm) and a model of GitHub's sanitizer and
 * filters: tests/markdown/fixtures/make-gfm-expected.mjs, described in tests/markdown/README.md.
 */
import { readFileSync } from 'node:fs';
import type { Element, Root, RootContent } from 'hast';
import { raw } from 'hast-util-raw';
import { describe, expect, it } from 'vitest';
import { createMarkdown } from '../../src/markdown/processor.ts';

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');

/** Every element in document order: its name, its attributes (sorted) and its own text. */
function elements(html: string): string[] {
  const tree = raw({ type: 'root', children: [{ type: 'raw', value: html }] }) as Root;
  const found: string[] = [];
  const visit = (node: Root | RootContent) => {
    if (node.type === 'element') found.push(describeElement(node));
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return found;
}

function describeElement(element: Element): string {
  const attributes = Object.entries(element.properties)
    .map(
      ([key, value]) =>
        `${key}=${JSON.stringify(Array.isArray(value) ? value.join(' ') : value === true ? '' : value)}`,
    )
    .sort();
  const text = element.children
    .map((child) => (child.type === 'text' ? child.value : '…'))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return `<${[element.tagName, ...attributes].join(' ')}> ${text}`;
}

describe('GitHub-flavoured Markdown against GitHub', () => {
  const { html, rawHtml } = createMarkdown()(fixture('gfm-page.md'));

  it('gives every element of the page as GitHub does, element by element', () => {
    const expected = elements(fixture('gfm-page.expected.html'));
    expect(expected.length).toBeGreaterThan(40);
    expect(elements(html)).toEqual(expected);
  });

  it('says what it removed, at its line', () => {
    expect(rawHtml).toEqual([
      { line: 38, column: 1, removed: 'the <script> element' },
      { line: 40, column: 1, removed: 'the <style> element' },
      { line: 42, column: 1, removed: 'the <iframe> element' },
      { line: 44, column: 1, removed: 'the onclick attribute, a javascript: URL, a data: URL' },
    ]);
  });

  it('leaves no link to an id the page does not have', () => {
    const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
    const targets = [...html.matchAll(/\shref="#([^"]+)"/g)].map((match) => match[1]);
    expect(targets.length).toBe(3);
    expect(targets.filter((target) => !ids.has(target))).toEqual([]);
  });
});
