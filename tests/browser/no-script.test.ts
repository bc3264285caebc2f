/** A visitor with JavaScript off: every page reads, every link works, the form still keeps typed text out of the URL. */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  describeInBrowser,
  expectInViewBelowHeader,
  submitForm,
  type Visit,
} from '../helpers/browser.ts';
import { fragmentOf, headingOf, loadSiteContent } from '../helpers/site-content.ts';

const { site, pages } = await loadSiteContent();
const { settings } = site;

/**
 * Every link of the page: its href as written, where it resolves, its target, and whether a
 * visitor can click it (scrolled into view, nothing else is on top of it).
 */
function linksOf(page: Page) {
  return page.locator('a').evaluateAll((anchors) =>
    anchors.map((anchor, index) => {
      const shown = anchor.checkVisibility() && anchor.getBoundingClientRect().width > 0;
      // The skip link waits above the page until it has keyboard focus; the keyboard tests cover it.
      const inPage = anchor.getBoundingClientRect().bottom + window.scrollY > 0;
      let clickable = false;
      if (shown && inPage) {
        anchor.scrollIntoView({ block: 'center' });
        // A link that wraps is several boxes: a visitor clicks its words, as on its first line.
        const box = anchor.getClientRects()[0] ?? anchor.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        clickable = hit !== null && anchor.contains(hit);
      }
      return {
        index,
        href: anchor.getAttribute('href') ?? '',
        url: (anchor as HTMLAnchorElement).href,
        target: anchor.getAttribute('target'),
        visible: shown && inPage,
        clickable,
        text: anchor.textContent?.trim() ?? '',
      };
    }),
  );
}

/**
 * Checks every link of every page: a real href; same-site targets answer 200 and hold the
 * #fragment; each visible link can be clicked (nothing covers it). Then clicks the links whose
 * target `shouldClick` picks, each target once, and checks where the visitor arrives.
 */
async function checkEveryLink(
  { page, goto, origin, context }: Visit,
  shouldClick: (url: URL) => boolean,
): Promise<number> {
  const documents = new Map<string, { status: number; html: string }>();
  const fetchDocument = async (url: URL) => {
    const key = url.origin + url.pathname;
    if (!documents.has(key)) {
      const response = await context.request.get(key);
      documents.set(key, { status: response.status(), html: await response.text() });
    }
    return documents.get(key)!;
  };
  const clicked = new Set<string>();
  let checked = 0;
  for (const route of pages) {
    await goto(route.path);
    for (const link of await linksOf(page)) {
      const label = `${route.path}: "${link.text}" -> ${link.href}`;
      expect(link.href, label).not.toMatch(/^(javascript:|#?$)/);
      if (link.href.startsWith('mailto:')) continue;
      const url = new URL(link.url);
      if (url.origin !== origin) {
        expect(link.target, label).toBe('_blank');
        continue;
      }
      const target = await fetchDocument(url);
      expect(target.status, label).toBe(200);
      if (url.hash) expect(target.html, label).toContain(`id="${fragmentOf(url.hash)}"`);
      checked++;
      if (!link.visible) continue;
      expect(link.clickable, `${label} is covered by another element`).toBe(true);
      // A file (a news feed) is fetched above, not a page to read with a heading.
      const file = /\.[a-z0-9]+$/i.test(url.pathname);
      if (clicked.has(url.href) || !shouldClick(url) || file) continue;
      clicked.add(url.href);
      await page.locator('a').nth(link.index).click();
      await page.waitForURL(url.href, { waitUntil: 'load' });
      if (url.hash) await expectInViewBelowHeader(page, fragmentOf(url.hash));
      else expect(await page.locator('h1').count(), label).toBe(1);
      // Same-page anchors keep the document (and its link order); anything else goes back.
      if (new URL(page.url()).pathname !== new URL(route.path, origin).pathname) await goto(route.path);
    }
  }
  expect(clicked.size).toBeGreaterThan(0);
  return checked;
}

describeInBrowser(
  'a visitor with JavaScript off, on a desktop',
  { viewport: DESKTOP, javaScriptEnabled: false },
  ({ visit }) => {
    it('reads every page: heading, text and the nav links are all there', async () => {
      const { page, goto } = visit();
      const headings = [
        ...pages.map((route) => ({
          path: route.path,
          heading: headingOf(route, site),
        })),
        { path: '/missing-page', heading: settings.notFound.heading },
      ];
      for (const { path, heading } of headings) {
        const route = { path };
        await goto(route.path);
        expect(await page.locator('h1').innerText(), route.path).toBe(heading);
        expect((await page.locator('main').innerText()).length, `${route.path} main text`).toBeGreaterThan(40);
        for (const link of settings.nav.links) {
          expect(
            await page.getByRole('link', { name: link.label, exact: true }).first().isVisible(),
            `${route.path}: ${link.label}`,
          ).toBe(true);
        }
      }
    });

    // Clicks through every page (the footer's /news link among them): 20 to 30 s alone on two busy cores.
    it('follows every link on every page to where it points', { timeout: 90_000 }, async () => {
      expect(await checkEveryLink(visit(), () => true)).toBeGreaterThan(20);
    });

    it('shows the chat frame from its noscript copy, at 400 by 600, and hides the one that waits for a script', async () => {
      const { page, goto } = visit();
      await goto('/#ai-demo');
      const frames = await page.locator('#ai-demo iframe').evaluateAll((found) =>
        found.map((frame) => {
          const box = frame.getBoundingClientRect();
          return { src: frame.getAttribute('src'), shown: frame.checkVisibility(), size: `${box.width}x${box.height}` };
        }),
      );
      expect(frames).toEqual([
        { src: null, shown: false, size: '0x0' },
        { src: expect.stringMatching(/^https:\/\/chat\.chathive\.app\/embed\?bot_id=/), shown: true, size: '400x600' },
      ]);
    });

    it('never puts what was typed into the contact form into the page URL', async () => {
      const { page, goto } = visit();
      await goto('/#contact');
      const typed = ['Qwzxfirst', 'qwzx@example.org', 'Qwzxmessage'];
      await page.locator('#contact-form [name="firstName"]').fill(typed[0]!);
      await page.locator('#contact-form [name="email"]').fill(typed[1]!);
      await page.locator('#contact-form [name="message"]').fill(typed[2]!);
      const mailto = await submitForm(page, settings.contact.form.submit);
      for (const value of typed) expect(decodeURIComponent(page.url())).not.toContain(value);
      expect(mailto?.startsWith(`mailto:${settings.contact.email.address}?`), `mail hand-off: ${mailto}`).toBe(true);
    });
  },
);

describeInBrowser(
  'a visitor with JavaScript off, on a 375 pixel phone',
  { viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled: false },
  ({ visit }) => {
    it('sees the nav links without a menu button, and every link works, the nav links below the header', async () => {
      const { page, goto } = visit();
      await goto('/');
      expect(await page.getByRole('button', { name: settings.nav.menuLabel }).isVisible()).toBe(false);
      const navTargets = new Set(settings.nav.links.map((link) => fragmentOf(link.href)));
      expect(await checkEveryLink(visit(), (url) => navTargets.has(fragmentOf(url.hash)))).toBeGreaterThan(20);
    });
  },
);
