/**
 * A cheap guard run before remark sees a body: Markdown nested thousands of levels deep overflows the stack of the
 * Markdown-to-HTML tree walkers, and takes seconds to parse before that. One pass over the line prefixes finds it.
 */

/** Deeper than any real document nests; far below where the tree walkers overflow. */
export const MAX_MARKDOWN_DEPTH = 100;

export interface TooDeep {
  /** 0-based line of the body where the nesting passes the limit. */
  line: number;
  /** 0-based column of the marker that passes it. */
  column: number;
}

/**
 * Where the blockquote and list nesting of `body` first passes `limit`, or undefined. The count is an overestimate,
 * never an underestimate, so that nothing too deep reaches remark.
 */
export function findTooDeep(body: string, limit = MAX_MARKDOWN_DEPTH): TooDeep | undefined {
  let line = 0;
  for (let start = 0; start <= body.length; line++) {
    let end = body.indexOf('\n', start);
    if (end === -1) end = body.length;
    const column = deepestColumn(body, start, end, limit);
    if (column !== -1) return { line, column: column - start };
    start = end + 1;
  }
  return undefined;
}

/** The position in [start, end) where the depth passes `limit`, or -1. */
function deepestColumn(text: string, start: number, end: number, limit: number): number {
  let depth = 0;
  let indent = 0;
  let at = start;
  while (at < end) {
    const char = text.charCodeAt(at);
    if (char === 0x20 || char === 0x09) {
      indent += char === 0x09 ? 4 : 1;
      at++;
      continue;
    }
    const marker = markerLength(text, at, end);
    if (marker === 0) return -1;
    depth += 1 + Math.floor(indent / 2);
    if (depth > limit) return at;
    indent = 0;
    at += marker;
  }
  return -1;
}

/** Length of a blockquote `>` or list marker (`-`, `+`, `*`, `1.`, `1)`) at `at`, followed by a space or the line end; 0 if none. */
function markerLength(text: string, at: number, end: number): number {
  const char = text[at];
  if (char === '>') return 1;
  let length = 0;
  if (char === '-' || char === '+' || char === '*') length = 1;
  else {
    while (length < 9 && at + length < end && /[0-9]/.test(text[at + length]!)) length++;
    if (length === 0 || (text[at + length] !== '.' && text[at + length] !== ')')) return 0;
    length++;
  }
  const next = at + length;
  return next >= end || text[next] === ' ' || text[next] === '\t' || text[next] === '\r' ? length : 0;
}

/** Raw HTML nesting: room for tags in code (`vector<int>`), which count too, yet far below the parser's overflow. */
export const MAX_HTML_DEPTH = 400;

/** Elements that hold nothing, so never nest: their tags open no level. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/**
 * Where raw HTML elements in `body` first nest deeper than `limit`, which would overflow the HTML parser's stack, or
 * undefined. Tags count wherever they stand, code included: an overestimate, never an underestimate.
 */
export function findTooDeepHtml(body: string, limit = MAX_HTML_DEPTH): TooDeep | undefined {
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/g;
  let depth = 0;
  for (let match = tag.exec(body); match; match = tag.exec(body)) {
    if (match[1]) depth = Math.max(0, depth - 1);
    else if (!VOID_ELEMENTS.has(match[2]!.toLowerCase()) && ++depth > limit) {
      const lineStart = body.lastIndexOf('\n', match.index) + 1;
      let line = 0;
      for (let at = body.indexOf('\n'); at !== -1 && at < match.index; at = body.indexOf('\n', at + 1)) line++;
      return { line, column: match.index - lineStart };
    }
  }
  return undefined;
}
