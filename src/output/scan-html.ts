/**
 * scanHtml: what the build reads from one rendered page, in one pass, for both readers: the site
 * check (element ids, the links and files the page references, its canonical URL) and the content
 * advice (title, description, headings, links with their accessible names, images, words inside
 * <main>). Read by htmlparser2's rules, the way a browser reads the page: any quoting, any case,
 * every character reference decoded; script and style hold no text. A page written the way this
 * site's renderers write is read by src/output/strict-html.ts, with the events htmlparser2's
 * parser gives; any other by that parser.
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
  const scan: PageScan = {
    ids: [],
    duplicateIds: [],
    references: [],
    canonical: undefined,
    headings: [],
    links: [],
    images: [],
    words: 0,
  };
  const ids = new Set<string>();
  const duplicateIds = new Set<string>();
  const readings: Reading[] = [];
  let depth = 0;
  let inBody = false;
  let inHead = false;
  let raw: string | undefined;
  let title: string | undefined;
  // The words of <main> are counted as its text goes by, not kept.
  let mainDepth = 0;
  let mainSeen = false;
  let mainHiddenAt: number | undefined;
  let inWord = false;
  const count = (text: string) => {
    for (let index = 0; index < text.length; index++) {
      const space = isSpace(text.charCodeAt(index));
      if (!space && !inWord) scan.words++;
      inWord = !space;
    }
  };
  const read = (done: Reading['done']) => readings.push({ depth, text: '', from: position.endIndex + 1, done });
  // A block ends a word ("<h1>Terms</h1><p>Back" is two words); inline elements do not.
  const addBreak = (name: string) => {
    if (INLINE.has(name)) return;
    inWord = false;
    for (const reading of readings) if (reading.hiddenAt === undefined) reading.text += ' ';
  };
  const events: HtmlEvents = {
    onopentag(name, attributes) {
      depth++;
      if (attributes.id && ids.has(attributes.id)) duplicateIds.add(attributes.id);
      if (attributes.id) ids.add(attributes.id);
      for (const attribute in attributes)
        if (LINKING.has(attribute)) addReference(scan.references, attribute, attributes[attribute]!);
      if (name === 'link' && scan.canonical === undefined && attributes.href !== undefined) {
        // The first canonical link is the one search engines take.
        if (hasToken(attributes.rel, 'canonical')) scan.canonical = attributes.href;
      }
      if (name === 'script' || name === 'style') raw = name;
      else if (name === 'head') inHead = true;
      else if (name === 'body') inBody = true;
      if (!inBody) {
        if (name === 'title' && inHead && title === undefined) read((text) => (title = text));
        else if (name === 'meta' && inHead && scan.description === undefined && attributes.name === 'description')
          scan.description = attributes.content ?? '';
        return;
      }
      addBreak(name);
      if (name === 'img') {
        for (const reading of readings) if (reading.hiddenAt === undefined) reading.text += ` ${attributes.alt ?? ''} `;
        scan.images.push({ src: attributes.src ?? '', alt: attributes.alt, at: position.startIndex });
        if (mainDepth !== 0 && mainHiddenAt === undefined && attributes.alt) {
          count(attributes.alt);
          inWord = false;
        }
      }
      if (attributes['aria-hidden'] === 'true' && !VOID.has(name)) {
        for (const reading of readings) reading.hiddenAt ??= depth;
        if (mainDepth !== 0) mainHiddenAt ??= depth;
      }
      const at = position.startIndex;
      if (name === 'a' && attributes.href !== undefined && attributes['aria-hidden'] !== 'true') {
        const { href } = attributes;
        const label = attributes['aria-label'];
        read((text) => scan.links.push({ href, text: label ?? text, at }));
      } else if (name.length === 2 && name[0] === 'h' && name[1]! >= '1' && name[1]! <= '6') {
        const level = Number(name[1]);
        read((text) => scan.headings.push({ level, text, at }));
      } else if (name === 'main' && !mainSeen) {
        mainSeen = true;
        mainDepth = depth;
      }
    },
    ontext(text) {
      if (raw !== undefined) return;
      if (mainDepth !== 0 && mainHiddenAt === undefined) count(text);
      for (const reading of readings) if (reading.hiddenAt === undefined) reading.text += text;
    },
    onclosetag(name) {
      if (name === raw) raw = undefined;
      else if (name === 'head') inHead = false;
      for (const reading of readings) if (reading.hiddenAt === depth) reading.hiddenAt = undefined;
      if (mainHiddenAt === depth) mainHiddenAt = undefined;
      if (mainDepth === depth) mainDepth = 0;
      for (let index = readings.length - 1; index >= 0; index--) {
        const reading = readings[index]!;
        if (reading.depth !== depth) continue;
        readings.splice(index, 1);
        // The title as written (the advice trims it); other texts as a screen reader reads them.
        reading.done(
          name === 'title' ? reading.text : collapse(reading.text, isPlainBetween(reading.from, position.startIndex)),
        );
      }
      if (inBody) addBreak(name);
      depth--;
    },
  };
  const finish = () => {
    scan.ids = [...ids];
    scan.duplicateIds = [...duplicateIds];
    if (title !== undefined) scan.title = title;
    return scan;
  };
  return { events, finish };
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
