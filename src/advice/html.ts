/**
 * What content advice reads from a rendered page: its <title> and meta description, the heading
 * outline, and the links and images the templates made. Links and images inside the page's
 * Markdown (`regions`) are left to the Markdown facts, which know their lines. The page is the
 * generator's own well-formed output, so a search for the few tags that matter does: each link's
 * and heading's text is read from its own slice.
 */

export interface PageHeading {
  level: number;
  text: string;
  /** Index of the Markdown region the heading is in, or -1 when a template made it. */
  region: number;
}

export interface PageScan {
  title?: string;
  description?: string;
  headings: PageHeading[];
  /** Links outside the Markdown regions, with their accessible name. */
  links: Array<{ href: string; text: string }>;
  /** Images outside the Markdown regions; alt is undefined when the attribute is missing. */
  images: Array<{ src: string; alt?: string }>;
  /** Words inside <main> (all of them, Markdown included). */
  words: number;
}

/** Character ranges [start, end) of the page that hold Markdown. */
export type Regions = ReadonlyArray<readonly [number, number]>;

const ANY_TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g;

export interface ScanOptions {
  /** Count the words inside <main> (for --report). */
  words?: boolean;
}

export function scanPageHtml(html: string, regions: Regions = [], options: ScanOptions = {}): PageScan {
  const scan: PageScan = { headings: [], links: [], images: [], words: 0 };
  // The head is read by a search for its two tags; the scan starts at the body.
  const body = html.indexOf('<body');
  const head = body === -1 ? html.length : body;
  const title = html.indexOf('<title>');
  if (title !== -1 && title < head) scan.title = decodeEntities(html.slice(title + 7, html.indexOf('</title>', title)));
  const description = html.indexOf(' name="description"');
  if (description !== -1 && description < head) {
    scan.description =
      attribute(html.slice(html.lastIndexOf('<meta', description) + 5, html.indexOf('>', description)), 'content') ??
      '';
  }
  const inner = (close: number, end: string) => {
    const to = html.indexOf(end, close);
    return to === -1 ? '' : html.slice(close + 1, to);
  };
  // From '<' to '<': a search for one character is several times faster than a regular expression here.
  for (let at = html.indexOf('<', body === -1 ? 0 : body); at !== -1; at = html.indexOf('<', at + 1)) {
    const name = wantedTag(html, at);
    if (name === undefined) continue;
    const close = html.indexOf('>', at + 1 + name.length);
    if (close === -1) break;
    const attributes = html.slice(at + 1 + name.length, close);
    if (name === 'script' || name === 'style') {
      const to = html.indexOf(`</${name}`, close);
      if (to === -1) break;
      at = to;
    } else if (name === 'a') {
      const href = attribute(attributes, 'href');
      if (href === undefined || attributes.includes('aria-hidden="true"') || regionAt(regions, at) !== -1) continue;
      scan.links.push({ href, text: attribute(attributes, 'aria-label') ?? innerText(inner(close, '</a>')) });
    } else if (name.length === 2 && name[0] === 'h') {
      scan.headings.push({
        level: Number(name[1]),
        text: innerText(inner(close, `</${name}>`)),
        region: regionAt(regions, at),
      });
    } else if (name === 'img') {
      if (regionAt(regions, at) === -1)
        scan.images.push({ src: attribute(attributes, 'src') ?? '', alt: attribute(attributes, 'alt') });
    } else if (name === 'main' && options.words) {
      scan.words = countWords(innerText(inner(close, '</main>')));
    }
  }
  return scan;
}

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const OTHERS = ['img', 'main', 'script', 'style'];

/**
 * The name of the tag opened at `at` when it is one the scan looks at (a, h1 to h6, img, main,
 * script, style, in lower case as the generator writes them); closing and other tags give undefined.
 */
function wantedTag(html: string, at: number): string | undefined {
  const first = html.charCodeAt(at + 1);
  let name: string | undefined;
  if (first === 97 /* a */) name = 'a';
  else if (first === 104 /* h */) name = HEADINGS[html.charCodeAt(at + 2) - 49 /* 1 */];
  else if (first === 105 /* i */ || first === 109 /* m */ || first === 115 /* s */)
    name = OTHERS.find((other) => html.startsWith(other, at + 1));
  if (name === undefined) return undefined;
  const after = html.charCodeAt(at + 1 + name.length);
  // The name ends at white space, '>' or '/': <abbr> and <header> are other tags.
  return after === 32 || after === 62 || after === 47 || after === 9 || after === 10 || after === 12 || after === 13
    ? name
    : undefined;
}

/** The text of an HTML fragment as a screen reader reads it: images by their alt, aria-hidden parts left out. */
function innerText(fragment: string): string {
  // Most link and heading texts are plain words.
  if (!fragment.includes('<') && !fragment.includes('&'))
    return /\s\s|[\t\n\r]/.test(fragment) ? fragment.replace(/\s+/g, ' ').trim() : fragment.trim();
  let text = '';
  let hidden: { name: string; depth: number } | undefined;
  let last = 0;
  const tags = new RegExp(ANY_TAG);
  for (let match = tags.exec(fragment); match; match = tags.exec(fragment)) {
    const [, slash, name, attributes] = match as unknown as [string, string, string, string];
    // A block ends a word ("<h1>Terms</h1><p>Back" is two words); inline elements do not.
    if (!hidden) text += fragment.slice(last, match.index) + (INLINE.has(name) ? '' : ' ');
    last = match.index + match[0].length;
    const selfClosing = VOID.has(name) || attributes.endsWith('/');
    if (hidden) {
      if (name === hidden.name && !selfClosing) hidden.depth += slash ? -1 : 1;
      if (hidden.depth === 0) hidden = undefined;
    } else if (!slash && !selfClosing && attributes.includes('aria-hidden="true"')) {
      hidden = { name, depth: 1 };
    } else if (name === 'img' && !slash) {
      text += ` ${attribute(attributes, 'alt') ?? ''} `;
    } else if (name === 'script' || name === 'style') {
      const to = fragment.indexOf(`</${name}`, last);
      tags.lastIndex = last = to === -1 ? fragment.length : to;
    }
  }
  if (!hidden) text += fragment.slice(last);
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);
const VOID = new Set(['img', 'br', 'meta', 'link', 'input', 'hr', 'source', 'area', 'col', 'embed', 'wbr', 'track']);

function regionAt(regions: Regions, offset: number): number {
  for (let index = 0; index < regions.length; index++)
    if (offset >= regions[index]![0] && offset < regions[index]![1]) return index;
  return -1;
}

function attribute(attributes: string, name: string): string | undefined {
  const start = attributes.indexOf(` ${name}="`);
  if (start === -1) return undefined;
  const from = start + name.length + 3;
  return decodeEntities(attributes.slice(from, attributes.indexOf('"', from)));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function countWords(text: string): number {
  const words = text.match(/\S+/g);
  return words ? words.length : 0;
}
