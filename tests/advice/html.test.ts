import { describe, expect, it } from 'vitest';
import { scanPageHtml } from '../../src/advice/html.ts';

const PAGE =
  '<!DOCTYPE html><html><head><title>Terms &amp; Conditions | Northwind Studio</title>' +
  '<meta name="description" content="What &quot;we&quot; promise."/><script type="application/ld+json">{"a":"<h1>no</h1>"}</script></head>' +
  '<body><a class="skip" href="#main">Skip to main content</a><main id="main"><h1 id="t">Terms</h1>' +
  '<a href="/"><span aria-hidden="true">←</span> Back to <strong>Home</strong></a>' +
  '<div class="prose"><h2>Payment</h2><p>Pay <a href="/pay">here</a>.</p><img src="/in.png" alt="inside"/></div>' +
  '<a href="#top" aria-hidden="true" tabindex="-1"></a><img src="/logo.svg" alt=""/><img src="/x.png"/></main></body></html>';

describe('scanPageHtml', () => {
  const prose = PAGE.indexOf('<div class="prose">');
  const scan = scanPageHtml(PAGE, [[prose, PAGE.indexOf('</div>', prose)]], { words: true });

  it('reads the title and description as text', () => {
    expect(scan.title).toBe('Terms & Conditions | Northwind Studio');
    expect(scan.description).toBe('What "we" promise.');
  });

  it('lists every heading with its level, marking those inside the Markdown', () => {
    expect(scan.headings).toEqual([
      { level: 1, text: 'Terms', region: -1 },
      { level: 2, text: 'Payment', region: 0 },
    ]);
  });

  it('names template links as screen readers do, and leaves Markdown links and hidden links out', () => {
    expect(scan.links).toEqual([
      { href: '#main', text: 'Skip to main content' },
      { href: '/', text: 'Back to Home' },
    ]);
  });

  it('lists template images with their alt, undefined when the attribute is missing', () => {
    expect(scan.images).toEqual([
      { src: '/logo.svg', alt: '' },
      { src: '/x.png', alt: undefined },
    ]);
  });

  it('counts the words inside main when asked', () => {
    // Terms / Back to Home / Payment / Pay here. / inside (the alt of the image)
    expect(scan.words).toBe(8);
    expect(scanPageHtml(PAGE).words).toBe(0);
  });

  it('passes over tags that only begin like the ones it reads, and over scripts in the body', () => {
    const html =
      '<html><head><title>T</title></head><body><header><abbr title="x">AB</abbr><h7>no</h7><hr/><address>here</address>' +
      '<a href="/real">Real link</a><script>document.write("<a href=\'/no\'>no</a><h2>no</h2>")</script>' +
      '<main><h2 class="x">Real</h2><h3>Also</h3><img src="/i.png" alt="i"/><style>h3{}</style></main></header></body></html>';
    const found = scanPageHtml(html);
    expect(found.headings).toEqual([
      { level: 2, text: 'Real', region: -1 },
      { level: 3, text: 'Also', region: -1 },
    ]);
    expect(found.links).toEqual([{ href: '/real', text: 'Real link' }]);
    expect(found.images).toEqual([{ src: '/i.png', alt: 'i' }]);
  });
});
