import { describe, expect, it } from 'vitest';
import { regionAt } from '../../src/advice/page-rules.ts';
import { scanHtml } from '../../src/output/scan-html.ts';

const PAGE =
  '<!DOCTYPE html><html><head><title>Terms &amp; Conditions | Northwind Studio</title>' +
  '<link rel="Canonical stylesheet" href="https://example.com/terms"/><link rel="canonical" href="https://example.com/other"/>' +
  '<meta name="description" content="What &quot;we&quot; promise."/><script type="application/ld+json">{"a":"<h1 id=\'no\'>no</h1>"}</script></head>' +
  '<body><a class="skip" href="#main">Skip to main content</a><main id="main"><h1 id="t">Terms</h1>' +
  '<a href="/"><span aria-hidden="true">←</span> Back to <strong>Home</strong></a>' +
  '<div class="prose"><h2>Payment</h2><p>Pay <a href="/pay">here</a>.</p><img src="/in.png" alt="inside"/></div>' +
  '<a href="#top" aria-hidden="true" tabindex="-1"></a><img src="/logo.svg" alt=""/><img src="/x.png" srcSet="/x-1.png 1x, /x-2.png 2x"/></main></body></html>';

describe('scanHtml', () => {
  const scan = scanHtml(PAGE);
  const prose = PAGE.indexOf('<div class="prose">');
  const regions = [[prose, PAGE.indexOf('</div>', prose)]] as const;

  it('reads the title and description as text, and the first canonical link, its rel in any case', () => {
    expect(scan.title).toBe('Terms & Conditions | Northwind Studio');
    expect(scan.description).toBe('What "we" promise.');
    expect(scan.canonical).toBe('https://example.com/terms');
  });

  it('lists the ids and every link and file the page references, srcset by its URLs, nothing from scripts', () => {
    expect(scan.ids).toEqual(['main', 't']);
    expect(scan.references.map(({ attribute, value }) => `${attribute} ${value}`)).toEqual([
      'href https://example.com/terms',
      'href https://example.com/other',
      'href #main',
      'href /',
      'href /pay',
      'src /in.png',
      'href #top',
      'src /logo.svg',
      'src /x.png',
      'srcset /x-1.png',
      'srcset /x-2.png',
    ]);
  });

  it('lists every heading with its level and where it starts, so the advice can tell Markdown from templates', () => {
    expect(scan.headings.map(({ level, text }) => ({ level, text }))).toEqual([
      { level: 1, text: 'Terms' },
      { level: 2, text: 'Payment' },
    ]);
    expect(scan.headings.map((heading) => regionAt(regions, heading.at))).toEqual([-1, 0]);
  });

  it('names links as screen readers do, and leaves hidden links out', () => {
    expect(scan.links.map(({ href, text }) => ({ href, text }))).toEqual([
      { href: '#main', text: 'Skip to main content' },
      { href: '/', text: 'Back to Home' },
      { href: '/pay', text: 'here' },
    ]);
    expect(scan.links.map((link) => regionAt(regions, link.at))).toEqual([-1, -1, 0]);
  });

  it('lists images with their alt, undefined when the attribute is missing', () => {
    expect(scan.images.map(({ src, alt }) => ({ src, alt }))).toEqual([
      { src: '/in.png', alt: 'inside' },
      { src: '/logo.svg', alt: '' },
      { src: '/x.png', alt: undefined },
    ]);
  });

  it('counts the words inside main, alt texts included', () => {
    // Terms / Back to Home / Payment / Pay here. / inside (the alt of the image)
    expect(scan.words).toBe(8);
  });

  it('passes over tags that only begin like the ones it reads, and over scripts in the body', () => {
    const html =
      '<html><head><title>T</title></head><body><header><abbr title="x">AB</abbr><h7>no</h7><hr/><address>here</address>' +
      '<a href="/real">Real link</a><script>document.write("<a href=\'/no\'>no</a><h2>no</h2>")</script>' +
      '<main><h2 class="x">Real</h2><h3>Also</h3><img src="/i.png" alt="i"/><style>h3{}</style></main></header></body></html>';
    const found = scanHtml(html);
    expect(found.headings.map(({ level, text }) => ({ level, text }))).toEqual([
      { level: 2, text: 'Real' },
      { level: 3, text: 'Also' },
    ]);
    expect(found.links.map(({ href, text }) => ({ href, text }))).toEqual([{ href: '/real', text: 'Real link' }]);
    expect(found.images.map(({ src, alt }) => ({ src, alt }))).toEqual([{ src: '/i.png', alt: 'i' }]);
  });

  it('reads a link inside an aria-hidden part by its own text, and leaves the hidden part out of the words', () => {
    const found = scanHtml(
      '<body><main><div aria-hidden="true">Hidden <a href="/x">Go to x</a></div><p>Seen</p></main></body>',
    );
    expect(found.links.map(({ text }) => text)).toEqual(['Go to x']);
    expect(found.words).toBe(1);
  });
});
