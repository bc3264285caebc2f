/**
 * What counts as active content in one element of an HTML page or SVG, whichever parser found it
 * (active-content.ts). A rule that misses something costs a script on the site's own address, so names are compared by
 * their local part (`svg:script`, `q:href`) and in lower case.
 */

export type Dialect = 'html' | 'svg';

/** Elements that run code, embed another document or change how the page's URLs resolve. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'portal',
  'fencedframe',
  'noscript',
  'foreignobject',
  'handler',
  'listener',
]);
const ANIMATIONS = new Set(['set', 'animate', 'animatemotion', 'animatetransform', 'animatecolor']);
/** Attributes that hold a URL the browser may follow, load or navigate to. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'data',
  'poster',
  'background',
  'srcset',
  'ping',
  'codebase',
  'archive',
  'lowsrc',
  'dynsrc',
  'manifest',
  'icon',
  'cite',
  'longdesc',
  'usemap',
  'profile',
]);
/** Where an inline raster image is harmless: it is shown, never run. */
const IMAGE_ATTRIBUTES = new Set(['src', 'srcset', 'poster', 'background']);
const RASTER_DATA = /^data:image\/(png|jpeg|gif|webp|avif);/i;

export interface Attribute {
  /** The attribute's name as written (with its prefix, if any). */
  name: string;
  /** Its value with character references decoded. */
  value: string;
}

/** The reason to refuse an element, or undefined when it is inert. */
export function judgeElement(tag: string, attributes: Attribute[], dialect: Dialect): string | undefined {
  const name = localName(tag);
  if (ACTIVE_ELEMENTS.has(name)) return `a <${name}> element`;
  // Every attribute of that local name: `href` and `xlink:href` may both be there.
  const values = (wanted: string) =>
    attributes.filter((attribute) => localName(attribute.name) === wanted).map((attribute) => attribute.value.trim());
  const value = (wanted: string) => values(wanted).join(' ');
  if (name === 'meta' && /refresh|set-cookie/i.test(value('http-equiv'))) return 'a <meta http-equiv="refresh">';
  // The file was checked as UTF-8; a browser told otherwise would read other markup from the same bytes.
  if (name === 'meta') {
    const declared = /content-type/i.test(value('http-equiv'))
      ? /charset\s*=\s*["']?([^\s"';]+)/i.exec(value('content'))?.[1]
      : undefined;
    const charset = values('charset')[0] ?? declared;
    if (charset !== undefined && !isUtf8(charset)) return `a character encoding other than UTF-8 (${charset})`;
  }
  if (name === 'link' && /\b(import|serviceworker)\b/i.test(value('rel'))) return `a <link rel="${value('rel')}">`;
  // <use> of another document brings that document's elements in: only the file's own (#id) may be used.
  if (name === 'use' && values('href').some((href) => !normalizeUrl(href).startsWith('#'))) {
    return 'a <use> of another document';
  }
  if (ANIMATIONS.has(name)) {
    const target = values('attributename')
      .map(localName)
      .find((attribute) => attribute === 'href' || attribute.startsWith('on'));
    if (target) return `an <${name}> that changes ${target}`;
  }
  for (const attribute of attributes) {
    const what = judgeAttribute(attribute, dialect);
    if (what) return what;
  }
  return undefined;
}

function judgeAttribute({ name: written, value }: Attribute, dialect: Dialect): string | undefined {
  const name = localName(written);
  if (name.startsWith('on')) return `the event handler ${name}`;
  if (name === 'srcdoc') return 'an inline document (srcdoc)';
  if (written.toLowerCase() === 'xml:base') return 'an xml:base attribute';
  if (name === 'style' && dialect === 'svg') return judgeStyle(value, name);
  // Presentation attributes take url(...) too: fill="url(https://...)" loads another file.
  if (dialect === 'svg' && /(url|image-set|src)\s*\(/i.test(decodeCssEscapes(value)))
    return judgeStyle(value, `the ${name} attribute`);
  if (!URL_ATTRIBUTES.has(name)) return undefined;
  const url = normalizeUrl(value);
  if (dialect === 'svg') {
    // Inside an SVG a reference points at one of its own elements (#id) or is inline image data.
    if (url.startsWith('#') || RASTER_DATA.test(url)) return undefined;
    return `a reference to another file (${name}="${value.slice(0, 60)}")`;
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'javascript' || scheme === 'vbscript' || scheme === 'livescript') return `a ${scheme}: URL in ${name}`;
  if (name === 'srcset' && /(^|,)\s*(javascript|vbscript):/i.test(url)) return `a javascript: URL in ${name}`;
  if (scheme === 'data' && !(IMAGE_ATTRIBUTES.has(name) && RASTER_DATA.test(url))) {
    return `a data: URL in ${name}`;
  }
  return undefined;
}

/** A style sheet inside an SVG (a <style> element or a style attribute): it may not load anything. */
export function judgeStyle(css: string, where = 'a <style> element'): string | undefined {
  const plain = decodeCssEscapes(css).replace(/\/\*[\s\S]*?\*\//g, '');
  if (/@import/i.test(plain)) return `a style sheet that imports another file (${where})`;
  if (/(image-set|src)\s*\(/i.test(plain)) return `a style that loads another file (${where})`;
  for (const match of plain.matchAll(/url\s*\(\s*(['"]?)([^'")]*)/gi)) {
    const url = normalizeUrl(match[2]!);
    if (!url.startsWith('#') && !RASTER_DATA.test(url)) return `a style that loads another file (url(...) in ${where})`;
  }
  return undefined;
}

/** UTF-8 under any of the names the Encoding Standard gives it. */
export function isUtf8(label: string): boolean {
  return /^(utf-?8|unicode-1-1-utf-8|unicode11utf8|unicode20utf8|x-unicode20utf8)$/i.test(label.trim());
}

/** `svg:script` -> `script`, `xlink:href` -> `href`: namespaces are chosen by their URIs, not their prefixes. */
export function localName(name: string): string {
  return name.toLowerCase().split(':').at(-1)!;
}

/** A URL as a browser reads it: whitespace and control characters dropped (parsers decoded references already). */
function normalizeUrl(value: string): string {
  return decodeReferences(value).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
}

/** Numeric character references once more: a value decoded twice refuses more, never less. */
function decodeReferences(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) =>
      String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff)),
    )
    .replace(/&#(\d+);?/g, (_, decimal: string) => String.fromCodePoint(Math.min(Number(decimal), 0x10ffff)))
    .replace(/&colon;/gi, ':')
    .replace(/&(tab|newline);/gi, '');
}

/** CSS escapes (`\69 mport`, `u\rl`) as the style engine reads them. */
function decodeCssEscapes(css: string): string {
  // Most values (an SVG's paths and numbers) have none, and both passes then scan them for nothing.
  if (!css.includes('\\')) return css;
  return css
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) =>
      String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff) || 0xfffd),
    )
    .replace(/\\([^\n])/g, '$1');
}
