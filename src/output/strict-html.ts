/**
 * readStrictHtml: the events htmlparser2's Parser gives, found faster by searching for `<`, `"` and `&`,
 * for a page written as this site's renderers write (double-quoted attributes, references with `;`, every
 * element closed in order, no comments). At anything else it returns false and htmlparser2 reads the page.
 */

export interface HtmlEvents {
  onopentag(name: string, attributes: Record<string, string>): void;
  ontext(text: string): void;
  onclosetag(name: string): void;
}

/** Where the tag being reported starts (`<`) and ends (`>`), as htmlparser2's Parser says. */
export interface TagPosition {
  startIndex: number;
  endIndex: number;
}

// htmlparser2 12's HTML rules that this reader does not apply itself: a page that needs them is
// read by htmlparser2 instead (tests/output/strict-html.test.ts compares the two).
const VOID = new Set(
  'area base basefont br col command embed frame hr img input isindex keygen link meta param source track wbr'.split(
    ' ',
  ),
);
/** Elements whose text is not markup (script, style) or holds only character references (title, textarea). */
const RAW_TEXT = new Set(['script', 'style', 'iframe', 'noembed', 'noframes', 'xmp']);
const ESCAPABLE_TEXT = new Set(['title', 'textarea']);
/** An element that closes the one it is opened in, for htmlparser2, when that one is listed. */
const P = ['p'];
const FORM = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];
const HEADING = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p'];
const CLOSES = new Map<string, readonly string[]>([
  ['tr', ['tr', 'th', 'td']],
  ['th', ['th']],
  ['td', ['thead', 'th', 'td']],
  ['body', ['head', 'link', 'script']],
  ['a', ['a']],
  ['li', ['li']],
  ['option', ['option']],
  ['optgroup', ['optgroup', 'option']],
  ['dd', ['dd', 'dt']],
  ['dt', ['dd', 'dt']],
  ['rt', ['rt', 'rp']],
  ['rp', ['rt', 'rp']],
  ['tbody', ['thead', 'tbody']],
  ['tfoot', ['thead', 'tbody']],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((name) => [name, HEADING] as const),
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((name) => [name, FORM] as const),
  ...(
    'p address article aside blockquote details div dl fieldset figcaption figure footer form header hr main nav ' +
    'ol pre section table ul'
  )
    .split(' ')
    .map((name) => [name, P] as const),
]);
/** Elements after which htmlparser2 reads tags as SVG (1), MathML (2) or HTML again (0). */
const FOREIGN = new Map([
  ['svg', 1],
  ['math', 2],
  ['mi', 0],
  ['mo', 0],
  ['mn', 0],
  ['ms', 0],
  ['mtext', 0],
  ['annotation-xml', 0],
  ['desc', 0],
  ['title', 0],
]);
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/y;

const LT = 60;
const GT = 62;
const SLASH = 47;
const QUOTE = 34;
const EQUALS = 61;
const BANG = 33;

const isSpace = (code: number) => code === 32 || code === 10 || code === 9 || code === 13 || code === 12;
const isAlpha = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);

/** False when the page holds something only htmlparser2 reads right (some events may have been given). */
export function readStrictHtml(html: string, events: HtmlEvents, position: TagPosition): boolean {
  const stack: string[] = [];
  // htmlparser2's foreign contexts (see FOREIGN); the page starts in HTML.
  const foreign: number[] = [0];
  let index = 0;
  while (index < html.length) {
    const lt = html.indexOf('<', index);
    const textEnd = lt === -1 ? html.length : lt;
    if (textEnd > index) {
      const text = decodeText(html, index, textEnd);
      if (text === undefined) return false;
      events.ontext(text);
    }
    if (lt === -1) break;
    const next = html.charCodeAt(lt + 1);
    if (next === SLASH) {
      const gt = html.indexOf('>', lt);
      const name = gt === -1 ? '' : tagName(html, lt + 2, gt);
      if (name === '' || stack[0] !== name) return false;
      position.startIndex = lt;
      position.endIndex = gt;
      closeElement(stack, foreign, events);
      index = gt + 1;
    } else if (next === BANG) {
      // Only <!DOCTYPE ...>: comments and CDATA have rules of their own.
      const gt = html.indexOf('>', lt);
      if (gt === -1 || html.slice(lt + 2, lt + 9).toLowerCase() !== 'doctype') return false;
      if (/["']/.test(html.slice(lt, gt))) return false;
      index = gt + 1;
    } else if (isAlpha(next)) {
      const end = readElement(html, lt, stack, foreign, events, position);
      if (end === -1) return false;
      index = end;
    } else {
      return false;
    }
  }
  return stack.length === 0;
}

/** An opening tag at `lt`, and for an element whose text is not markup, its text and closing tag: where reading goes on, or -1. */
function readElement(
  html: string,
  lt: number,
  stack: string[],
  foreign: number[],
  events: HtmlEvents,
  position: TagPosition,
): number {
  let at = lt + 1;
  for (let code = html.charCodeAt(at); at < html.length && !isSpace(code) && code !== SLASH && code !== GT; )
    code = html.charCodeAt(++at);
  const name = html.slice(lt + 1, at).toLowerCase();
  const inForeign = foreign[0] !== 0;
  const tag = readAttributes(html, at);
  if (tag === undefined) return -1;
  const closes = CLOSES.get(name);
  const special = !inForeign && (RAW_TEXT.has(name) || ESCAPABLE_TEXT.has(name) || name === 'plaintext');
  if (
    (closes !== undefined && stack.length > 0 && closes.includes(stack[0]!)) ||
    (name === 'form' && stack.includes('form')) ||
    (name === 'image' && !inForeign) ||
    (name === 'foreignobject' && foreign[0] !== 1) ||
    (special && (tag.selfClosing || name === 'plaintext'))
  ) {
    return -1;
  }
  position.startIndex = lt;
  position.endIndex = tag.gt;
  if (VOID.has(name)) {
    events.onopentag(name, tag.attributes);
    events.onclosetag(name);
    return tag.gt + 1;
  }
  stack.unshift(name);
  const context = name === 'foreignobject' ? 0 : FOREIGN.get(name);
  if (context !== undefined) foreign.unshift(context);
  events.onopentag(name, tag.attributes);
  // In SVG or MathML, "/>" closes the element; in HTML it does not.
  if (tag.selfClosing && foreign[0] !== 0) {
    closeElement(stack, foreign, events);
    return tag.gt + 1;
  }
  if (!special) return tag.gt + 1;
  const close = html.indexOf('</', tag.gt + 1);
  const gt = close === -1 ? -1 : html.indexOf('>', close);
  if (gt === -1 || tagName(html, close + 2, gt) !== name) return -1;
  if (close > tag.gt + 1) {
    const text = ESCAPABLE_TEXT.has(name) ? decodeText(html, tag.gt + 1, close) : html.slice(tag.gt + 1, close);
    if (text === undefined) return -1;
    events.ontext(text);
  }
  position.startIndex = close;
  position.endIndex = gt;
  closeElement(stack, foreign, events);
  return gt + 1;
}

function closeElement(stack: string[], foreign: number[], events: HtmlEvents): void {
  const name = stack.shift()!;
  if (FOREIGN.has(name) || name === 'foreignobject') foreign.shift();
  events.onclosetag(name);
}

/** A closing tag's name, lower case, if the tag is just `</name>`; else ''. */
function tagName(html: string, from: number, gt: number): string {
  if (!isAlpha(html.charCodeAt(from))) return '';
  for (let at = from; at < gt; at++) {
    const code = html.charCodeAt(at);
    if (isSpace(code) || code === SLASH || code === LT) return '';
  }
  return html.slice(from, gt).toLowerCase();
}

/** The attributes after a tag name (the first of a name counts), up to its `>`; undefined for any other spelling. */
function readAttributes(
  html: string,
  from: number,
): { attributes: Record<string, string>; gt: number; selfClosing: boolean } | undefined {
  const attributes: Record<string, string> = {};
  let at = from;
  for (;;) {
    while (isSpace(html.charCodeAt(at))) at++;
    const code = html.charCodeAt(at);
    if (code === GT) return { attributes, gt: at, selfClosing: false };
    if (code === SLASH)
      return html.charCodeAt(at + 1) === GT ? { attributes, gt: at + 1, selfClosing: true } : undefined;
    if (at >= html.length || code === EQUALS) return undefined;
    const start = at;
    for (let next = code; at < html.length && !isSpace(next) && next !== EQUALS && next !== SLASH && next !== GT; )
      next = html.charCodeAt(++at);
    const name = html.slice(start, at).toLowerCase();
    let value = '';
    if (html.charCodeAt(at) === EQUALS) {
      if (html.charCodeAt(at + 1) !== QUOTE) return undefined;
      const close = html.indexOf('"', at + 2);
      const decoded = close === -1 ? undefined : decodeText(html, at + 2, close);
      if (decoded === undefined) return undefined;
      value = decoded;
      at = close + 1;
    }
    if (!Object.hasOwn(attributes, name)) attributes[name] = value;
  }
}

/** Text with its character references decoded, if each is one htmlparser2 decodes the same way in text and attributes. */
function decodeText(html: string, from: number, to: number): string | undefined {
  let amp = html.indexOf('&', from);
  if (amp === -1 || amp >= to) return html.slice(from, to);
  let text = '';
  let start = from;
  while (amp !== -1 && amp < to) {
    REFERENCE.lastIndex = amp;
    const match = REFERENCE.exec(html);
    if (!match || REFERENCE.lastIndex > to) return undefined;
    const [whole, decimal, hex, name] = match;
    let decoded: string;
    if (name !== undefined) {
      decoded = NAMED[name]!;
    } else {
      const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex!, 16);
      // htmlparser2 replaces these (NUL, surrogates, C1 controls as Windows-1252, beyond Unicode).
      if (code === 0 || (code >= 0x80 && code <= 0x9f) || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff)
        return undefined;
      decoded = String.fromCodePoint(code);
    }
    text += html.slice(start, amp) + decoded;
    start = amp + whole.length;
    amp = html.indexOf('&', start);
  }
  return text + html.slice(start, to);
}
