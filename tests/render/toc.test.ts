import { describe, expect, it } from 'vitest';
import { createMarkdown } from '../../src/markdown/processor.ts';
import { scanHtml } from '../../src/output/scan-html.ts';
import { createTocLinks } from '../../src/render/toc.ts';

const markdown = createMarkdown();
const tocOf = (source: string) => createTocLinks(markdown(source).html);
const link = (label: string, id: string) => ({ label, href: `#${id}` });

describe('createTocLinks', () => {
  it('lists every h2 with the h3 headings under it nested, in the order of the page', () => {
    const toc = tocOf(
      '# Title\n\n## Fees\n\n### Late fees\n\n### Refunds\n\n## Law\n\n#### Detail\n\n## Contact us\n\n### By mail\n',
    );
    expect(toc).toEqual([
      { ...link('Fees', 'fees'), children: [link('Late fees', 'late-fees'), link('Refunds', 'refunds')] },
      { ...link('Law', 'law'), children: [] },
      // "contact" is the layout's id, so the Markdown heading gets contact-us from its own text.
      { ...link('Contact us', 'contact-us'), children: [link('By mail', 'by-mail')] },
    ]);
  });

  it('links to the ids the page really has, duplicates numbered as GitHub numbers them', () => {
    const { html } = markdown('## Fees\n\ntext\n\n## Fees\n\n### Fees\n\n## Contact\n');
    const toc = createTocLinks(html);
    expect(toc.map(({ href }) => href)).toEqual(['#fees', '#fees-1', '#contact-1']);
    expect(toc[1]!.children).toEqual([link('Fees', 'fees-2')]);
    const ids = new Set(scanHtml(html).ids);
    for (const { href, children } of toc)
      for (const target of [href, ...children.map((child) => child.href)]) expect(ids).toContain(target.slice(1));
  });

  it('puts the h3 headings that come before any h2 at the top level', () => {
    expect(tocOf('### Before\n\n### Also before\n\n## First\n\n### Under\n')).toEqual([
      { ...link('Before', 'before'), children: [] },
      { ...link('Also before', 'also-before'), children: [] },
      { ...link('First', 'first'), children: [link('Under', 'under')] },
    ]);
  });

  it('gives plain text for headings with code, emphasis, links, strikethrough, entities and images', () => {
    const toc = tocOf(
      '## Pay `npm ci` *now* via [our portal](/pay) ~~today~~\n\n## Fish &amp; **chips**\n\n## Tom &lt;b&gt; Jerry\n',
    );
    expect(toc.map(({ label }) => label)).toEqual([
      'Pay npm ci now via our portal today',
      'Fish & chips',
      'Tom <b> Jerry',
    ]);
    // An image gives its alt text, as github-slugger takes it for the id (the <picture> of a Markdown image included).
    const image =
      '<h2 id="logo-fish"><picture><source srcset="/a.avif" type="image/avif"><img src="/a.png" alt="Logo" width="1" height="1"></picture> Fish</h2>';
    expect(createTocLinks(image)).toEqual([{ ...link('Logo Fish', 'logo-fish'), children: [] }]);
  });

  it('collapses the whitespace of line breaks and raw HTML but keeps a no-break space', () => {
    const html = '<h2 id="a">\n  Two\n  lines<br>joined  </h2><h2 id="b">10&nbsp;% off</h2>';
    expect(createTocLinks(html).map(({ label }) => label)).toEqual(['Two lines joined', '10\u00a0% off']);
  });

  it('leaves out footnote numbers in headings and the footnotes\u2019 own screen-reader heading', () => {
    const { html } = markdown('## Payment[^1]\n\nText.\n\n[^1]: Within 30 days.\n');
    expect(html).toContain('id="footnote-label"');
    expect(createTocLinks(html)).toEqual([{ ...link('Payment', 'payment'), children: [] }]);
  });

  it('links raw HTML headings by their (prefixed) id and leaves out headings without an id, h1 and h4', () => {
    const { html } = markdown(
      '<h2 id="extra">Extra</h2>\n\n<h3>No id</h3>\n\n<h1 id="top">Top</h1>\n\n#### Deep\n\n### Kept\n',
    );
    expect(createTocLinks(html)).toEqual([
      { ...link('Extra', 'user-content-extra'), children: [link('Kept', 'kept')] },
    ]);
  });

  it('leaves out a heading with no text, and gives an empty list for a page without headings', () => {
    expect(createTocLinks('<h2 id="empty">  </h2><h2 id="x"><img src="/a.png" alt=""></h2>')).toEqual([]);
    expect(tocOf('Just a paragraph.\n')).toEqual([]);
  });
});
