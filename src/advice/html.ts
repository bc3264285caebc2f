/**
 * What content advice reads from a rendered page: its <title> and meta description, the heading
 * outline, and the links and images the templates made. Links and images inside the page's
 * Markdown (`regions`) are left to the Markdown facts, which know their lines. One pass over the
 * tags with a regular expression: the page is the generator's own well-formed output.
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

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g;
const VOID = new Set(['img', 'br', 'meta', 'link', 'input', 'hr', 'source', 'area', 'col', 'embed', 'wbr', 'track']);

interface Collector {
  kind: 'heading' | 'link';
  text: string;
  level: number;
  href: string;
  label?: string;
  region: number;
}

export function scanPageHtml(html: string, regions: Regions = []): PageScan {
  const scan: PageScan = { headings: [], links: [], images: [], words: 0 };
  const open: Collector[] = [];
  let hidden: { name: string; depth: number } | undefined;
  let inMain = false;
  let inTitle = false;
  let last = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const text = match.index > last && (open.length > 0 || inMain || inTitle) && !hidden ? html.slice(last, match.index) : '';
    if (text) {
      const decoded = decodeEntities(text);
      for (const collector of open) collector.text += decoded;
      if (inMain) scan.words += countWords(decoded);
      if (inTitle) scan.title = (scan.title ?? '') + decoded;
    }
    last = match.index + match[0].length;
    const closing = match[1] === '/';
    const name = match[2]!.toLowerCase();
    const attributes = match[3]!;
    if (hidden) {
      if (name === hidden.name && !attributes.endsWith('/')) hidden.depth += closing ? -1 : 1;
      if (hidden.depth === 0) hidden = undefined;
      continue;
    }
    if (closing) {
      if (name === 'main') inMain = false;
      else if (name === 'title') inTitle = false;
      else if (name === 'a' || /^h[1-6]$/.test(name)) closeCollector(open, name === 'a' ? 'link' : 'heading', scan);
      continue;
    }
    if (name === 'script' || name === 'style') {
      const end = html.indexOf(`</${name}`, last);
      TAG.lastIndex = last = end === -1 ? html.length : end;
      continue;
    }
    const selfClosing = VOID.has(name) || attributes.endsWith('/');
    if (!selfClosing && attributes.includes('aria-hidden="true"')) {
      hidden = { name, depth: 1 };
      continue;
    }
    const region = regionAt(regions, match.index);
    if (name === 'main') inMain = true;
    else if (name === 'title') inTitle = scan.title === undefined;
    else if (name === 'meta' && /\sname="description"/.test(attributes)) scan.description = attribute(attributes, 'content') ?? '';
    else if (name === 'img') {
      const alt = attribute(attributes, 'alt');
      for (const collector of open) collector.text += alt ?? '';
      if (region === -1) scan.images.push({ src: attribute(attributes, 'src') ?? '', alt });
    } else if (name === 'a' && attribute(attributes, 'href') !== undefined) {
      open.push({ kind: 'link', text: '', level: 0, href: attribute(attributes, 'href')!, label: attribute(attributes, 'aria-label'), region });
    } else if (name.length === 2 && name[0] === 'h' && name[1]! >= '1' && name[1]! <= '6') {
      open.push({ kind: 'heading', text: '', level: Number(name[1]), href: '', region });
    }
  }
  return scan;
}

function closeCollector(open: Collector[], kind: Collector['kind'], scan: PageScan): void {
  const index = open.findLastIndex((collector) => collector.kind === kind);
  if (index === -1) return;
  const [collector] = open.splice(index, 1);
  const text = (collector!.label ?? collector!.text).replace(/\s+/g, ' ').trim();
  if (kind === 'heading') scan.headings.push({ level: collector!.level, text, region: collector!.region });
  else if (collector!.region === -1) scan.links.push({ href: collector!.href, text });
}

function regionAt(regions: Regions, offset: number): number {
  for (let index = 0; index < regions.length; index++) if (offset >= regions[index]![0] && offset < regions[index]![1]) return index;
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
      const code = entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function countWords(text: string): number {
  const words = text.match(/\S+/g);
  return words ? words.length : 0;
}
