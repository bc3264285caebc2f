/**
 * Finds what would run or load something when an SVG or HTML file from public/ is opened
 * directly, on a host without the site's Content-Security-Policy: scripts, event handlers,
 * javascript: URLs and, in SVG, any reference to another file. A scan that refuses, not a
 * sanitiser that rewrites: files are published byte for byte or not at all, and a false alarm
 * costs an edit while a miss costs a script on the site's own address.
 */

export interface ActiveContent {
  /** What was found, for the message: `a <script> element`, `the event handler onload`, ... */
  what: string;
  /** 1-based line and column of the tag. */
  line: number;
  column: number;
}

/** Elements that run code or embed another document, by local name (svg:script is script). */
const SVG_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);
const HTML_ELEMENTS = new Set(['script', 'iframe', 'embed', 'object', 'applet', 'base', 'frame', 'frameset', 'portal']);
/** Attributes holding a URL. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'data',
  'poster',
  'background',
  'srcset',
  'xlink:href',
  'ping',
]);
/** Opening tags with their attributes; quoted values may hold `>`. */
const TAG = /<([A-Za-z][\w:.-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export function findActiveSvg(text: string): ActiveContent | undefined {
  for (const [pattern, what] of SVG_PATTERNS) {
    const index = text.search(pattern);
    if (index !== -1) return at(text, index, what);
  }
  return scanTags(text, (name, attributes) => {
    if (SVG_ELEMENTS.has(name)) return `a <${name}> element`;
    if (
      (name === 'set' || name.startsWith('animate')) &&
      /^(on|href$|xlink:href$)/i.test(attributes.get('attributename') ?? '')
    ) {
      return `an <${name}> that changes ${attributes.get('attributename')}`;
    }
    for (const [attribute, value] of attributes) {
      if (attribute.startsWith('on')) return `the event handler ${attribute}`;
      // Inside an SVG a reference points at one of its own elements (#id) or is inline image data.
      if (URL_ATTRIBUTES.has(attribute) && !/^(#|data:image\/(png|jpeg|gif|webp);)/i.test(normalizeUrl(value))) {
        return `a reference to another file (${attribute}="${value.slice(0, 60)}")`;
      }
      if (/url\s*\(\s*['"]?(?!#|data:image\/)/i.test(decodeEntities(value)))
        return `a reference to another file in ${attribute}`;
    }
    return undefined;
  });
}

/** Found anywhere in an SVG, in an element, an attribute or a style sheet. */
const SVG_PATTERNS: Array<[RegExp, string]> = [
  [/<!ENTITY/i, 'an <!ENTITY> declaration'],
  [/<\?xml-stylesheet/i, 'an external stylesheet'],
  [/@import/i, 'a style sheet that imports another file'],
  [/url\s*\(\s*['"]?(?!#|data:image\/)/i, 'a style that loads another file (url(...))'],
];

export function findActiveHtml(text: string): ActiveContent | undefined {
  return scanTags(text, (name, attributes) => {
    if (HTML_ELEMENTS.has(name)) return `a <${name}> element`;
    if (name === 'meta' && /refresh/i.test(attributes.get('http-equiv') ?? '')) return 'a <meta http-equiv="refresh">';
    for (const [attribute, value] of attributes) {
      if (attribute.startsWith('on')) return `the event handler ${attribute}`;
      if (attribute === 'srcdoc') return 'an inline document (srcdoc)';
      if (
        URL_ATTRIBUTES.has(attribute) &&
        /^(javascript|vbscript|data):/i.test(normalizeUrl(value)) &&
        !/^data:image\//i.test(normalizeUrl(value))
      ) {
        return `a ${normalizeUrl(value).split(':')[0]!.toLowerCase()}: URL in ${attribute}`;
      }
    }
    return undefined;
  });
}

function scanTags(
  text: string,
  judge: (name: string, attributes: Map<string, string>) => string | undefined,
): ActiveContent | undefined {
  for (const tag of text.matchAll(TAG)) {
    const name = tag[1]!.toLowerCase().split(':').at(-1)!;
    const attributes = new Map<string, string>();
    for (const attribute of tag[2]!.matchAll(ATTRIBUTE)) {
      attributes.set(attribute[1]!.toLowerCase(), attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
    }
    const what = judge(name, attributes);
    if (what) return at(text, tag.index, what);
  }
  return undefined;
}

/** A URL as a browser reads it: character references decoded, whitespace and controls dropped. */
function normalizeUrl(value: string): string {
  return decodeEntities(value).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) =>
      String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff)),
    )
    .replace(/&#(\d+);?/g, (_, decimal: string) => String.fromCodePoint(Math.min(Number(decimal), 0x10ffff)))
    .replace(/&colon;/gi, ':')
    .replace(/&(tab|newline);/gi, '');
}

function at(text: string, index: number, what: string): ActiveContent {
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  return { what, line, column: index - before.lastIndexOf('\n') };
}
