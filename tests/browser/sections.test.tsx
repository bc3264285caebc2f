/**
 * The further home-page sections in real Chromium with the built site.css, before the generator
 * places them on the home page: a page of every type (tests/helpers/section-samples.tsx) beside a
 * real build, on a 375 pixel phone and a 1440 pixel desktop. Set SCREENSHOTS_DIR to keep a
 * full-page screenshot of each width for a human to look at.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { resolveConfig } from '../../src/config.ts';
import type { ResponsiveImage } from '../../templates/api.ts';
import { blockThirdParty, browserAvailable, launchChromium, loadEveryImage } from '../helpers/chromium.ts';
import type { TempProject } from '../helpers/project.ts';
import { sectionSamples } from '../helpers/section-samples.tsx';
import { serveFolder, type ServedFolder } from '../helpers/serve.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PAGE = '/sections-preview.html';

const WIDTHS = [
  { name: '375 pixel phone', viewport: { width: 375, height: 667 }, isMobile: true },
  { name: '1440 pixel desktop', viewport: { width: 1440, height: 900 }, isMobile: false },
];

let project: TempProject;
let served: ServedFolder;
let browser: Browser;
const samples = () => sectionSamples({ photo: none, wide: none, logo: none });
const none: ResponsiveImage = { src: '', width: 1, height: 1, sources: [] };

/** A built image of the site (its SVG fallback and its AVIF and WebP widths) as the generator hands it over. */
function builtImage(files: string[], name: string, width: number, height: number): ResponsiveImage {
  const url = (file: string) => `/assets/images/${file}`;
  const widths = (type: 'avif' | 'webp') =>
    files
      .map((file) => new RegExp(`^${name}-(\\d+)-[0-9a-f]+\\.${type}$`).exec(file))
      .filter((match) => match !== null)
      .sort((a, b) => Number(a[1]) - Number(b[1]))
      .map((match) => `${url(match[0])} ${match[1]}w`)
      .join(', ');
  const fallback = files.find((file) => new RegExp(`^${name}-[0-9a-f]+\\.svg$`).test(file));
  if (!fallback) throw new Error(`no built image ${name} among ${files.join(', ')}`);
  return {
    src: url(fallback),
    width,
    height,
    sources: [
      { type: 'image/avif', srcset: widths('avif') },
      { type: 'image/webp', srcset: widths('webp') },
    ],
  };
}

beforeAll(async () => {
  project = await copyWarmProject('agency-site-sections-');
  const config = resolveConfig({ root: project.root });
  await buildSite(config);
  const assets = await readdir(path.join(config.outDir, 'assets'));
  const css = assets.find((file) => /^site-.*\.css$/.test(file));
  const images = await readdir(path.join(config.outDir, 'assets', 'images'));
  const markup = sectionSamples({
    photo: builtImage(images, 'ai-customer-support', 800, 600),
    wide: builtImage(images, 'ecommerce-platform', 800, 600),
    logo: builtImage(images, 'logo', 120, 120),
  })
    .map((sample) => renderToStaticMarkup(sample.element))
    .join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sections</title><link rel="stylesheet" href="/assets/${css}"></head><body><main><h1 class="visually-hidden">Every section type</h1>${markup}</main></body></html>`;
  await writeFile(path.join(config.outDir, PAGE.slice(1)), html);
  served = await serveFolder({ root: config.outDir, base: config.base });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
  await project?.cleanup();
});

for (const { name, viewport, isMobile } of WIDTHS) {
  describe.skipIf(!browserAvailable(`the further sections on a ${name}`))(`the further sections on a ${name}`, () => {
    let page: Page;
    const errors: string[] = [];
    beforeAll(async () => {
      const context = await browser.newContext({
        viewport,
        isMobile,
        hasTouch: isMobile,
        reducedMotion: 'reduce',
        // The audit injects axe as an inline script.
        bypassCSP: true,
      });
      await blockThirdParty(context, served.origin);
      page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${served.origin}${PAGE}`);
      expect(await loadEveryImage(page)).toEqual([]);
      const folder = process.env.SCREENSHOTS_DIR;
      if (folder) {
        await mkdir(folder, { recursive: true });
        await page.screenshot({ path: path.join(folder, `sections-${viewport.width}.png`), fullPage: true });
        // One answer open, to see both states; the FAQ test below uses the first question.
        await page
          .locator('#faq details')
          .nth(1)
          .evaluate((details) => details.setAttribute('open', ''));
        for (const sample of samples()) {
          const file = path.join(folder, `section-${sample.type}-${viewport.width}.png`);
          await page.locator(`section#${sample.id}`).screenshot({ path: file });
        }
        await page
          .locator('#faq details')
          .nth(1)
          .evaluate((details) => details.removeAttribute('open'));
      }
    });
    afterAll(() => page?.context().close());

    it('shows every section, named by its heading, with every picture loaded and nothing logged', async () => {
      for (const sample of samples()) {
        const section = page.locator(`section#${sample.id}`);
        expect(await section.isVisible(), sample.type).toBe(true);
        const name = await section.locator('h2').first().textContent();
        // A <section> with a name is a region landmark, which is how screen readers list it.
        expect(await page.getByRole('region', { name: name!, exact: true }).count(), sample.type).toBe(1);
      }
      const broken = await page.evaluate(() =>
        [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.currentSrc),
      );
      expect(broken).toEqual([]);
      expect(errors).toEqual([]);
    });

    it('never scrolls the page sideways', async () => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      const overflowing = await page.evaluate(
        (width) =>
          [...document.querySelectorAll('main *')]
            .filter((element) => element.getBoundingClientRect().right > width + 0.5)
            .filter((element) => !element.closest('.visually-hidden'))
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
        viewport.width,
      );
      expect(overflowing).toEqual([]);
    });

    it('puts the media picture beside its text on a desktop (left, as asked) and under it on a phone', async () => {
      const text = (await page.locator('#how-we-work .media-text').boundingBox())!;
      const figure = (await page.locator('#how-we-work .media-figure').boundingBox())!;
      if (viewport.width >= 896) expect(figure.x + figure.width).toBeLessThanOrEqual(text.x);
      else expect(figure.y).toBeGreaterThanOrEqual(text.y + text.height);
    });

    it('opens an FAQ answer from its question without JavaScript', async () => {
      const answer = page.locator('#faq .faq-answer').first();
      expect(await answer.isVisible()).toBe(false);
      await page.locator('#faq summary').first().click();
      expect(await answer.isVisible()).toBe(true);
      await page.locator('#faq summary').first().click();
    });

    it('has no serious or critical axe violation', async () => {
      await page.addScriptTag({ content: AXE_SOURCE });
      const results = await page.evaluate(() =>
        (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run(),
      );
      const blocking = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      expect(blocking).toEqual([]);
    });
  });
}
