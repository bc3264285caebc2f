/** Keyboard visitors: the skip link first, then every interactive element in page order, each with a visible focus ring. */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, describeInBrowser } from '../helpers/browser.ts';
import { loadSiteContent } from '../helpers/site-content.ts';

const { site, pages } = await loadSiteContent();
const paths = [...pages.map((route) => route.path), '/missing-page'];

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([type="hidden"]), select, textarea, iframe, [tabindex]';

/** Numbers the elements a keyboard can reach, in document order; returns their descriptions. */
function markFocusable(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const reachable = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (element) => element.tabIndex >= 0 && element.checkVisibility({ visibilityProperty: true }),
    );
    return reachable.map((element, index) => {
      element.dataset.tabStop = String(index);
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('name') ?? '')
        .trim()
        .slice(0, 40);
      return `${element.tagName.toLowerCase()} "${name}"${element.getAttribute('href') ? ` -> ${element.getAttribute('href')}` : ''}`;
    });
  }, FOCUSABLE);
}

interface FocusState {
  stop: number;
  ring: boolean;
  style: string;
}

/**
 * Records, in the page, each element that receives focus and whether a visitor can see a ring
 * on it: an outline, or a box-shadow that differs from the element's resting one. Focus moving
 * into the chat frame shows in the page only as the window's blur, so that is recorded too.
 */
function recordFocus(page: Page): Promise<number> {
  return page.evaluate(() => {
    const log: FocusState[] = [];
    (window as unknown as { focusLog: FocusState[] }).focusLog = log;
    for (const element of document.querySelectorAll<HTMLElement>('[data-tab-stop]'))
      element.dataset.restingShadow = getComputedStyle(element).boxShadow;
    const record = () => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return;
      const style = getComputedStyle(element);
      const outline =
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) >= 2 &&
        !/rgba\(.*, 0\)$|transparent/.test(style.outlineColor);
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== element.dataset.restingShadow;
      log.push({
        stop: Number(element.dataset.tabStop ?? -1),
        ring: outline || shadow,
        style: `outline: ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; box-shadow: ${style.boxShadow}`,
      });
    };
    document.addEventListener('focusin', record);
    window.addEventListener('blur', record);
    return Number((document.activeElement as HTMLElement | null)?.dataset.tabStop ?? -1) + 1;
  });
}

/** Presses Tab from wherever focus is (or the start of the page) to the last stop, checking each one. */
async function expectTabWalk(page: Page, path: string): Promise<number> {
  const stops = await markFocusable(page);
  expect(stops.length, `${path} has something to focus`).toBeGreaterThan(3);
  const first = await recordFocus(page);
  for (let step = first; step < stops.length; step++) await page.keyboard.press('Tab');
  // Focus leaving the chat frame (another process) reaches the page later than the key press: the
  // walk is read once every stop has been heard of, or after a while with what was.
  await page
    .waitForFunction(
      (count) => (window as unknown as { focusLog: FocusState[] }).focusLog.length >= count,
      stops.length - first,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  const log = await page.evaluate(() => (window as unknown as { focusLog: FocusState[] }).focusLog);
  const reached = log.map((state) => (state.stop === -1 ? 'something unnumbered' : stops[state.stop]!));
  expect(reached, `${path}: the elements Tab reaches, in order`).toEqual(stops.slice(first));
  for (const [index, state] of log.entries()) {
    expect(state.ring, `${path}: visible focus ring on ${reached[index]} (${state.style})`).toBe(true);
  }
  return log.length;
}

describeInBrowser('a keyboard visitor on a desktop', { viewport: DESKTOP }, ({ visit }) => {
  // Tabs through every page, a browser round trip per element: on a busy machine that takes more than 30 s.
  it('reaches every interactive element with Tab in page order, each with a visible focus ring', {
    timeout: 90_000,
  }, async () => {
    const { page, goto } = visit();
    for (const path of paths) {
      await goto(path);
      await expectTabWalk(page, path);
    }
  });

  it('meets the skip link first; it shows itself and leads past the header into the main content', async () => {
    const { page, goto } = visit();
    for (const path of paths) {
      await goto(path);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: site.settings.skipLink });
      expect(await skip.evaluate((link) => link === document.activeElement), `${path}: first Tab`).toBe(true);
      const box = (await skip.boundingBox())!;
      expect(box.y, `${path}: the focused skip link is on screen`).toBeGreaterThanOrEqual(0);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
      await page.keyboard.press('Tab');
      const inMain = await page.evaluate(() => document.activeElement?.closest('main') !== null);
      expect(inMain, `${path}: the Tab after the skip link lands inside <main>`).toBe(true);
    }
  });
});

describeInBrowser('a keyboard visitor on a 375 pixel phone', { viewport: PHONE }, ({ visit }) => {
  it('reaches the menu button, then the menu links once it is open', async () => {
    const { page, goto } = visit();
    await goto('/');
    await expectTabWalk(page, '/ (menu closed)');
    await goto('/');
    await page.locator('.menu-toggle').focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('.menu-toggle').getAttribute('aria-expanded')).toBe('true');
    // From the menu button on: the menu's links come next, then the rest of the page.
    expect(await expectTabWalk(page, '/ (menu open)')).toBeGreaterThan(site.settings.nav.links.length);
  });
});
