/**
 * The look holds whatever sections an editor adds (issue 41): the every-section home page of
 * fixtures/every-section-home.yaml, built by the generator and measured in real Chromium at 375,
 * 768 and 1440 pixels: no sideways scroll, no grid row ending beside an empty cell, neighbours on
 * different backgrounds, one space around every section's content, one centred axis for every
 * heading, the site's own typeface, and no axe violation. The AI demo shows its drawn chat window
 * while the frame loads and its fallback when it cannot.
 * Set SCREENSHOTS_DIR to keep full-page screenshots.
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
import { blockThirdParty, browserAvailable, launchChromium, loadEveryImage } from '../helpers/chromium.ts';
import type { TempProject } from '../helpers/project.ts';
import { serveFolder, type ServedFolder } from '../helpers/serve.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const HOME_YAML = readFileSync(new URL('./fixtures/every-section-home.yaml', import.meta.url), 'utf8');
const GRIDS = '.card-grid, .tile-grid, .quote-grid, .plan-grid, .team-grid, .news-cards, .stats-row, .logo-grid';

const WIDTHS = [
  { viewport: { width: 375, height: 740 }, isMobile: true },
  { viewport: { width: 768, height: 1024 }, isMobile: false },
  { viewport: { width: 1440, height: 900 }, isMobile: false },
];

let project: TempProject;
let served: ServedFolder;

beforeAll(async () => {
  project = await copyWarmProject('agency-site-design-');
  await project.write('content/home.yaml', HOME_YAML);
  const config = resolveConfig({ root: project.root });
  await buildSite(config);
  served = await serveFolder({ root: config.outDir, base: config.base });
}, 300_000);

afterAll(async () => {
  await served?.close();
  await project?.cleanup();
});

/** Each grid's rows (items grouped by their top), as the space left of the first item and right of the last. */
function gridRows(page: Page) {
  return page.evaluate((selector) => {
    const found: Array<{ grid: string; row: number; items: number; left: number; right: number }> = [];
    for (const grid of document.querySelectorAll<HTMLElement>(selector)) {
      const box = grid.getBoundingClientRect();
      const rows = new Map<number, DOMRect[]>();
      for (const item of grid.children) {
        const rect = item.getBoundingClientRect();
        const top = Math.round(rect.top);
        rows.set(top, [...(rows.get(top) ?? []), rect]);
      }
      const name = `${grid.closest('section')?.id} .${grid.classList[0]}`;
      [...rows.values()].forEach((rects, row) => {
        const left = Math.min(...rects.map((rect) => rect.left)) - box.left;
        const right = box.right - Math.max(...rects.map((rect) => rect.right));
        found.push({ grid: name, row, items: rects.length, left, right });
      });
    }
    return found;
  }, GRIDS);
}

/** main's children, top to bottom: background, paddings, edges and the header's centre against its container's. */
function bands(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main > *')].map((band) => {
      const style = getComputedStyle(band);
      const rect = band.getBoundingClientRect();
      const header = band.querySelector<HTMLElement>('.section-header');
      const container = band.querySelector<HTMLElement>('.container');
      const centre = (element: HTMLElement) => {
        const box = element.getBoundingClientRect();
        return box.left + box.width / 2;
      };
      return {
        id: band.id || band.className,
        section: band.classList.contains('section'),
        background: `${style.backgroundColor} ${style.backgroundImage}`,
        paddingTop: style.paddingTop,
        paddingBottom: style.paddingBottom,
        top: rect.top + scrollY,
        bottom: rect.bottom + scrollY,
        headerOffCentre: header && container ? Math.abs(centre(header) - centre(container)) : 0,
        headerAlign: header ? getComputedStyle(header).textAlign : 'center',
      };
    }),
  );
}

describe.skipIf(!browserAvailable('the every-section home page, designed'))(
  'the every-section home page, designed',
  () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(() => browser?.close());

    for (const { viewport, isMobile } of WIDTHS) {
      it(`at ${viewport.width} pixels: no sideways scroll, no grid holes, alternating bands on one scale and axis, no axe violation`, {
        timeout: 120_000,
      }, async () => {
        const context = await browser.newContext({ viewport, isMobile, hasTouch: isMobile, bypassCSP: true });
        const blocked = await blockThirdParty(context, served.origin);
        const page = await context.newPage();
        const fonts: string[] = [];
        page.on('requestfinished', (request) => {
          if (request.resourceType() === 'font') fonts.push(request.url());
        });
        await page.goto(`${served.origin}/`);
        expect(await loadEveryImage(page)).toEqual([]);
        await page.evaluate(() => document.fonts.ready);

        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

        // A row ending beside an empty cell leaves more room on one side than on the other.
        const rows = await gridRows(page);
        expect(new Set(rows.map((row) => row.grid)).size).toBe(9);
        const holes = rows.filter((row) => Math.abs(row.left - row.right) > 1.5);
        expect(holes).toEqual([]);

        // A post without a picture gets a drawn cover, so its title lines up with its neighbour's.
        const covers = await page.$$eval('#news .news-card > :first-child', (tops) =>
          tops.map((top) => `${top.localName}.${top.className} ${Math.round(top.getBoundingClientRect().height)}`),
        );
        expect(covers.some((cover) => cover.startsWith('span.news-cover'))).toBe(true);
        expect(new Set(covers.map((cover) => cover.split(' ')[1])).size).toBe(1);
        expect(Number(covers[0]!.split(' ')[1])).toBeGreaterThan(100);

        const all = await bands(page);
        for (let index = 1; index < all.length; index++) {
          const [above, below] = [all[index - 1]!, all[index]!];
          expect(below.background, `${above.id} and ${below.id} share a background`).not.toBe(above.background);
          expect(Math.abs(below.top - above.bottom), `a gap between ${above.id} and ${below.id}`).toBeLessThan(1);
        }
        const sections = all.filter((band) => band.section);
        expect(sections.length).toBe(16);
        const space = sections[0]!.paddingTop;
        expect(Number.parseFloat(space)).toBeGreaterThanOrEqual(56);
        expect(sections.filter((band) => band.paddingTop !== space || band.paddingBottom !== space)).toEqual([]);
        expect(sections.filter((band) => band.headerOffCentre > 1 || band.headerAlign !== 'center')).toEqual([]);

        // The site's own typeface, from this origin, and no third party asked but the chat frame.
        expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Jakarta,/);
        expect(await page.evaluate(() => document.fonts.check('700 16px Jakarta'))).toBe(true);
        expect(fonts.length).toBe(1);
        expect(new URL(fonts[0]!).origin).toBe(served.origin);
        expect(blocked.filter((url) => !url.startsWith('https://chat.chathive.app/'))).toEqual([]);

        const folder = process.env.SCREENSHOTS_DIR;
        if (folder) {
          await mkdir(folder, { recursive: true });
          await page.screenshot({ path: path.join(folder, `home-design-${viewport.width}.png`), fullPage: true });
        }

        await page.addScriptTag({ content: AXE_SOURCE });
        const results = await page.evaluate(() =>
          (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run(),
        );
        const violations = results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
        expect(violations).toEqual([]);
        await context.close();
      });
    }

    it.each(WIDTHS)(
      'swaps from the metric-matched fallback to Jakarta without moving a line at $viewport.width px',
      {
        timeout: 60_000,
      },
      async ({ viewport, isMobile }) => {
        const context = await browser.newContext({ viewport, isMobile, reducedMotion: 'reduce' });
        await blockThirdParty(context, served.origin);
        // The typeface arrives well after the first paint, as on a slow phone network.
        let release = () => {};
        const late = new Promise<void>((resolve) => {
          release = resolve;
        });
        await context.route(/\.woff2$/, async (route) => {
          await late;
          await route.continue();
        });
        await context.addInitScript(() => {
          const shifts: number[] = [];
          (window as unknown as { shifts: number[] }).shifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
          }).observe({ type: 'layout-shift', buffered: true });
        });
        const page = await context.newPage();
        await page.goto(`${served.origin}/`, { waitUntil: 'domcontentloaded' });
        await page.evaluate(() => new Promise(requestAnimationFrame));
        expect(await page.evaluate(() => document.fonts.check('16px Jakarta'))).toBe(false);
        release();
        await page.evaluate(async () => {
          await document.fonts.load('16px Jakarta');
          await new Promise(requestAnimationFrame);
        });
        expect(await page.evaluate(() => document.fonts.check('16px Jakarta'))).toBe(true);
        const shift = await page.evaluate(() =>
          (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
        );
        expect(shift).toBeLessThan(0.01);
        await context.close();
      },
    );

    it('shows a drawn chat window while the frame loads, and the fallback with the provider link once offline', {
      timeout: 60_000,
    }, async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
      await context.route('**/*', (route) => {
        const url = new URL(route.request().url());
        if (url.origin === served.origin) return route.continue();
        // The chat host never answers, as behind a firewall that drops it.
        if (url.hostname === 'chat.chathive.app') return;
        return route.abort('blockedbyclient');
      });
      const page = await context.newPage();
      // The page's load waits for the frame, which never comes.
      await page.goto(`${served.origin}/`, { waitUntil: 'domcontentloaded' });
      const stage = page.locator('#ai-demo .demo-stage');
      await stage.scrollIntoViewIfNeeded();
      await expect.poll(() => page.locator('#ai-demo .demo-placeholder').isVisible()).toBe(true);
      expect(await stage.getAttribute('data-state')).toBeNull();
      expect(await page.locator('#ai-demo .demo-fallback').isVisible()).toBe(false);
      const frame = await page.locator('#ai-demo iframe').boundingBox();
      const placeholder = await page.locator('#ai-demo .demo-placeholder').boundingBox();
      expect(placeholder).toEqual(frame);

      await context.setOffline(true);
      await page.waitForSelector('#ai-demo .demo-stage[data-state="failed"]');
      const fallback = page.locator('#ai-demo .demo-fallback');
      expect(await fallback.isVisible()).toBe(true);
      expect(await fallback.innerText()).toContain('Chat with the Northwind Studio demo assistant');
      expect(await fallback.innerText()).toContain('cannot load here');
      expect(await page.locator('#ai-demo iframe').isVisible()).toBe(false);
      const provider = page.locator('#ai-demo a[href="https://chathive.app"]');
      expect(await provider.isVisible()).toBe(true);
      await context.close();
    });
  },
);
