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
        '<svg><defs><path id="p"/></defs><use href="#p"/><rect style="fill:url(#g)"/><image href="data:image/png;base64,AA"/></svg>',
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
    ['<svg><use xlink:href="https://evil.example/s.svg#a"/></svg>', 'reference to another file'],
    ['<svg><style>@import url(https://evil.example/x.css);</style></svg>', 'imports another file'],
    ['<svg><rect style="fill:url(https://evil.example/x)"/></svg>', 'loads another file'],
    ['<svg><set attributeName="href" to="javascript:alert(1)"/></svg>', 'changes href'],
    ['<!DOCTYPE svg [<!ENTITY a "b">]><svg>&a;</svg>', '<!ENTITY>'],
  ])('refuses %s', (svg, what) => {
    expect(findActiveSvg(svg)?.what).toContain(what);
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
  ])('refuses %s', (html, what, line) => {
    expect(findActiveHtml(html)).toMatchObject({ what: expect.stringContaining(what), line });
  });
});
