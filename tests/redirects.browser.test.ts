/**
 * The page at an old path of content/redirects.yaml, in real Chromium on the real site: the
 * browser moves on to the new address by itself (with and without JavaScript, under the site's
 * Content-Security-Policy), and where it does not, a phone shows the heading and a link to follow.
 */
import { expect, it } from 'vitest';
import { PHONE, describeInBrowser } from './helpers/browser.ts';
import { loadSiteContent } from './helpers/site-content.ts';

const { site } = await loadSiteContent();
const { moved } = site.settings;

for (const javaScriptEnabled of [true, false]) {
  describeInBrowser(`an old path, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, { javaScriptEnabled }, (session) => {
    it('sends the visitor from /privacy to /privacy-policy', async () => {
      const visit = session.visit();
      await visit.goto('/privacy');
      await visit.page.waitForURL(visit.url('/privacy-policy'));
      expect(await visit.page.locator('h1').first().textContent()).toContain('Privacy');
    });
  });
}

describeInBrowser('an old path whose new address does not load', { viewport: PHONE }, (session) => {
  it('shows the heading, the text and a link to the new address that fits a phone', async () => {
    const visit = await session.open();
    // The new page never arrives, so the old path's own page stays in view.
    await visit.page.route('**/privacy-policy', (route) => route.abort('aborted'));
    await visit.goto('/privacy');
    const { page } = visit;
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/privacy');
    expect(await page.locator('h1').textContent()).toBe(moved.heading);
    expect(await page.locator('main p').first().textContent()).toBe(moved.text);
    const link = page.getByRole('link', { name: moved.linkLabel });
    expect(await link.getAttribute('href')).toBe('/privacy-policy');
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
