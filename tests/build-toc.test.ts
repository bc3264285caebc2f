/**
 * Issue 13, item 5: a legal page or page of content/pages/ with `toc: true` shows an "On this
 * page" list linking every h2 and h3 of its text; the site check follows those links.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/build.ts';
import { resolveConfig } from '../src/config.ts';
import { scanHtml } from '../src/output/scan-html.ts';
import { copyProject, type TempProject } from './helpers/project.ts';

const GUIDE = `---
title: Guide
description: How we work.
toc: true
---

Intro with a [link to the fees](#fees--payment).

## Fees & payment

### Paying by \`invoice\`

### Paying *late*

## Contact

Text.[^1]

## Fees & payment

[^1]: A footnote.
`;

/** The "On this page" nav of a page: its label and links in order, or undefined. */
function tocOf(html: string): { label: string; hrefs: string[]; texts: string[]; nested: number } | undefined {
  const nav = /<nav class="toc" aria-label="([^"]*)">([\s\S]*?)<\/nav>/.exec(html);
  if (!nav) return undefined;
  const links = [...nav[2]!.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)];
  return {
    label: nav[1]!,
    hrefs: links.map((link) => link[1]!),
    texts: links.map((link) => link[2]!),
    nested: nav[2]!.split('<ol>').length - 2,
  };
}

/** The ids of the h2 and h3 headings in a page's text, in order. */
function headingIdsOf(html: string): string[] {
  const prose = html.slice(html.indexOf('<div class="prose">'), html.indexOf('</article>'));
  return [...prose.matchAll(/<h[23] id="([^"]+)"/g)].map((match) => match[1]!).filter((id) => id !== 'footnote-label');
}

let project: TempProject;
beforeAll(async () => {
  project = await copyProject();
  await mkdir(project.file('content/pages'), { recursive: true });
  await project.write('content/pages/guide.md', GUIDE);
  await project.write('content/pages/plain.md', GUIDE.replace('toc: true\n', ''));
  // Passes only if the site check finds every link, the list's included, on its target.
  await buildSite(resolveConfig({ root: project.root }));
}, 60_000);
afterAll(() => project.cleanup());

describe('the "On this page" list in a build', () => {
  it('links every h2 and h3 of a page with toc: true, in order, with plain text and the label from site.yaml', async () => {
    const html = await project.read('dist/guide.html');
    const toc = tocOf(html)!;
    expect(toc.label).toBe('On this page');
    expect(html).toContain('<p class="toc-title" aria-hidden="true">On this page</p>');
    expect(toc.hrefs).toEqual([
      '#fees--payment',
      '#paying-by-invoice',
      '#paying-late',
      '#contact-1',
      '#fees--payment-1',
    ]);
    expect(toc.hrefs).toEqual(headingIdsOf(html).map((id) => `#${id}`));
    expect(toc.texts).toEqual([
      'Fees &amp; payment',
      'Paying by invoice',
      'Paying late',
      'Contact',
      'Fees &amp; payment',
    ]);
    // The two h3 headings sit in a list of their own inside the first item.
    expect(toc.nested).toBe(1);
    expect(html).toMatch(/<li><a href="#fees--payment">Fees &amp; payment<\/a><ol><li><a href="#paying-by-invoice">/);
    const ids = new Set(scanHtml(html).ids);
    for (const href of toc.hrefs) expect(ids).toContain(href.slice(1));
  });

  it('shows no list on a page without toc: true', async () => {
    const html = await project.read('dist/plain.html');
    expect(headingIdsOf(html)).toHaveLength(5);
    expect(tocOf(html)).toBeUndefined();
    expect(html).not.toContain('class="toc');
    expect(await project.read('dist/thanks.html')).not.toContain('class="toc');
  });

  it('lists the sections of each shipped legal page, /terms#payment among them, and nothing else on the site', async () => {
    for (const page of ['terms', 'refund-policy', 'privacy-policy']) {
      const html = await project.read(`dist/${page}.html`);
      const toc = tocOf(html)!;
      expect(toc.hrefs.length, page).toBeGreaterThanOrEqual(9);
      expect(toc.hrefs).toEqual(headingIdsOf(html).map((id) => `#${id}`));
    }
    expect(tocOf(await project.read('dist/terms.html'))!.hrefs).toContain('#payment');
    expect(tocOf(await project.read('dist/refund-policy.html'))!.nested).toBe(1);
    for (const page of ['index', '404']) expect(await project.read(`dist/${page}.html`)).not.toContain('class="toc');
  });
});
