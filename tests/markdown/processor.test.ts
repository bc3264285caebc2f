import { describe, expect, it } from 'vitest';
import { createMarkdown } from '../../src/markdown/processor.ts';

describe('createMarkdown', () => {
  it('turns Markdown into HTML', () => {
    expect(createMarkdown()('## Title\n\nSome *text* and [a link](/terms).').html).toBe(
      '<h2>Title</h2>\n<p>Some <em>text</em> and <a href="/terms">a link</a>.</p>\n',
    );
  });

  it('strips raw HTML and scripts by default', () => {
    const { html } = createMarkdown()('Hi <script>alert(1)</script><b onclick="x()">there</b>\n\n<iframe src="https://evil.example"></iframe>');
    expect(html).not.toMatch(/<script|onclick|<iframe/);
    expect(html).toContain('there');
  });

  it('keeps raw HTML only when asked to', () => {
    expect(createMarkdown({ allowHtml: true })('A <kbd>key</kbd>').html).toContain('<kbd>key</kbd>');
  });

  it('drops javascript: links when sanitizing', () => {
    expect(createMarkdown()('[x](javascript:alert(1))').html).not.toContain('javascript:');
  });
});

const markdown = 'Text with <b>bold</b>.\n\n<script>alert("x")</script>\n\n<!-- a note for editors -->\n\n[click](javascript:alert(1)) <img src="x" onerror="alert(2)">\n';

describe('createMarkdown and raw HTML', () => {
  it('drops raw HTML, scripts and javascript: links by default, and says where they were', () => {
    const { html, rawHtml } = createMarkdown()(markdown);
    expect(html).not.toMatch(/<script|alert|onerror|javascript:|<b>/);
    expect(html).toContain('<a>click</a>');
    // The comment is a note, not content: it is dropped without a report.
    expect(rawHtml).toEqual([
      { line: 1, column: 11 },
      { line: 3, column: 1 },
      { line: 7, column: 30 },
    ]);
  });

  it('keeps raw HTML, scripts included, when it is explicitly allowed', () => {
    const { html, rawHtml } = createMarkdown({ allowHtml: true })(markdown);
    expect(html).toContain('<script>alert("x")</script>');
    expect(html).toContain('<b>bold</b>');
    expect(rawHtml).toEqual([]);
  });
});
