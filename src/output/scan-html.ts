/**
 * scanHtml: what the site check and the content advice read from one rendered page, in one pass. It reads
 * by htmlparser2's rules, as a browser does (any quoting, references decoded, no text in script or style);
 * a page written the way this site's renderers write goes through the faster src/output/strict-html.ts.
 */
import { Parser } from 'htmlparser2';
import { type HtmlEvents, readStrictHtml, type TagPosition } from './strict-html.ts';

export interface PageReference {
  /** href, src, srcset or poster, in lower case. */
  attribute: string;
  value: string;
}

/** Where an element's tag starts in the page's HTML: the advice tells Markdown from templates by it. */
type At = { at: number };

export interface PageScan {
  ids: string[];
  /** Ids that a second element of the page has too, once each. */
  duplicateIds: string[];
  references: PageReference[];
  canonical: string | undefined;
  title?: string;
  description?: string;
  /** Every heading of the body, with its text as a screen reader reads it. */
  headings: Array<{ level: number; text: string } & At>;
  /** The body's links but those hidden from screen readers, with their accessible name. */
  links: Array<{ href: string; text: string } & At>;
  /** The body's images; alt is undefined when the attribute is missing. */
  images: Array<{ src: string; alt?: string } & At>;
  /** Words inside <main>, image alt texts included. */
  words: number;
}

const LINKING = new Set(['href', 'src', 'srcset', 'poster']);

/** Text being read for one element: a link's name, a heading's text or the title. */
interface Reading {
  depth: number;
  text: string;
  /** Where its content starts in the HTML. */
  from: number;
  /** The depth of the aria-hidden element being passed over inside it, if any. */
  hiddenAt?: number;
  done(text: string): void;
}

export function scanHtml(html: string): PageScan {
  const position: TagPosition = { startIndex: 0, endIndex: 0 };
  const strict = createScan(position, (from, to) => isPlain(html, from, to));
  if (readStrictHtml(html, strict.events, position)) return strict.finish();
  // What the strict reader leaves, htmlparser2 reads from the start.
  let parser: Parser | undefined;
  const { events, finish } = createScan(
    {
      get startIndex() {
        return parser!.startIndex;
      },
      get endIndex() {
        return parser!.endIndex;
      },
    },
    (from, to) => isPlain(html, from, to),
  );
  // HTML rules: names in lower case (React writes srcSet), entities decoded, no XML modes.
  parser = new Parser(events, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true });
  parser.end(html);
  return finish();
}

/** The scan's events, given where each tag is and whether the text between two offsets is plain; then the scan. */
function createScan(
  position: Readonly<TagPosition>,
  isPlainBetween: (from: number, to: number) => boolean,
): { events: HtmlEvents; finish(): PageScan } {
  const events = new ScanEvents(position, isPlainBetween);
  return { events, finish: () => events.finish() };
}

/** The scan of one page, made as htmlparser2's events (or the strict reader's) go by. */
class ScanEvents implements HtmlEvents {
  private readonly scan: PageScan = {
    ids: [],
    duplicateIds: [],
    references: [],
    canonical: undefined,
    headings: [],
    links: [],
    images: [],
    words: 0,
  };
  private readonly ids = new Set<string>();
  private readonly duplicateIds = new Set<string>();
  private readonly readings: Reading[] = [];
  private depth = 0;
  private inBody = false;
  private inHead = false;
  private raw: string | undefined;
  private title: string | undefined;
  // The words of <main> are counted as its text goes by, not kept.
  private mainDepth = 0;
  private mainSeen = false;
  private mainHiddenAt: number | undefined;
  private inWord = false;

  constructor(
    private readonly position: Readonly<TagPosition>,
    private readonly isPlainBetween: (from: number, to: number) => boolean,
  ) {}

  onopentag(name: string, attributes: Record<string, string>): void {
    this.depth++;
    const { id } = attributes;
    if (id && this.ids.has(id)) this.duplicateIds.add(id);
    if (id) this.ids.add(id);
    for (const attribute in attributes)
      if (LINKING.has(attribute)) addReference(this.scan.references, attribute, attributes[attribute]!);
    if (name === 'link' && this.scan.canonical === undefined && attributes.href !== undefined) {
      // The first canonical link is the one search engines take.
      if (hasToken(attributes.rel, 'canonical')) this.scan.canonical = attributes.href;
    }
    if (name === 'script' || name === 'style') this.raw = name;
    else if (name === 'head') this.inHead = true;
    else if (name === 'body') this.inBody = true;
    if (this.inBody) this.openInBody(name, attributes);
    else if (name === 'title' && this.inHead && this.title === undefined) this.read((text) => (this.title = text));
    else if (name === 'meta' && this.inHead && this.scan.description === undefined && attributes.name === 'description')
      this.scan.description = attributes.content ?? '';
  }

  /** An element of the body: images, hidden parts, and the texts of links and headings. */
  private openInBody(name: string, attributes: Record<string, string>): void {
    const { scan, readings } = this;
    this.addBreak(name);
    if (name === 'img') {
      for (const reading of readings) if (reading.hiddenAt === undefined) reading.text += ` ${attributes.alt ?? ''} `;
      scan.images.push({ src: attributes.src ?? '', alt: attributes.alt, at: this.position.startIndex });
      if (this.mainDepth !== 0 && this.mainHiddenAt === undefined && attributes.alt) {
        this.count(attributes.alt);
        this.inWord = false;
      }
    }
    if (attributes['aria-hidden'] === 'true' && !VOID.has(name)) {
      for (const reading of readings) reading.hiddenAt ??= this.depth;
      if (this.mainDepth !== 0) this.mainHiddenAt ??= this.depth;
    }
    const at = this.position.startIndex;
    if (name === 'a' && attributes.href !== undefined && attributes['aria-hidden'] !== 'true') {
      const { href } = attributes;
      const label = attributes['aria-label'];
      this.read((text) => scan.links.push({ href, text: label ?? text, at }));
    } else if (name.length === 2 && name[0] === 'h' && name[1]! >= '1' && name[1]! <= '6') {
      const level = Number(name[1]);
      this.read((text) => scan.headings.push({ level, text, at }));
    } else if (name === 'main' && !this.mainSeen) {
      this.mainSeen = true;
      this.mainDepth = this.depth;
    }
  }

  ontext(text: string): void {
    if (this.raw !== undefined) return;
    if (this.mainDepth !== 0 && this.mainHiddenAt === undefined) this.count(text);
    for (const reading of this.readings) if (reading.hiddenAt === undefined) reading.text += text;
  }

  onclosetag(name: string): void {
    const { readings, depth } = this;
    if (name === this.raw) this.raw = undefined;
    else if (name === 'head') this.inHead = false;
    for (const reading of readings) if (reading.hiddenAt === depth) reading.hiddenAt = undefined;
    if (this.mainHiddenAt === depth) this.mainHiddenAt = undefined;
    if (this.mainDepth === depth) this.mainDepth = 0;
    for (let index = readings.length - 1; index >= 0; index--) {
      const reading = readings[index]!;
      if (reading.depth !== depth) continue;
      readings.splice(index, 1);
      // The title as written (the advice trims it); other texts as a screen reader reads them.
      reading.done(
        name === 'title'
          ? reading.text
          : collapse(reading.text, this.isPlainBetween(reading.from, this.position.startIndex)),
      );
    }
    if (this.inBody) this.addBreak(name);
    this.depth--;
  }

  finish(): PageScan {
    const { scan } = this;
    scan.ids = [...this.ids];
    scan.duplicateIds = [...this.duplicateIds];
    if (this.title !== undefined) scan.title = this.title;
    return scan;
  }

  private count(text: string): void {
    for (let index = 0; index < text.length; index++) {
      const space = isSpace(text.charCodeAt(index));
      if (!space && !this.inWord) this.scan.words++;
      this.inWord = !space;
    }
  }

  private read(done: Reading['done']): void {
    this.readings.push({ depth: this.depth, text: '', from: this.position.endIndex + 1, done });
  }

  /** A block ends a word ("<h1>Terms</h1><p>Back" is two words); inline elements do not. */
  private addBreak(name: string): void {
    if (INLINE.has(name)) return;
    this.inWord = false;
    for (const reading of this.readings) if (reading.hiddenAt === undefined) reading.text += ' ';
  }
}

function addReference(references: PageReference[], attribute: string, value: string): void {
  const values = attribute === 'srcset' ? value.split(',').map((part) => part.trim().split(/\s+/)[0]!) : [value];
  for (const item of values) if (item !== '') references.push({ attribute, value: item });
}

/** rel is a list of space-separated, case-insensitive tokens. */
function hasToken(list: string | undefined, token: string): boolean {
  return (
    list
      ?.toLowerCase()
      .split(/[\t\n\f\r ]+/)
      .includes(token) ?? false
  );
}

/** Text with neither tags nor references: most link and heading texts. */
function isPlain(html: string, from: number, to: number): boolean {
  return html.indexOf('<', from) === to && !html.slice(from, to).includes('&');
}

/** White space as one space; plain text keeps a lone non-breaking space as it was written. */
function collapse(text: string, plain: boolean): string {
  return !plain || /\s\s|[\t\n\r]/.test(text) ? text.replace(/\s+/g, ' ').trim() : text.trim();
}

/** White space as JavaScript's \s reads it. */
function isSpace(code: number): boolean {
  if (code > 32 && code < 127) return false;
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
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
