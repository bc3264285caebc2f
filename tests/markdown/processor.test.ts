import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMarkdown, LAYOUT_IDS } from '../../src/markdown/processor.ts';

describe('createMarkdown', () => {
  it('turns Markdown into HTML', () => {
    expect(createMarkdown()('## Title\n\nSome *text* and [a link](/terms).').html).toBe(
      '<h2 id="title">Title</h2>\n<p>Some <em>text</em> and <a href="/terms">a link</a>.</p>\n',
    );
  });

  it('strips raw HTML and scripts by default', () => {
    const { html } = createMarkdown()(
      'Hi <script>alert(1)</script><b onclick="x()">there</b>\n\n<iframe src="https://evil.example"></iframe>',
    );
    expect(html).not.toMatch(/<script|onclick|<iframe/);
    expect(html).toContain('there');
  });

  it('keeps raw HTML only when asked to', () => {
    expect(createMarkdown({ allowHtml: true })('A <kbd>key</kbd>').html).toContain('<kbd>key</kbd>');
  });

  it('drops javascript: links when sanitizing, and says so (regression: they went in silence)', () => {
    const { html, rawHtml } = createMarkdown()(
      'Text\n\n[x](javascript:alert(1)) ![y](data:image/png;base64,AAAA)\n\n[z]: vbscript:msgbox',
    );
    expect(html).not.toMatch(/javascript:|data:|vbscript:/);
    expect(rawHtml).toEqual([
      { line: 3, column: 1, removed: 'a javascript: URL, a data: URL' },
      { line: 5, column: 1, removed: 'a vbscript: URL' },
    ]);
  });
});

const markdown =
  'Text with <b>bold</b>.\n\n<script>alert("x")</script>\n\n<!-- a note for editors -->\n\n[click](javascript:alert(1)) <img src="x" onerror="alert(2)">\n';

describe('createMarkdown and raw HTML', () => {
  it('drops raw HTML, scripts and javascript: links by default, and says where they were', () => {
    const { html, rawHtml } = createMarkdown()(markdown);
    expect(html).not.toMatch(/<script|alert|onerror|javascript:/);
    expect(html).toContain('<a>click</a>');
    // The comment is a note, not content: it is dropped without a report.
    // <b> is in GitHub's safe subset: kept, not reported.
    expect(html).toContain('Text with <b>bold</b>.');
    expect(rawHtml).toEqual([
      { line: 3, column: 1, removed: 'the <script> element' },
      { line: 7, column: 1, removed: 'a javascript: URL, the onerror attribute' },
    ]);
  });

  it('keeps raw HTML, scripts included, when it is explicitly allowed', () => {
    const { html, rawHtml } = createMarkdown({ allowHtml: true })(markdown);
    expect(html).toContain('<script>alert("x")</script>');
    expect(html).toContain('<b>bold</b>');
    expect(rawHtml).toEqual([]);
  });
});

describe('createMarkdown and GitHub-flavoured Markdown', () => {
  const render = createMarkdown();

  it('gives headings GitHub ids: same text same id, duplicates numbered, no prefix', () => {
    expect(render('# Terms & Conditions\n\n## Payment\n\n## Payment\n\n### `code` *and* Ünïcode!').html).toBe(
      '<h1 id="terms--conditions">Terms &#x26; Conditions</h1>\n<h2 id="payment">Payment</h2>\n<h2 id="payment-1">Payment</h2>\n' +
        '<h3 id="code-and-ünïcode"><code>code</code> <em>and</em> Ünïcode!</h3>\n',
    );
  });

  it('numbers duplicate headings per document, not per processor', () => {
    expect(render('## Payment').html).toBe(render('## Payment').html);
  });

  it('renders tables with alignment, strikethrough, autolinks and disabled task list checkboxes', () => {
    const { html, rawHtml } = render(
      '| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n\n~~gone~~ www.example.com hi@example.com\n\n- [x] done\n- [ ] todo\n',
    );
    expect(html).toContain('<th align="left">a</th>\n<th align="center">b</th>\n<th align="right">c</th>');
    expect(html).toContain(
      '<del>gone</del> <a href="http://www.example.com">www.example.com</a> <a href="mailto:hi@example.com">hi@example.com</a>',
    );
    expect(html).toContain(
      '<li class="task-list-item"><input type="checkbox" checked disabled aria-label="done"> done</li>',
    );
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" disabled aria-label="todo"> todo</li>');
    expect(rawHtml).toEqual([]);
  });

  it('links footnotes both ways with the ids GitHub serves', () => {
    const { html } = render('Text[^note].\n\n[^note]: The note.\n');
    expect(html).toContain(
      '<a href="#user-content-fn-note" id="user-content-fnref-note" data-footnote-ref aria-describedby="footnote-label">1</a>',
    );
    expect(html).toContain('<h2 class="sr-only" id="footnote-label">Footnotes</h2>');
    expect(html).toContain('<li id="user-content-fn-note">');
    expect(html).toContain(
      '<a href="#user-content-fnref-note" data-footnote-backref="" aria-label="Back to reference 1" class="data-footnote-backref">',
    );
  });

  it('keeps the raw HTML GitHub keeps, without a warning (regression: sup and details were stripped)', () => {
    const { html, rawHtml } = render(
      'E = mc<sup>2</sup>, H<sub>2</sub>O, <kbd>Ctrl</kbd>, <abbr title="HyperText">HTML</abbr>, <ins>in</ins> <del>out</del><br>\n\n<details>\n<summary>More</summary>\n\nHidden *text*.\n\n</details>\n',
    );
    expect(html).toContain(
      'E = mc<sup>2</sup>, H<sub>2</sub>O, <kbd>Ctrl</kbd>, <abbr title="HyperText">HTML</abbr>, <ins>in</ins> <del>out</del><br>',
    );
    expect(html).toContain('<details>\n<summary>More</summary>\n<p>Hidden <em>text</em>.</p>\n</details>');
    expect(rawHtml).toEqual([]);
  });

  it('removes style, iframe and event handlers with their line, and keeps the style text out', () => {
    const { html, rawHtml } = render(
      'Hi\n\n<style>body { display: none }</style>\n\n<iframe src="https://evil.example"></iframe>\n\n<kbd onmouseover="x()">k</kbd>\n',
    );
    expect(html).toBe('<p>Hi</p>\n\n\n<p><kbd>k</kbd></p>\n');
    expect(rawHtml).toEqual([
      { line: 3, column: 1, removed: 'the <style> element' },
      { line: 5, column: 1, removed: 'the <iframe> element' },
      { line: 7, column: 1, removed: 'the onmouseover attribute' },
    ]);
  });

  it('prefixes ids written in raw HTML as GitHub does, and points links in the body at them', () => {
    const { html } = render('<a id="top" name="top"></a>\n\n[up](#top) [pay](#payment)\n\n## Payment\n');
    expect(html).toContain('<a id="user-content-top" name="user-content-top"></a>');
    expect(html).toContain('<a href="#user-content-top">up</a> <a href="#payment">pay</a>');
    expect(html).toContain('<h2 id="payment">Payment</h2>');
  });

  it('keeps the ids of footnotes and headings when the page also has raw HTML', () => {
    const { html } = render('## Payment\n\nx<sup>2</sup>[^1]\n\n[^1]: n\n');
    expect(html).toContain('<h2 id="payment">Payment</h2>');
    expect(html).toContain('href="#user-content-fn-1" id="user-content-fnref-1"');
    expect(html).toContain('aria-describedby="footnote-label"');
    expect(html).toContain('<li id="user-content-fn-1">');
  });
});

describe('createMarkdown and literal autolinks', () => {
  it('links bare URLs and emails wherever text holds them, and leaves link targets and code alone', () => {
    const { html } = createMarkdown()(
      '*see www.example.com*\n\n- mail hi@example.com\n\n[a](https://example.com/x) `https://example.com/y`\n',
    );
    expect(html).toBe(
      '<p><em>see <a href="http://www.example.com">www.example.com</a></em></p>\n<ul>\n<li>mail <a href="mailto:hi@example.com">hi@example.com</a></li>\n</ul>\n' +
        '<p><a href="https://example.com/x">a</a> <code>https://example.com/y</code></p>\n',
    );
  });
});

describe('createMarkdown and the layout ids', () => {
  it('numbers a heading whose id the layout already uses (regression: "## Main" made a second id="main")', () => {
    expect(createMarkdown()('## Main\n\n## Contact\n\n## Payment').html).toBe(
      '<h2 id="main-1">Main</h2>\n<h2 id="contact-1">Contact</h2>\n<h2 id="payment">Payment</h2>\n',
    );
  });

  it('reserves the anchors of every home section type and their headings (regression: "## Services title" gave a second id)', () => {
    expect(createMarkdown()('## FAQ\n\n## Services title\n\n## Team').html).toBe(
      '<h2 id="faq-1">FAQ</h2>\n<h2 id="services-title-1">Services title</h2>\n<h2 id="team-1">Team</h2>\n',
    );
  });

  it('knows every fixed id the templates write', () => {
    const ids = new Set<string>();
    for (const name of readdirSync('templates', { recursive: true }).map(String)) {
      if (!/\.tsx?$/.test(name)) continue;
      for (const match of readFileSync(path.join('templates', name), 'utf8').matchAll(/\bid="([^"]+)"/g))
        ids.add(match[1]!);
    }
    expect(ids.size).toBeGreaterThan(5);
    expect([...ids].filter((id) => !LAYOUT_IDS.includes(id))).toEqual([]);
  });
});
