import { describe, expect, it } from 'vitest';
import { createMarkdown } from '../../src/content/markdown.ts';

describe('createMarkdown', () => {
  it('turns Markdown into HTML', () => {
    expect(createMarkdown()('## Title\n\nSome *text* and [a link](/terms).')).toBe(
      '<h2>Title</h2>\n<p>Some <em>text</em> and <a href="/terms">a link</a>.</p>\n',
    );
  });

  it('strips raw HTML and scripts by default', () => {
    const html = createMarkdown()('Hi <script>alert(1)</script><b onclick="x()">there</b>\n\n<iframe src="https://evil.example"></iframe>');
    expect(html).not.toMatch(/<script|onclick|<iframe/);
    expect(html).toContain('there');
  });

  it('keeps raw HTML only when asked to', () => {
    expect(createMarkdown({ allowHtml: true })('A <kbd>key</kbd>')).toContain('<kbd>key</kbd>');
  });

  it('drops javascript: links when sanitizing', () => {
    expect(createMarkdown()('[x](javascript:alert(1))')).not.toContain('javascript:');
  });
});
