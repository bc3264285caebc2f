/**
 * A site built with --base /sub/ (and --format directory) served from a sub-folder, clicked
 * through in real Chromium: every link, asset and head URL carries the base, and no request fails.
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
  project = await copyProject();
  const config = resolveConfig({ root: project.root, out: 'dist', base: '/sub/', format: 'directory' });
  await buildSite(config);
  served = await serveFolder({ root: config.outDir, base: '/sub/' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
  await project?.cleanup();
});

/** Every URL the page refers to, resolved: links, images and their sources, head links, scripts. */
function pageReferences(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const urls: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('[href], [src], [srcset]')) {
      for (const name of ['href', 'src']) {
        const value = element.getAttribute(name);
        if (value !== null) urls.push(new URL(value, document.baseURI).href);
      }
      for (const candidate of element.getAttribute('srcset')?.split(',') ?? []) {
        urls.push(new URL(candidate.trim().split(/\s+/)[0]!, document.baseURI).href);
      }
    }
    for (const meta of document.querySelectorAll(
      'meta[property="og:url"], meta[property="og:image"], meta[name="twitter:image"]',
    )) {
      urls.push(meta.getAttribute('content')!);
    }
    return urls;
  });
}

describe.skipIf(!browserAvailable('a site built with --base /sub/ in Chromium'))(
  'a site built with --base /sub/ in Chromium',
  () => {
    // Builds a site and clicks through it: 15 s alone, more than 30 s on a busy machine.
    it('clicks through nav, footer legal links, Back to Home and the 404 page without a failed request', {
      timeout: 90_000,
    }, async () => {
      const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
      await blockThirdParty(context, served.origin);
      const page = await context.newPage();
      const failed: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400 && !response.url().endsWith('/sub/no-such-page'))
          failed.push(`${response.status()} ${response.url()}`);
      });
      page.on('requestfailed', (request) => {
        // A favicon still loading when the next click navigates is cancelled (ERR_ABORTED): not a failure.
        const error = request.failure()?.errorText ?? '';
        if (request.url().startsWith(served.origin) && error !== 'net::ERR_ABORTED')
          failed.push(`${error} ${request.url()}`);
      });
      const home = `${served.origin}/sub/`;
      const references = new Set<string>();
      const collect = async () => {
        for (const url of await pageReferences(page)) references.add(url);
      };

      expect((await page.goto(home))!.status()).toBe(200);
      await collect();
      await page.click('header nav a[href="/sub/#services"]');
      expect(page.url()).toBe(`${home}#services`);

      // The legal pages' links (the footer also lists /sub/news/ while posts exist).
      const legal = await page
        .locator('footer a[href^="/sub/"][href$="/"]:not([href="/sub/"]):not([href="/sub/news/"])')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
      expect(legal).toEqual(['/sub/terms/', '/sub/refund-policy/', '/sub/privacy-policy/']);
      for (const href of legal) {
        await page.goto(home);
        await page.click(`footer a[href="${href}"]`);
        await page.waitForURL(`${served.origin}${href}`);
        expect(await page.locator('h1').count()).toBe(1);
        await collect();
        await page.click('main a.button[href="/sub/"]');
        await page.waitForURL(home);
      }

      await page.goto(`${served.origin}/sub/terms/`);
      await page.click('header nav a[href="/sub/#contact"]');
      await page.waitForURL(`${home}#contact`);
      await page.click('footer a[href="/sub/#portfolio"]');
      expect(page.url()).toBe(`${home}#portfolio`);

      expect((await page.goto(`${served.origin}/sub/no-such-page`))!.status()).toBe(404);
      await collect();
      await page.click('main a.button');
      await page.waitForURL(home);

      // Scrolled to the end, so lazy images load too.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('load');
      const outside = [...references].filter(
        (url) => !url.startsWith(`${served.origin}/sub/`) && !url.startsWith('https://northwindstudio.dev/sub/'),
      );
      expect(
        outside.filter((url) => url.startsWith(served.origin) || url.startsWith('https://northwindstudio.dev')),
      ).toEqual([]);
      expect(failed).toEqual([]);
      await context.close();
    });
  },
);
