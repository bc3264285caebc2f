import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../src/output/scan-html.ts';
import { parseScan, stringifyScan } from '../../src/output/scan-json.ts';

const PAGE =
  '<!DOCTYPE html><html><head><title>Terms &amp; Conditions</title><link rel="canonical" href="https://example.com/terms"/>' +
  '<meta name="description" content="What &quot;we&quot; promise."/></head><body><main id="main"><h1 id="t">Terms</h1>' +
  '<a href="/">Home</a><h2 id="t">Ünïcode</h2><img src="/in.png" alt="inside"/><img src="/x.png" srcSet="/x-1.png 1x, /x-2.png 2x"/></main></body></html>';

describe('stringifyScan and parseScan', () => {
  it('give back the scan as read, each optional field absent or present as it was', () => {
    for (const html of [PAGE, '<!DOCTYPE html><html><body><p>No title, no canonical.</p></body></html>']) {
      const scan = scanHtml(html);
      const back = parseScan(stringifyScan(scan));
      expect(back).toEqual(scan);
      expect(Object.keys(back)).toEqual(Object.keys(scan));
    }
  });

  it('writes no key of a reference, heading, link or image: the string is a third shorter than the JSON of the scan', () => {
    const scan = scanHtml(PAGE);
    expect(stringifyScan(scan)).not.toMatch(/"(attribute|value|level|text|href|src|alt|at)":/);
    expect(stringifyScan(scan).length).toBeLessThan(JSON.stringify(scan).length * 0.8);
  });
});
