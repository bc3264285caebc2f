/**
 * Issue 22 point 6: the site check reads the pages this site writes with the strict reader
 * (src/output/strict-html.ts), not htmlparser2's tokenizer, which took most of its time. A page
 * the strict reader leaves is still read right (by htmlparser2), only slower: this test says when
 * a template or the Markdown starts writing something it leaves.
 */
import { describe, expect, it } from 'vitest';
import { buildSite } from '../src/build.ts';
import { resolveConfig } from '../src/config.ts';
import { readStrictHtml } from '../src/output/strict-html.ts';
import { PROJECT_ROOT } from './helpers/project.ts';

describe('the shipped site', () => {
  it('is read by the strict reader, every page', async () => {
    const result = await buildSite(resolveConfig({ root: PROJECT_ROOT, cache: false, threads: 0 }), { write: false });
    const pages = result.output.filter((file) => file.path.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(5);
    const refused = pages.filter((file) => {
      const html = typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents!).toString('utf8');
      const events = { onopentag() {}, ontext() {}, onclosetag() {} };
      return !readStrictHtml(html, events, { startIndex: 0, endIndex: 0 });
    });
    expect(refused.map((file) => file.path)).toEqual([]);
  });
});
