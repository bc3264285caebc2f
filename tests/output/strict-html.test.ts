import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../src/output/scan-html.ts';
import { type HtmlEvents, readStrictHtml } from '../../src/output/strict-html.ts';

type Event = [kind: string, ...details: unknown[]];

/** The events of a reader as one list (texts that follow each other joined, as the scan reads them). */
function recorder(position: { startIndex: number; endIndex: number }) {
  const events: Event[] = [];
  const handler: HtmlEvents = {
    onopentag: (name, attributes) =>
      events.push(['open', name.toLowerCase(), { ...attributes }, position.startIndex, position.endIndex]),
    ontext(text) {
      const last = events.at(-1);
      if (last?.[0] === 'text') last[1] += text;
      else events.push(['text', text]);
    },
    onclosetag: (name) => events.push(['close', name.toLowerCase(), position.startIndex]),
  };
  return { events, handler };
}

function withHtmlparser2(html: string): Event[] {
  let parser: Parser | undefined;
  const { events, handler } = recorder({
    get startIndex() {
      return parser!.startIndex;
    },
    get endIndex() {
      return parser!.endIndex;
    },
  });
  parser = new Parser(handler, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true });
  parser.end(html);
  return events;
}

function strictly(html: string): Event[] | undefined {
  const position = { startIndex: 0, endIndex: 0 };
  const { events, handler } = recorder(position);
  return readStrictHtml(html, handler, position) ? events : undefined;
}

const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Terms &amp; Conditions | A&#x27;s</title>' +
  '<meta name="description" content="What &quot;we&quot; promise &#8212; &#x1F600;."/>' +
  '<script type="application/ld+json">{"a":"<b>x"}</script><style>p{}</style></head>' +
  '<body data-page="page"><a class="skip" href="#main">Skip</a><svg viewBox="0 0 1 1" aria-hidden="true">' +
  '<title>Logo</title><path d="M0 0h1"/><linearGradient id="g"/><foreignObject><p>In HTML<br/></p></foreignObject></svg>' +
  '<main id="main"><h1>Café ☕</h1><p>Pay <a href="/pay" title="x">here</a>&nbsp;now.</p><input type="checkbox" disabled/>' +
  '<iframe src="https://chat.example" title="Chat" loading="lazy"></iframe><img src="/a.png" alt=""/>' +
  '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>' +
  '<math><mi>x</mi><mrow/></math><textarea name="m">a &lt; b</textarea><br></main></body></html>';

describe('readStrictHtml', () => {
  it('gives the events htmlparser2 gives for a page written as the site writes pages', () => {
    expect(strictly(PAGE)).toEqual(withHtmlparser2(PAGE));
  });

  it('gives the same scan as htmlparser2 for such a page', () => {
    expect(strictly(PAGE)).toBeDefined();
    // scanHtml takes the strict reading; a comment after the page, which only htmlparser2 reads, gives its reading.
    const viaParser = scanHtml(`${PAGE}<!---->`);
    const viaStrict = scanHtml(PAGE);
    expect(viaStrict).toEqual(viaParser);
  });

  it.each([
    ['a comment', '<p><!-- note --></p>'],
    ['single quotes', "<p class='x'>a</p>"],
    ['an unquoted value', '<p class=x>a</p>'],
    ['a reference without its semicolon', '<p>&amp a</p>'],
    ['a named reference htmlparser2 knows and this reader does not', '<p>&copy;</p>'],
    ['a NUL reference', '<p>&#0;</p>'],
    ['a C1 reference', '<p>&#x80;</p>'],
    ['a paragraph closed by a div', '<p>a<div>b</div></p>'],
    ['an unclosed element', '<div><p>a</p>'],
    ['a stray closing tag', '<div></span></div>'],
    ['a closing tag with a space', '<div></div >'],
    ['a "<" that starts no tag', '<p>a < b</p>'],
    ['a nested form', '<form><form></form></form>'],
    ['an <image> in HTML', '<image src="/a.png">'],
    ['a script that writes a closing tag', '<script>document.write("</p>")</script>'],
    ['a self-closed script', '<script src="/a.js"/>'],
    ['CDATA', '<svg><![CDATA[x]]></svg>'],
    ['a processing instruction', '<?xml version="1.0"?><p></p>'],
    ['a doctype with a quoted id', '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN"><p></p>'],
    ['an equals sign without a name', '<p =x>a</p>'],
    ['a slash inside a tag', '<p / class="x">a</p>'],
    ['a nested link', '<a href="/a"><a href="/b">b</a></a>'],
  ])('leaves %s to htmlparser2, whose reading scanHtml then gives', (_, html) => {
    expect(strictly(html)).toBeUndefined();
    // The scan is htmlparser2's all the same.
    expect(() => scanHtml(html)).not.toThrow();
  });

  it.each([
    ['a void element closed by "/>" and not', '<p>a<br/>b<br>c<img src="x"></p>'],
    ['a self-closed div, which HTML leaves open', '<div/><p>a</p></div>'],
    ['attributes without spaces between them', '<a href="/a"title="t">a</a>'],
    ['the first of two attributes of one name', '<a href="/a" HREF="/b">a</a>'],
    ['upper-case names', '<DIV ID="x"><H2>T</H2></DIV>'],
    ['text outside any element', 'a<p>b</p>c &amp; d'],
    ['an empty title', '<title></title>'],
    ['a title in SVG, which is markup there', '<svg><title>a <b>b</b></title></svg>'],
  ])('reads %s as htmlparser2 does', (_, html) => {
    expect(strictly(html)).toEqual(withHtmlparser2(html));
  });
});
