/** A visitor on a 375 pixel phone: nothing scrolls sideways, the menu works, the chat frame fits. */
import { expect, it } from 'vitest';
import { PHONE, describeInBrowser, expectInViewBelowHeader } from '../helpers/browser.ts';
import { fragmentOf, loadSiteContent } from '../helpers/site-content.ts';

const { site, pages } = await loadSiteContent();
const { settings } = site;

describeInBrowser(
  'a visitor on a 375 pixel phone',
  { viewport: PHONE, isMobile: true, hasTouch: true },
  ({ visit }) => {
    it('never scrolls sideways on any page', async () => {
      const { page, goto } = visit();
      for (const path of [...pages.map((route) => route.path), '/missing-page']) {
        await goto(path);
        // Not innerWidth: a phone zooms out to show a too-wide page whole, and innerWidth grows with it.
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${path} is ${width}px wide on a ${PHONE.width}px screen`).toBeLessThanOrEqual(PHONE.width);
      }
    });

    it('opens and closes the menu with its button, and its links lead to their sections', async () => {
      const { page, goto } = visit();
      await goto('/');
      const nav = page.getByRole('navigation', { name: settings.nav.label });
      const toggle = nav.getByRole('button', { name: settings.nav.menuLabel });
      const links = settings.nav.links.map((link) => nav.getByRole('link', { name: link.label, exact: true }));
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      for (const link of links) expect(await link.isVisible()).toBe(false);

      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      for (const link of links) expect(await link.isVisible()).toBe(true);
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      for (const link of links) expect(await link.isVisible()).toBe(false);

      await toggle.click();
      await page.keyboard.press('Escape');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);

      for (const [index, link] of settings.nav.links.entries()) {
        await toggle.click();
        await links[index]!.click();
        await expectInViewBelowHeader(page, fragmentOf(link.href));
        expect(await toggle.getAttribute('aria-expanded'), `menu after following ${link.label}`).toBe('false');
      }
    });

    it('fits the chat frame on the screen at its full 600 pixel height', async () => {
      const { page, goto } = visit();
      await goto('/#ai-demo');
      const frame = page.locator('#ai-demo iframe');
      await frame.scrollIntoViewIfNeeded();
      const box = (await frame.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(box.width).toBeGreaterThan(PHONE.width * 0.8);
      expect(box.height).toBe(600);
    });

    it('shows the portfolio captions without hover on a touch screen', async () => {
      const { page, goto } = visit();
      await goto('/#portfolio');
      const opacities = await page
        .locator('.tile figcaption')
        .evaluateAll((captions) => captions.map((caption) => getComputedStyle(caption).opacity));
      expect(opacities).toEqual(site.portfolio.map(() => '1'));
    });
  },
);
