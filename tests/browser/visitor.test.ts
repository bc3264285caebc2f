/** A visitor on a desktop: pages load, links land where they point, the form keeps typed text out of URLs. */
import { beforeAll, expect, it } from 'vitest';
import { DESKTOP, describeInBrowser, expectInViewBelowHeader, submitForm } from '../helpers/browser.ts';
import { fragmentOf, headingOf, homeSection, loadSiteContent } from '../helpers/site-content.ts';

const { site, pages } = await loadSiteContent();
const { settings } = site;
const hero = homeSection(site, 'hero').data;
const aiDemo = homeSection(site, 'ai-demo').data;

interface PageFacts {
  path: string;
  status: number | undefined;
  heading: string;
  newTabLinks: { href: string | null; rel: string[] }[];
  consoleErrors: string[];
}

describeInBrowser('every page, as a desktop visitor finds it', { viewport: DESKTOP }, ({ visit }) => {
  // Each page loads once, scrolled to the end so lazy parts load too; the tests below read the facts.
  const facts: PageFacts[] = [];
  beforeAll(async () => {
    const { page, goto, takeUnexpectedErrors } = visit();
    for (const path of [...pages.map((route) => route.path), '/missing-page']) {
      const response = await goto(path);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForLoadState('load');
      facts.push({
        path,
        status: response?.status(),
        heading: await page.locator('h1').innerText(),
        newTabLinks: await page.locator('a[target="_blank"]').evaluateAll((anchors) =>
          anchors.map((anchor) => ({
            href: anchor.getAttribute('href'),
            rel: (anchor.getAttribute('rel') ?? '').split(/\s+/),
          })),
        ),
        consoleErrors: takeUnexpectedErrors(),
      });
    }
  });

  it('answers every route with status 200, and an unknown path with 404', () => {
    expect(facts.map((fact) => [fact.path, fact.status])).toEqual([
      ...pages.map((route) => [route.path, 200]),
      ['/missing-page', 404],
    ]);
  });

  it('shows each page its own heading', () => {
    const heading = (route: (typeof pages)[number]) => headingOf(route, site);
    expect(facts.map((fact) => fact.heading)).toEqual([...pages.map(heading), settings.notFound.heading]);
  });

  it('gives every link that opens a new tab rel="noopener"', () => {
    const links = facts.flatMap((fact) => fact.newTabLinks.map((link) => ({ page: fact.path, ...link })));
    expect(links.length).toBeGreaterThanOrEqual(3);
    expect(links.filter((link) => !link.rel.includes('noopener'))).toEqual([]);
  });

  it('logs no console errors on any page (the 404 page\u2019s log of the missing path is expected)', () => {
    expect(facts.flatMap((fact) => fact.consoleErrors)).toEqual([]);
  });
});

describeInBrowser('a visitor on a desktop', { viewport: DESKTOP }, ({ visit, open }) => {
  it('answers an unknown path with the 404 page, status 404, and logs the path to the console', async () => {
    const { page, goto } = visit();
    const missing = '/no-such-page/really';
    const logged = page.waitForEvent('console', (message) => message.text().includes(missing));
    const response = await goto(missing);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe(settings.notFound.heading);
    expect((await logged).type()).toBe('error');
    await page.getByRole('link', { name: settings.notFound.linkLabel }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('brings the section of every nav link into view below the fixed nav', async () => {
    const { page, goto } = visit();
    await goto('/');
    const nav = page.getByRole('navigation', { name: settings.nav.label });
    for (const link of settings.nav.links) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await nav.getByRole('link', { name: link.label, exact: true }).click();
      await expectInViewBelowHeader(page, fragmentOf(link.href));
    }
  });

  it('leads from a legal page to the home page section a nav link names', async () => {
    const { page, goto } = visit();
    const link = settings.nav.links.at(-1)!;
    await goto(pages.find((route) => route.page.kind === 'entry' && route.page.of === 'legal')!.path);
    await page
      .getByRole('navigation', { name: settings.nav.label })
      .getByRole('link', { name: link.label, exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === `#${fragmentOf(link.href)}`);
    await expectInViewBelowHeader(page, fragmentOf(link.href));
  });

  it('brings the hero buttons\u2019 sections into view below the fixed nav', async () => {
    const { page, goto } = visit();
    await goto('/');
    for (const action of [hero.primary, hero.secondary]) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('.hero').getByRole('link', { name: action.label }).click();
      await expectInViewBelowHeader(page, fragmentOf(action.href));
    }
  });

  it('brings the footer quick links\u2019 targets into view, and Home back to the top of /', async () => {
    const { page, goto } = visit();
    await goto('/');
    const footer = page.getByRole('contentinfo');
    for (const link of settings.footer.quickLinks) {
      await footer.getByRole('link', { name: link.label, exact: true }).click();
      if (link.href.includes('#')) {
        await expectInViewBelowHeader(page, fragmentOf(link.href));
      } else {
        await page.waitForURL((url) => url.pathname === link.href && url.hash === '');
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      }
    }
  });

  it('returns to / from every legal page with Back to Home', async () => {
    const { page, goto } = visit();
    for (const route of pages.filter((candidate) => candidate.page.kind === 'entry' && candidate.page.of === 'legal')) {
      await goto(route.path);
      await page.getByRole('link', { name: settings.legal.backLabel }).click();
      await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'load' });
      expect(await page.locator('h1').innerText(), `Back to Home on ${route.path}`).toBe(hero.headline);
    }
  });

  it('shows every portfolio caption on hover and on keyboard focus, and hides it otherwise', async () => {
    const { page, goto } = visit();
    await goto('/#portfolio');
    const tiles = page.locator('.tile');
    expect(await tiles.count()).toBe(site.portfolio.length);
    const opacity = (index: number) =>
      tiles
        .nth(index)
        .locator('figcaption')
        .evaluate((caption) => getComputedStyle(caption).opacity);
    for (let index = 0; index < site.portfolio.length; index++) {
      await page.mouse.move(0, 0);
      expect(await opacity(index), `caption ${index + 1} at rest`).toBe('0');
      await tiles.nth(index).hover();
      expect(await opacity(index), `caption ${index + 1} on hover`).toBe('1');
      await expect
        .poll(() => tiles.nth(index).locator('figcaption').innerText())
        .toContain(site.portfolio[index]!.title);
    }
    await page.mouse.move(0, 0);
    // Keyboard: Tab from the element just before the first tile walks through the tiles.
    await tiles.first().evaluate((tile) => {
      const focusable = [
        ...document.querySelectorAll<HTMLElement>('a[href], button, input, textarea, iframe, [tabindex="0"]'),
      ];
      focusable[focusable.indexOf(tile as HTMLElement) - 1]!.focus();
    });
    for (let index = 0; index < site.portfolio.length; index++) {
      await page.keyboard.press('Tab');
      expect(await tiles.nth(index).evaluate((tile) => tile === document.activeElement)).toBe(true);
      expect(await opacity(index), `caption ${index + 1} on keyboard focus`).toBe('1');
    }
  });

  it('shows the chat frame at 400 by 600 with a title, loaded near the screen from the bot host with the bot id', async () => {
    const { page, goto, thirdParty } = await open();
    await goto('/');
    const frame = page.locator('#ai-demo iframe');
    // Far below the first screen, the third party's page is not asked for yet.
    expect(await frame.getAttribute('src')).toBeNull();
    expect(thirdParty.filter((url) => url.startsWith(aiDemo.frameUrl))).toEqual([]);
    await goto('/#ai-demo');
    await frame.scrollIntoViewIfNeeded();
    const box = await frame.boundingBox();
    expect(box && { width: box.width, height: box.height }).toEqual({ width: 400, height: 600 });
    expect(await frame.getAttribute('title')).toBe(aiDemo.frameTitle);
    expect(await frame.getAttribute('loading')).toBe('lazy');
    // The script gives the frame its address as it nears the screen.
    await expect.poll(() => frame.getAttribute('src')).toBeTruthy();
    const src = new URL((await frame.getAttribute('src'))!);
    expect(src.origin + src.pathname).toBe(new URL(aiDemo.frameUrl).href);
    expect(src.searchParams.get('bot_id')).toBe(aiDemo.botId);
    // The host is external, so the request was made and blocked; that is not a failure of the page.
    await expect.poll(() => thirdParty.some((url) => url.startsWith(aiDemo.frameUrl))).toBe(true);
  });

  it('never puts what was typed into the contact form into the page URL, and hands it to the mail app', async () => {
    const { page, goto, context } = await open();
    const typed = {
      firstName: 'Qwzxfirst',
      lastName: 'Qwzxlast',
      email: 'qwzx@example.org',
      company: 'Qwzxcorp',
      message: 'Qwzxmessage',
    };
    const requested: string[] = [];
    context.on('request', (request) => requested.push(request.url()));
    await goto('/#contact');
    for (const [name, value] of Object.entries(typed)) await page.locator(`#contact-form [name="${name}"]`).fill(value);
    const mailto = await submitForm(page, settings.contact.form.submit);
    for (const value of Object.values(typed)) {
      expect(page.url()).not.toContain(value);
      expect(decodeURIComponent(page.url())).not.toContain(value);
      expect(requested.filter((url) => !url.startsWith('mailto:') && decodeURIComponent(url).includes(value))).toEqual(
        [],
      );
    }
    // The message goes to the mail app instead, addressed to the agency.
    expect(mailto?.startsWith(`mailto:${settings.contact.email.address}?`), `mail hand-off: ${mailto}`).toBe(true);
    for (const value of Object.values(typed)) expect(decodeURIComponent(mailto!), 'the mail message').toContain(value);
  });
});
