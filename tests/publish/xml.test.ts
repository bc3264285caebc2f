import { describe, expect, it } from 'vitest';
import { escapeXml } from '../../src/publish/xml.ts';

describe('escapeXml', () => {
  it('escapes the five characters XML reserves, ampersands first', () => {
    expect(escapeXml(`Tom & Jerry's <"show"> &amp;`)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;show&quot;&gt; &amp;amp;');
  });

  it('leaves other text, including non-ASCII, as it is', () => {
    expect(escapeXml('Café – 100% https://example.com/a?b=c')).toBe('Café – 100% https://example.com/a?b=c');
  });
});
