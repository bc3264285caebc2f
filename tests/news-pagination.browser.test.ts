/**
 * /news paginated, clicked through in real Chromium: a site with three posts and a page size of
 * one, built with --format directory and served as a static host serves it. The rel="next" and
 * rel="prev" links lead from page to page, a card leads to its post, and a post to its neighbour.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/build.ts';
import { resolveConfig } from '../src/config.ts';
import { blockThirdParty, browserAvailable, launchChromium } from './helpers/chromium.ts';
import { copyProject, type TempProject } from './helpers/project.ts';
import { serveFolder, type ServedFolder } from './helpers/serve.ts';

let project: TempProject;
let served: ServedFolder;
let browser: Browser;

beforeAll(async () => {
  project = await copyProject('agency-site-news-browser-');
  await project.edit('content/site.yaml', /pageSize: \d+/, 'pageSize: 1');
  await project.write(
    'content/news/studio-open-day.md',
    '---\ntitle: Our studio open day\ndate: 2026-09-01\ndescription: Meet the team and see how we work, over coffee.\n---\n\nCome and meet us.\n',
  );
  const config = resolveConfig({ root: project.root, format: 'directory', now: '2026-11-24T12:00:00Z' });
  await buildSite(config);
  served = await serveFolder({ root: config.outDir, base: '/' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
  await project?.cleanup();
});

const cardTitles = (page: Page) => page.locator('.news-card-title').allTextContents();

describe.skipIf(!browserAvailable('/news pagination in Chromium'))('/news pagination', () => {
  it('pages through the posts newest first with rel="next" and back with rel="prev"', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
    await blockThirdParty(context, served.origin);
    const page = await context.newPage();
    try {
      const pages: Array<[string, string[]]> = [];
      await page.goto(`${served.origin}/news/`);
      pages.push([new URL(page.url()).pathname, await cardTitles(page)]);
      while ((await page.locator('a[rel="next"]').count()) > 0) {
        await Promise.all([page.waitForURL(/\/news\/page\/\d+\/$/), page.locator('a[rel="next"]').click()]);
        pages.push([new URL(page.url()).pathname, await cardTitles(page)]);
      }
      expect(pages).toEqual([
        ['/news/', ['AI assistants for small teams']],
        ['/news/page/2/', ['Faster sites, by default']],
        ['/news/page/3/', ['Our studio open day']],
      ]);
      await expect(page.locator('.news-pagination').textContent()).resolves.toContain('Page 3 of 3');
      await Promise.all([page.waitForURL(/\/news\/page\/2\/$/), page.locator('a[rel="prev"]').click()]);
      await Promise.all([page.waitForURL(/\/news\/$/), page.locator('a[rel="prev"]').click()]);
      await expect(page.locator('a[rel="prev"]').count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });

  it('opens a post from anywhere on its card, and walks to the older post', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await blockThirdParty(context, served.origin);
    const page = await context.newPage();
    try {
      await page.goto(`${served.origin}/news/`);
      // The description, not the title: the whole card is the link's target.
      await Promise.all([
        page.waitForURL(/\/news\/ai-assistants-for-small-teams\/$/),
        // force: the title link's overlay covers the text, as it should; the mouse lands on it.
        page.locator('.news-card p', { hasText: 'fixed quote' }).click({ force: true }),
      ]);
      await expect(page.locator('h1').textContent()).resolves.toBe('AI assistants for small teams');
      await expect(page.locator('time').first().getAttribute('datetime')).resolves.toBe('2026-11-10');
      await Promise.all([page.waitForURL(/\/news\/faster-sites-by-default\/$/), page.locator('a[rel="next"]').click()]);
      await expect(page.locator('h1').textContent()).resolves.toBe('Faster sites, by default');
    } finally {
      await context.close();
    }
  });
});
