/**
 * Finds what would run or load something when an HTML page or SVG from public/ is opened on a host without
 * the site's CSP. Each is read as a browser reads it (parse5 for HTML, so no tag the browser sees can hide;
 * XML and parse5 for SVG): a scan that refuses, not a sanitiser. The rules are in active-rules.ts.
 */
import { Parser } from 'htmlparser2';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { type Dialect, isUtf8, judgeElement, judgeStyle, localName } from './active-rules.ts';

export interface ActiveContent {
  /** What was found, for the message: `a <script> element`, `the event handler onload`, ... */
  what: string;
  /** 1-based line and column of the tag. */
  line: number;
  column: number;
}

type Node = DefaultTreeAdapterMap['node'];

export function findActiveHtml(text: string): ActiveContent | undefined {
  return findInHtmlTree(text, 'html');
}

export function findActiveSvg(text: string): ActiveContent | undefined {
  return findInXml(text) ?? findInHtmlTree(text, 'svg');
}

/** The document as parse5 builds it, walked in document order without recursion (nesting is unbounded). */
function findInHtmlTree(text: string, dialect: Dialect): ActiveContent | undefined {
  const stack: Node[] = [parse(text, { sourceCodeLocationInfo: true })];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if ('tagName' in node) {
      const attributes = node.attrs.map((attribute) => ({
        name: attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name,
        value: attribute.value,
      }));
      const what =
        judgeElement(node.tagName, attributes, dialect) ??
        (dialect === 'svg' && localName(node.tagName) === 'style' ? judgeStyle(textOf(node)) : undefined);
      const location = node.sourceCodeLocation;
      if (what) return { what, line: location?.startLine ?? 1, column: location?.startCol ?? 1 };
      // A template's content is inert until a script uses it, but a declarative shadow root is not.
      if (node.nodeName === 'template') stack.push((node as DefaultTreeAdapterMap['template']).content);
    }
    if ('childNodes' in node)
      for (let index = node.childNodes.length - 1; index >= 0; index--) stack.push(node.childNodes[index]!);
  }
  return undefined;
}

function textOf(node: DefaultTreeAdapterMap['element']): string {
  return node.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
}

/** An SVG as an XML parser reads it: no element is raw text, comments end only at `-->`. */
function findInXml(text: string): ActiveContent | undefined {
  let found: { what: string; index: number } | undefined;
  let styleDepth = 0;
  let style = '';
  const refuse = (what: string | undefined) => {
    if (what && !found) found = { what, index: parser.startIndex };
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        refuse(
          judgeElement(
            name,
            Object.entries(attributes).map(([key, value]) => ({ name: key, value })),
            'svg',
          ),
        );
        if (localName(name) === 'style') styleDepth++;
      },
      ontext(data) {
        if (styleDepth > 0) style += data;
      },
      onclosetag(name) {
        if (localName(name) !== 'style' || styleDepth === 0) return;
        styleDepth--;
        if (styleDepth === 0) refuse(judgeStyle(style));
        style = '';
      },
      onprocessinginstruction(name, data) {
        const lower = name.toLowerCase();
        // Entities declared in a DOCTYPE are expanded by the browser's parser into markup we would not see.
        if (lower === '!doctype' && /[[<]/.test(data)) refuse('an internal DOCTYPE subset (<!ENTITY> declarations)');
        if (lower === '?xml-stylesheet') refuse('an external stylesheet (<?xml-stylesheet?>)');
        const encoding = /encoding\s*=\s*["']([^"']*)/i.exec(data)?.[1];
        if (lower === '?xml' && encoding !== undefined && !isUtf8(encoding)) {
          refuse(`a character encoding other than UTF-8 (${encoding})`);
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(text);
  return found && at(text, found.index, found.what);
}

function at(text: string, index: number, what: string): ActiveContent {
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  return { what, line, column: index - before.lastIndexOf('\n') };
}
