/**
 * Markdown as GitHub styles it, inside the site's look: a page of content/pages/ with every GFM
 * construct, built and served, measured in real Chromium on a 375 pixel phone and a 1440 pixel
 * desktop. Set SCREENSHOTS_DIR to keep a full-page screenshot of each width for a human to look at.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { resolveConfig } from '../../src/config.ts';
import { blockThirdParty, browserAvailable, launchChromium } from '../helpers/chromium.ts';
import { pageSource, type TempProject } from '../helpers/project.ts';
import { serveFolder, type ServedFolder } from '../helpers/serve.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Every construct GitHub styles; the second table is wider than a phone (not than a desktop's text column). */
const EVERY_CONSTRUCT = `Text with \`inline code\`, <kbd>Ctrl</kbd> + <kbd>C</kbd>, ~~struck~~ and a note[^1].

| Plan | Price | Notes |
|------|------:|-------|
| Free | $0 | For trying things out |
| Pro | $19/month | Everything a small team needs, with priority support by email |

The paragraph after the table.

| Region | January | February | March | April | May | June |
|--------|--------:|---------:|------:|------:|----:|-----:|
| Europe | 1,204 | 1,315 | 1,422 | 1,530 | 1,611 | 1,708 |

- [x] Brief written
- [ ] Designs approved
  - [ ] By the client

> A quote from a happy client,
> on two lines.

\`\`\`js
const greeting = 'a line of code long enough to be wider than any phone held upright';
\`\`\`

---

<details>
<summary>What does it cost?</summary>

It depends on the project.

</details>

[^1]: The note's text.
`;

const WIDTHS = [
  { name: '375 pixel phone', viewport: { width: 375, height: 667 }, isMobile: true },
  { name: '1440 pixel desktop', viewport: { width: 1440, height: 900 }, isMobile: false },
];

let project: TempProject;
let served: ServedFolder;
let browser: Browser;

beforeAll(async () => {
  project = await copyWarmProject('agency-site-markdown-styles-');
  await project.write('content/pages/markdown.md', pageSource('Markdown', EVERY_CONSTRUCT));
  const config = resolveConfig({ root: project.root });
  await buildSite(config);
  served = await serveFolder({ root: config.outDir, base: config.base });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
  await project?.cleanup();
});

/** The computed style properties of the first element matching the selector inside the page's text. */
function styleOf(page: Page, selector: string, properties: string[]): Promise<Record<string, string>> {
  return page
    .locator(`.prose ${selector}`)
    .first()
    .evaluate((element, names) => {
      const style = getComputedStyle(element);
      return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
    }, properties);
}

/**
 * Two findings are in the Markdown's HTML, which CSS cannot change, and wait for the generator:
 * a table or code block that scrolls must be focusable (tabindex="0" on <table> and <pre>), and
 * GitHub's task-list checkboxes carry no label. Every other rule counts.
 */
const MARKUP_RULES = new Set(['scrollable-region-focusable', 'label']);

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const results = await page.evaluate(() => (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run());
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .filter((violation) => !MARKUP_RULES.has(violation.id))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const { name, viewport, isMobile } of WIDTHS) {
  describe.skipIf(!browserAvailable(`Markdown styles on a ${name}`))(`Markdown styles on a ${name}`, () => {
    let page: Page;
    beforeAll(async () => {
      // bypassCSP: the audit injects axe as an inline script, which the site's policy forbids.
      const context = await browser.newContext({
        viewport,
        isMobile,
        hasTouch: isMobile,
        reducedMotion: 'reduce',
        bypassCSP: true,
      });
      await blockThirdParty(context, served.origin);
      page = await context.newPage();
      await page.goto(`${served.origin}/markdown`);
      const folder = process.env.SCREENSHOTS_DIR;
      if (folder) {
        await mkdir(folder, { recursive: true });
        await page.screenshot({ path: path.join(folder, `markdown-${viewport.width}.png`), fullPage: true });
      }
    });
    afterAll(() => page?.context().close());

    it('never scrolls the page sideways; a wide table scrolls inside its own box', async () => {
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(viewport.width);
      const [narrow, wide] = await page.locator('.prose table').evaluateAll((tables) =>
        tables.map((table) => ({
          overflowX: getComputedStyle(table).overflowX,
          scrolls: table.scrollWidth > table.clientWidth,
          right: table.getBoundingClientRect().right,
        })),
      );
      for (const table of [narrow!, wide!]) {
        expect(table.overflowX).toBe('auto');
        expect(table.right).toBeLessThanOrEqual(viewport.width);
      }
      // Six months of figures do not fit 335 pixels; the three-column table wraps its cells instead.
      expect(wide!.scrolls).toBe(viewport.width < 400);
      expect(narrow!.scrolls).toBe(false);
      for (const selector of ['pre', 'details', 'blockquote']) {
        const right = await page
          .locator(`.prose ${selector}`)
          .first()
          .evaluate((box) => box.getBoundingClientRect().right);
        expect(right, selector).toBeLessThanOrEqual(viewport.width);
      }
    });

    it('draws tables with bordered, padded cells and room before the next paragraph', async () => {
      for (const cell of ['th', 'td']) {
        expect(
          await styleOf(page, cell, ['border-top-width', 'border-top-style', 'border-left-width', 'padding-left']),
        ).toEqual({
          'border-top-width': '1px',
          'border-top-style': 'solid',
          'border-left-width': '1px',
          'padding-left': '14px',
        });
      }
      const gap = await page
        .locator('.prose table')
        .first()
        .evaluate((table) => {
          const next = table.nextElementSibling!;
          return next.getBoundingClientRect().top - table.getBoundingClientRect().bottom;
        });
      expect(gap).toBeGreaterThanOrEqual(16);
    });

    it('shows task lists with their checkboxes and without bullets', async () => {
      expect(await styleOf(page, 'ul.contains-task-list', ['list-style-type', 'padding-left'])).toEqual({
        'list-style-type': 'none',
        'padding-left': '0px',
      });
      expect(await page.locator('.prose .task-list-item input[type=checkbox]').count()).toBe(3);
    });

    it('hides the footnotes heading from sight but not from screen readers, and shows the back-link', async () => {
      const heading = page.locator('#footnote-label');
      const box = await heading.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { width: rect.width, height: rect.height, position: getComputedStyle(element).position };
      });
      expect(box).toEqual({ width: 1, height: 1, position: 'absolute' });
      // The accessible-name lookup ignores what is merely clipped, as screen readers do.
      await expect(page.getByRole('heading', { name: 'Footnotes', level: 2 }).count()).resolves.toBe(1);
      const back = page.locator('.prose .data-footnote-backref');
      expect(await back.isVisible()).toBe(true);
      expect((await back.boundingBox())!.width).toBeGreaterThanOrEqual(8);
      expect(await styleOf(page, '.footnotes', ['border-top-style'])).toEqual({ 'border-top-style': 'solid' });
    });

    it('styles code, keys, quotes, rules and details as GitHub does', async () => {
      const inline = await styleOf(page, 'p code', ['background-color', 'font-family']);
      expect(inline['background-color']).not.toBe('rgba(0, 0, 0, 0)');
      expect(inline['font-family']).toContain('monospace');
      const block = await styleOf(page, 'pre', ['overflow-x', 'background-color', 'padding-left']);
      expect(block['overflow-x']).toBe('auto');
      expect(block['background-color']).not.toBe('rgba(0, 0, 0, 0)');
      expect(block['padding-left']).not.toBe('0px');
      expect(await styleOf(page, 'pre code', ['background-color'])).toEqual({ 'background-color': 'rgba(0, 0, 0, 0)' });
      expect(await styleOf(page, 'kbd', ['border-top-width', 'border-top-style'])).toEqual({
        'border-top-width': '1px',
        'border-top-style': 'solid',
      });
      expect(await styleOf(page, 'blockquote', ['border-left-width', 'border-left-style'])).toEqual({
        'border-left-width': '4px',
        'border-left-style': 'solid',
      });
      expect(await styleOf(page, 'hr', ['border-top-width', 'border-top-style'])).toEqual({
        'border-top-width': '2px',
        'border-top-style': 'solid',
      });
      expect(await styleOf(page, 'details', ['border-top-width', 'border-top-style'])).toEqual({
        'border-top-width': '1px',
        'border-top-style': 'solid',
      });
      const answer = page.locator('.prose details p');
      expect(await answer.isVisible()).toBe(false);
      await page.locator('.prose summary').click();
      expect(await answer.isVisible()).toBe(true);
    });

    it('has no serious or critical axe violation the stylesheet could cause', async () => {
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
