import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findActiveHtml, findActiveSvg } from '../../src/publish/active-content.ts';
import { PROJECT_ROOT } from '../helpers/project.ts';

describe('findActiveSvg', () => {
  it("passes the project's own SVGs and references to an SVG's own elements", () => {
    const folder = path.join(PROJECT_ROOT, 'public');
    const svgs = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThan(3);
    for (const name of svgs) expect(findActiveSvg(readFileSync(path.join(folder, name), 'utf8')), name).toBeUndefined();
    expect(
      findActiveSvg(
        '<svg><defs><path id="p"/></defs><use href="#p"/><rect style="fill:url(#g)" fill="url(#g)"/><image href="data:image/png;base64,AA"/></svg>',
      ),
    ).toBeUndefined();
  });

  it.each([
    ['<svg><script>alert(1)</script></svg>', '<script> element'],
    ['<svg><SCRIPT>alert(1)</SCRIPT></svg>', '<script> element'],
    ['<svg><foreignObject><iframe/></foreignObject></svg>', '<foreignobject> element'],
    ['<svg><a title=">" onclick="alert(1)"><text>x</text></a></svg>', 'onclick'],
    ['<svg><a href="javascript:alert(1)"><text>x</text></a></svg>', 'reference to another file'],
    ['<svg><a href="&#106;avascript:alert(1)">x</a></svg>', 'reference to another file'],
    ['<svg><use xlink:href="https://evil.example/s.svg#a"/></svg>', '<use> of another document'],
    ['<svg><style>@import url(https://evil.example/x.css);</style></svg>', 'imports another file'],
    ['<svg><rect style="fill:url(https://evil.example/x)"/></svg>', 'loads another file'],
    // Regression (issue 39): presentation attributes were not read for url(...).
    ['<svg><rect fill="url(https://evil.example/x.svg#g)"/></svg>', 'url(...) in the fill attribute'],
    ['<svg><rect filter="url( //evil.example/f.svg#f )"/></svg>', 'url(...) in the filter attribute'],
    ['<svg><rect mask="u\\72l(https://evil.example/m.svg#m)"/></svg>', 'url(...) in the mask attribute'],
    ['<svg><set attributeName="href" to="javascript:alert(1)"/></svg>', 'changes href'],
    ['<!DOCTYPE svg [<!ENTITY a "b">]><svg>&a;</svg>', '<!ENTITY>'],
    // Read as XML, as browsers read image/svg+xml: no element is raw text, so a <style> hides nothing.
    ['<svg><desc><style><script>alert(1)</script></style></desc></svg>', '<script> element'],
    ["<svg><!-- <a title=' --><script>alert(1)</script><!-- ' --></svg>", '<script> element'],
    ['<svg><x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script></svg>', '<script> element'],
    ['<svg><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></svg>', '<script> element'],
    ['<svg><iframe xmlns="http://www.w3.org/1999/xhtml" src="/x"/></svg>', '<iframe> element'],
    ['<svg><h:embed xmlns:h="http://www.w3.org/1999/xhtml" src="/x"/></svg>', '<embed> element'],
    ['<svg><object data="/x"/></svg>', '<object> element'],
    ['<svg><handler type="application/ecmascript">alert(1)</handler></svg>', '<handler> element'],
    ['<svg onload="alert(1)"/>', 'onload'],
    ['<svg><a xmlns:q="http://www.w3.org/1999/xlink" q:href="javascript:alert(1)">x</a></svg>', 'reference'],
    ['<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>', 'changes href'],
    ['<svg><set attributeName="xlink:href" to="javascript:alert(1)"/></svg>', 'changes href'],
    ['<svg><animate attributeName="onclick" to="alert(1)"/></svg>', 'changes onclick'],
    ['<svg><use href="other.svg#a"/></svg>', '<use> of another document'],
    ['<svg><use href="#a" xlink:href="other.svg#a"/></svg>', '<use> of another document'],
    ['<svg><image href="https://tracker.example/p.png"/></svg>', 'reference to another file'],
    ['<svg><image href="data:image/svg+xml;base64,PHN2Zy8+"/></svg>', 'reference to another file'],
    ['<?xml-stylesheet href="t.xsl" type="text/xsl"?><svg/>', 'stylesheet'],
    ['<svg><style>@\\69mport url(x.css);</style></svg>', 'imports another file'],
    ['<svg><style><![CDATA[ @import "x.css"; ]]></style></svg>', 'imports another file'],
    ['<svg><style>rect{fill:image-set("https://evil.example/x.png" 1x)}</style></svg>', 'loads another file'],
    ['<svg><rect style="fill:u\\72l(https://evil.example/x)"/></svg>', 'loads another file'],
    ['<svg><style>svg{background:url( "https://evil.example/x" )}</style></svg>', 'loads another file'],
    ['<svg xml:base="https://evil.example/"><use href="#a"/></svg>', 'xml:base'],
    ['<?xml version="1.0" encoding="ISO-2022-JP"?><svg/>', 'encoding other than UTF-8'],
  ])('refuses %s', (svg, what) => {
    expect(findActiveSvg(svg)?.what).toContain(what);
  });

  it('passes a plain DOCTYPE, gradients by id, inline raster data and editor metadata', () => {
    expect(
      findActiveSvg(
        '<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
          '<metadata><rdf:RDF><rdf:Description rdf:about=""/></rdf:RDF></metadata>' +
          '<style>.a{fill:url(#g)}</style><linearGradient id="g"/><use href="#g"/>' +
          '<image href="data:image/png;base64,AA"/><animate attributeName="opacity" to="0"/></svg>',
      ),
    ).toBeUndefined();
  });

  it('gives the line and column of the tag', () => {
    expect(findActiveSvg('<svg>\n  <g>\n    <script/>\n  </g>\n</svg>')).toMatchObject({ line: 3, column: 5 });
  });
});

describe('findActiveHtml', () => {
  it('passes a plain page with links and images', () => {
    expect(
      findActiveHtml(
        '<!DOCTYPE html><a href="/terms">t</a><img src="/logo.svg" alt=""><a href="mailto:a@b.example">m</a>',
      ),
    ).toBeUndefined();
  });

  it.each([
    ['<p>x</p>\n<script src="/x.js"></script>', '<script> element', 2],
    ['<img src=x onerror=alert(1)>', 'onerror', 1],
    ['<a href=" jav&#x09;ascript:alert(1)">x</a>', 'javascript: URL', 1],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', '<iframe> element', 1],
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', 'refresh', 1],
    // Regression (issue 23): a comment that opens a fake quoted attribute hid the script from the old scanner.
    ['<!-- <a title=\' --> <script src="/e.js"> <!-- \' > -->', '<script> element', 1],
    // Comments end where the HTML standard ends them, not where a careless scanner would.
    ['<!--> <script>alert(1)</script> -->', '<script> element', 1],
    ['<!---> <script>alert(1)</script> -->', '<script> element', 1],
    ['<!-- x --!>\n<script>alert(1)</script> -->', '<script> element', 2],
    ['<![CDATA[ > <script>alert(1)</script> ]]>', '<script> element', 1],
    ['<p title="</p><script>">x</p>\n<script>alert(1)</script>', '<script> element', 2],
    // Foreign content and raw text elements as browsers parse them (the mutation XSS family).
    ['<svg><style><img src=x onerror=alert(1)></style></svg>', 'onerror', 1],
    ['<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">', 'onerror', 1],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', '<noscript> element', 1],
    ['<template><script>alert(1)</script></template>', '<script> element', 1],
    ['<div><template shadowrootmode="open"><img src=x onerror=alert(1)></template></div>', 'onerror', 1],
    ['<body onload="alert(1)">', 'onload', 1],
    ['<input autofocus onfocus=alert(1)>', 'onfocus', 1],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', 'javascript: URL in href', 1],
    ['<a href="&#x6A;avascript&colon;alert(1)">x</a>', 'javascript: URL', 1],
    ['<a href="java&#x0A;script:alert(1)">x</a>', 'javascript: URL', 1],
    ['<a href="\u0001 javascript:alert(1)">x</a>', 'javascript: URL', 1],
    ['<a href="vbscript:msgbox(1)">x</a>', 'vbscript: URL', 1],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', 'data: URL in href', 1],
    ['<form action="javascript:alert(1)"><button>x</button></form>', 'javascript: URL in action', 1],
    ['<form><button formaction="javascript:alert(1)">x</button></form>', 'javascript: URL in formaction', 1],
    ['<img srcset="javascript:alert(1) 1x">', 'javascript: URL in srcset', 1],
    ['<math href="javascript:alert(1)">x</math>', 'javascript: URL in href', 1],
    ['<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', 'javascript: URL in href', 1],
    ['<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>', 'changes href', 1],
    ['<svg><set attributeName="onmouseover" to="alert(1)"/></svg>', 'changes onmouseover', 1],
    ['<svg><foreignObject><p>x</p></foreignObject></svg>', '<foreignobject> element', 1],
    ['<svg><use href="https://evil.example/x.svg#a"/></svg>', '<use> of another document', 1],
    ['<iframe src="/x"></iframe>', '<iframe> element', 1],
    ['<object data="/x"></object>', '<object> element', 1],
    ['<embed src="/x">', '<embed> element', 1],
    ['<base href="https://evil.example/">', '<base> element', 1],
    ['<frameset><frame src="/x"></frameset>', '<frameset> element', 1],
    ['<portal src="/x"></portal>', '<portal> element', 1],
    ['<meta http-equiv=" Refresh " content="0;url=/x">', 'refresh', 1],
    ['<link rel="import" href="/x.html">', 'rel="import"', 1],
    ['<script type="text/plain">x</script>', '<script> element', 1],
    ['<meta charset="shift_jis"><p>x</p>', 'encoding other than UTF-8', 1],
    ['<meta http-equiv="Content-Type" content="text/html; charset=utf-16">', 'encoding other than UTF-8', 1],
  ])('refuses %s', (html, what, line) => {
    expect(findActiveHtml(html)).toMatchObject({ what: expect.stringContaining(what), line });
  });

  it('passes styles, fragments, inline raster images, an <svg> using its own symbols, and <xmp> text', () => {
    expect(
      findActiveHtml(
        '<!DOCTYPE html><meta charset="utf-8"><meta name="description" content="charset=latin1"><style>p{color:red}</style><a href="#top">t</a><img src="data:image/png;base64,AA" alt="">' +
          '<svg><use href="#icon"/></svg><xmp><script>shown as text</script></xmp>',
      ),
    ).toBeUndefined();
  });

  it('reads thousands of nested elements without overflowing the stack', () => {
    const deep = `${'<div>'.repeat(20_000)}<img src=x onerror=alert(1)>`;
    expect(findActiveHtml(deep)?.what).toContain('onerror');
    expect(findActiveSvg(`<svg>${'<g>'.repeat(20_000)}<script/>${'</g>'.repeat(20_000)}</svg>`)?.what).toContain(
      'script',
    );
  });
});
