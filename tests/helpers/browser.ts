/**
 * The browser side of the site tests: one shared Chromium (started by browser-setup.ts), one
 * browser context per describe block (plus fresh ones on request), every third-party request
 * blocked (the tests run offline), and every console error accounted for.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { servedSite } from './built-site.ts';
import { launchChromium } from './chromium.ts';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 667 };

export interface Visit {
  context: BrowserContext;
  page: Page;
  origin: string;
  /** Absolute URL of a site path such as '/terms' or '/#contact'. */
  url(sitePath: string): string;
  /** Navigates like typing the URL; null when only the #fragment changed (no new document). */
  goto(sitePath: string): Promise<Response | null>;
  /** Requests that tried to leave for another host. All of them were blocked: tests run offline. */
  thirdParty: string[];
  /** Console errors and uncaught exceptions since the last call, without the expected ones (see isExpected). */
  takeUnexpectedErrors(): string[];
}

type OpenVisit = (options?: BrowserContextOptions) => Promise<Visit>;

interface BrowserSession {
  /** The page this describe block shares (opened with its options before the first test). */
  visit(): Visit;
  /** A fresh context of its own for one test, closed after it. */
  open: OpenVisit;
}

interface LoggedError {
  text: string;
  /** Where the message points: the failed resource, or the script that logged it. */
  source: string;
  /** The page that was showing when it was logged. */
  page: string;
}

/**
 * describe() for tests that drive Chromium. The block shares one page (a browser context with
 * `options`); after every test, any unexpected console error logged meanwhile fails that test.
 * Without a browser: skipped with a loud warning, or failed under CI.
 */
export function describeInBrowser(
  name: string,
  options: BrowserContextOptions,
  body: (session: BrowserSession) => void,
): void {
  const info = inject('chromium');
  const unavailable = () => {
    throw new Error(info.status === 'ready' ? 'The browser is not connected yet.' : info.problem);
  };
  if (info.status !== 'ready') {
    if (info.required) {
      describe(name, () => {
        it('runs in Chromium', () => {
          const fix =
            info.status === 'missing' ? ' CI needs Chromium: apt-get install chromium, or set CHROME_PATH.' : '';
          throw new Error(`${info.problem}.${fix}`);
        });
      });
    } else {
      console.warn(`!! SKIPPED because there is ${info.problem}: ${name}`);
      describe.skip(name, () => body({ visit: unavailable, open: unavailable }));
    }
    return;
  }
  describe(name, () => {
    let browser: Browser | undefined;
    let shared: Visit | undefined;
    let extra: Visit[] = [];
    beforeAll(async () => {
      browser = await launchChromium();
      shared = await openVisit(browser, options);
    });
    afterAll(async () => {
      await browser?.close();
    });
    afterEach(async () => {
      const visits = [...(shared ? [shared] : []), ...extra];
      const errors = visits.flatMap((visit) => visit.takeUnexpectedErrors());
      await Promise.all(extra.map((visit) => visit.context.close()));
      extra = [];
      expect(errors, 'console errors on the pages this test visited').toEqual([]);
    });
    body({
      visit: () => shared ?? unavailable(),
      async open(more = {}) {
        const visit = await openVisit(browser ?? unavailable(), { ...options, ...more });
        extra.push(visit);
        return visit;
      },
    });
  });
}

async function openVisit(browser: Browser, options: BrowserContextOptions): Promise<Visit> {
  const { origin } = servedSite();
  const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', ...options });
  const thirdParty: string[] = [];
  const errors: LoggedError[] = [];
  const notFound = new Set<string>();

  await context.route('**/*', (route) => {
    const url = route.request().url();
    return new URL(url).origin === origin ? route.continue() : route.abort('blockedbyclient');
  });
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) thirdParty.push(request.url());
  });
  context.on('response', (response) => {
    if (response.request().isNavigationRequest() && response.status() === 404) notFound.add(response.url());
  });
  context.on('console', (message) => {
    if (message.type() === 'error')
      errors.push({ text: message.text(), source: message.location().url, page: message.page()?.url() ?? '' });
  });
  context.on('weberror', (error) => {
    errors.push({ text: `uncaught: ${error.error().message}`, source: '', page: error.page()?.url() ?? '' });
  });

  /** The 404 page logs its path (as the spec asks), Chromium notes the 404 itself, and blocked third parties fail. */
  const isExpected = (error: LoggedError) => {
    if (error.source && new URL(error.source, origin).origin !== origin) return true;
    if (!notFound.has(error.page)) return false;
    return error.text.includes(new URL(error.page).pathname) || error.text.includes('status of 404');
  };

  // Fail a stuck step well before the test's own timeout, with Playwright's account of what it waited for.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const url = (sitePath: string) => new URL(sitePath, origin).href;
  return {
    context,
    page,
    origin,
    url,
    goto: (sitePath) => page.goto(url(sitePath)),
    thirdParty,
    takeUnexpectedErrors() {
      const taken = errors.splice(0);
      return taken
        .filter((error) => !isExpected(error))
        .map((error) => `${error.page}: ${error.text} (${error.source})`);
    },
  };
}

interface Placement {
  id: string;
  top: number;
  headerBottom: number;
  viewportHeight: number;
  /** Visible, not under the fixed header, and scrolled to (or the page cannot scroll further). */
  inView: boolean;
}

/** Where a section sits relative to the fixed header and the viewport. */
function placement(page: Page, id: string): Promise<Placement> {
  return page.evaluate((id) => {
    const section = document.getElementById(id);
    const header = document.querySelector('.site-header');
    if (!section || !header) return { id, top: NaN, headerBottom: NaN, viewportHeight: innerHeight, inView: false };
    const top = Math.round(section.getBoundingClientRect().top);
    const headerBottom = Math.round(header.getBoundingClientRect().bottom);
    const atBottom = scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
    const below = top >= headerBottom - 1 && top < innerHeight;
    return {
      id,
      top,
      headerBottom,
      viewportHeight: innerHeight,
      inView: below && (top - headerBottom <= 48 || atBottom),
    };
  }, id);
}

/** Waits (scrolling may be smooth) until the section is in view below the fixed header; fails if it never is. */
export async function expectInViewBelowHeader(page: Page, id: string): Promise<void> {
  await expect
    .poll(() => placement(page, id), { message: `section #${id} after following the link` })
    .toMatchObject({ inView: true });
}

/**
 * Clicks the submit button and waits for what follows: a mailto: hand-off to the mail app (which
 * Chromium attempts and drops) or a page navigation. Returns the mailto: URL, if there was one.
 */
export async function submitForm(page: Page, submitLabel: string): Promise<string | undefined> {
  let mailto: string | undefined;
  const handOff = page.waitForEvent('request', {
    predicate: (request) => request.url().startsWith('mailto:'),
    timeout: 10_000,
  });
  const navigation = page.waitForEvent('framenavigated', {
    predicate: (frame) => frame === page.mainFrame(),
    timeout: 10_000,
  });
  handOff.then(
    (request) => (mailto = request.url()),
    () => undefined,
  );
  navigation.catch(() => undefined);
  await page.getByRole('button', { name: submitLabel }).click();
  await Promise.race([handOff, navigation]);
  await page.waitForLoadState('load');
  return mailto;
}
