/**
 * Issue 24 point 4: what axe asked of the Markdown's own markup. A table or code block that
 * scrolls on a phone is reachable by keyboard, and a task-list checkbox has a name; both are the
 * site's, added after the sanitizer, whose rules stay as they were.
 */
import { describe, expect, it } from 'vitest';
import { createMarkdown } from '../../src/markdown/processor.ts';

const render = createMarkdown();

describe('keyboard access to boxes that scroll', () => {
  it('gives every table and code block tabindex="0"', () => {
    const { html } = render('| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = 1;\n```\n\n    indented code\n');
    expect(html).toContain('<table tabindex="0">');
    expect([...html.matchAll(/<pre tabindex="0">/g)]).toHaveLength(2);
    expect(html).not.toMatch(/<pre>|<table>/);
  });

  it('adds it with raw HTML allowed too', () => {
    expect(createMarkdown({ allowHtml: true })('```\ncode\n```\n').html).toBe(
      '<pre tabindex="0"><code>code\n</code></pre>\n',
    );
  });

  it("leaves the sanitizer's rules as they were: GitHub's allowlist keeps a tabindex content writes", () => {
    // hast-util-sanitize's GitHub schema allows tabIndex on every element; this change adds, it does not relax or tighten.
    const { html, rawHtml } = render('Intro.\n\n<div tabindex="3">Jump here</div>\n\n<p tabindex="-1">Skip</p>\n');
    expect(html).toBe('<p>Intro.</p>\n<div tabindex="3">Jump here</div>\n<p tabindex="-1">Skip</p>\n');
    expect(rawHtml).toEqual([]);
  });

  it('puts its own tabindex="0" on a raw HTML table or pre, whatever content wrote there', () => {
    const { html } = render('<table tabindex="-1"><tr><td>1</td></tr></table>\n\n<pre tabindex="7">x</pre>\n');
    expect(html).toContain('<table tabindex="0">');
    expect(html).toContain('<pre tabindex="0">x</pre>');
    expect(html).not.toMatch(/tabindex="(-1|7)"/);
  });
});

describe('task-list checkboxes', () => {
  it("names each checkbox by its item's text, as plain text", () => {
    const { html } = render('- [x] Brief *signed* by `Ann`\n- [ ] Content delivered\n- plain item\n');
    expect(html).toContain(
      '<li class="task-list-item"><input type="checkbox" checked disabled aria-label="Brief signed by Ann"> Brief <em>signed</em> by <code>Ann</code></li>',
    );
    expect(html).toContain('<input type="checkbox" disabled aria-label="Content delivered"> Content delivered');
    expect(html).toContain('<li>plain item</li>');
  });

  it('names it by the first paragraph only in a loose list, not by a nested list', () => {
    const { html } = render('- [ ] Design\n\n  Both pages.\n\n  - [x] Home\n');
    expect(html).toContain('<p><input type="checkbox" disabled aria-label="Design"> Design</p>');
    expect(html).toContain('<input type="checkbox" checked disabled aria-label="Home"> Home');
  });

  it('names a tight item by its text before a nested list', () => {
    const { html } = render('- [ ] Designs approved\n  - [ ] By the client\n');
    expect(html).toContain('<input type="checkbox" disabled aria-label="Designs approved"> Designs approved');
    expect(html).toContain('<input type="checkbox" disabled aria-label="By the client"> By the client');
  });

  it('escapes the name as an attribute', () => {
    expect(render('- [ ] Say "hi" & <b>wave</b>\n').html).toContain('aria-label="Say &#x22;hi&#x22; &#x26; wave"');
  });
});
