import { afterAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { resolveConfig } from '../../src/config.ts';
import { startDevServer, type DevHandle } from '../../src/dev/dev.ts';
import { DEV_PATHS } from '../../src/dev/protocol.ts';
import { browserAvailable, launchChromium } from '../helpers/chromium.ts';
import type { TempProject } from '../helpers/project.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

let project: TempProject | undefined;
let browser: Browser | undefined;
let dev: DevHandle | undefined;

afterAll(async () => {
  await browser?.close();
  await dev?.close();
  await project?.cleanup();
});

describe.skipIf(!browserAvailable('the dev client in Chromium'))('the dev client in Chromium', () => {
  it('swaps the stylesheet in place, shows the overlay over the page, and updates the page in place once fixed', async () => {
    project = await copyWarmProject('agency-site-client-');
    dev = await startDevServer(resolveConfig({ root: project.root }), { port: 0, host: '127.0.0.1', open: false });
    browser = await launchChromium();
    const page = await browser.newPage();
    // The site's Content-Security-Policy applies to the dev client too: it must not trip it.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const connected = page.waitForResponse((response) => new URL(response.url()).pathname === DEV_PATHS.events);
    await page.goto(dev.url);
    await connected;
    // Survives a stylesheet swap and a page morphed in place, not a reload.
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

    await project.write(
      'templates/styles/site.css',
      `${await project.read('templates/styles/site.css')}\nbody { outline: 7px solid rgb(1, 2, 3); }\n`,
    );
    await page.waitForFunction(() => getComputedStyle(document.body).outlineWidth === '7px');
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1);

    await project.edit('content/site.yaml', 'language: en', 'language: [en');
    const overlay = page.locator('agency-site-error-overlay');
    await overlay.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    expect(await overlay.locator('.location').first().textContent()).toMatch(
      /^content\/site\.yaml:\d+:\d+ \[YamlSyntax\]$/,
    );
    expect(await overlay.locator('.hint').first().textContent()).toBeTruthy();
    expect(await overlay.locator('pre').first().textContent()).toContain('language: [en');
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toContain('Digital experiences');
    expect(await overlay.locator('.dialog').evaluate((dialog) => getComputedStyle(dialog).borderTopWidth)).toBe('6px');
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);

    await project.edit('content/site.yaml', 'language: [en', 'language: en');
    await page.locator('agency-site-error-overlay').waitFor({ state: 'detached' });
    // A content change updates the page in place: the same document, scrolled and focused as it was.
    // The chat frame, given its address by the page's script near the screen, keeps it.
    await page.locator('#ai-demo iframe').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('#ai-demo iframe').getAttribute('src')).toBeTruthy();
    await page.locator('#contact a').first().focus();
    await page.evaluate(() => window.scrollTo(0, 1500));
    const before = await page.evaluate(() => ({ y: window.scrollY, focused: document.activeElement?.outerHTML }));
    await project.edit('content/about.md', 'a small team', 'a fixed team');
    await page.getByText('a fixed team').waitFor();
    expect(await page.locator('#ai-demo iframe').getAttribute('src')).toBeTruthy();
    expect(await overlay.count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    expect(await page.evaluate(() => ({ y: window.scrollY, focused: document.activeElement?.outerHTML }))).toEqual(
      before,
    );
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  });

  it("lists a good build's warnings in a corner, without taking the focus, until they are fixed or turned off", async () => {
    const page = await browser!.newPage();
    const connected = page.waitForResponse((response) => new URL(response.url()).pathname === DEV_PATHS.events);
    await page.goto(`${dev!.url}privacy-policy`);
    await connected;
    const panel = page.locator('agency-site-warnings');
    // The shipped content has no warnings: nothing is shown.
    expect(await panel.count()).toBe(0);

    await project!.edit('content/legal/privacy-policy.md', /^description: .*$/m, 'description: How we handle data.');
    const toggle = panel.getByRole('button', { name: '1 warning' });
    await toggle.waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.locator('.list').isVisible()).toBe(false);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.locator('.location').textContent()).toMatch(
      /^content\/legal\/privacy-policy\.md:4:1 \[DescriptionLength\]$/,
    );
    expect(await panel.locator('.message').textContent()).toContain('is 19 characters long');
    expect(await panel.locator('pre').textContent()).toContain('description: How we handle data.');
    // The page beneath stays usable: the panel covers only its corner.
    expect(await page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);

    // Open stays open across the reload a content change brings.
    await project!.edit('content/legal/privacy-policy.md', 'How we handle data.', 'How we handle your data.');
    await panel.locator('.message', { hasText: 'is 24 characters long' }).waitFor();
    expect(await panel.getByRole('button', { name: '1 warning' }).getAttribute('aria-expanded')).toBe('true');

    // Turning the rule off changes no page: the list goes without a reload.
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    await project!.edit(
      'content/legal/privacy-policy.md',
      'toc: true',
      'toc: true\nadvice: { off: [description-length] }',
    );
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  });
});
