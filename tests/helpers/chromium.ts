/**
 * Debian's Chromium for the browser tests: found on disk, never downloaded, started once per run
 * (browser-setup.ts) and shared by every test file. Outside CI a missing browser skips the
 * browser tests with a loud warning; under CI it fails them.
 */
import { accessSync, constants } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless flags that keep Chromium off the network and light on two cores. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What the test workers learn about the shared browser (handed over by vitest's provide/inject). */
export type ChromiumInfo =
  | { status: 'ready'; endpoint: string; executable: string }
  | { status: 'missing' | 'broken'; problem: string; required: boolean };

export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  return ['true', '1'].includes((env.CI ?? '').toLowerCase());
}

/** CHROME_PATH when set, else Debian's /usr/bin/chromium, and whether it is an executable file. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): { executable: string; found: boolean } {
  const executable = env.CHROME_PATH || CHROMIUM_PATH;
  try {
    accessSync(executable, constants.X_OK);
    return { executable, found: true };
  } catch {
    return { executable, found: false };
  }
}

export function formatMissingBrowser(problem: string): string {
  const rule = '!'.repeat(78);
  return [
    '',
    rule,
    `!! BROWSER TESTS SKIPPED: ${problem}`,
    "!! Install Debian's package (apt-get install chromium) or set CHROME_PATH to a Chromium binary.",
    '!! Under CI=true these tests fail instead of skipping.',
    rule,
    '',
  ].join('\n');
}

/** In globalSetup: starts the one Chromium the test files share, or says why there is none. */
export async function startChromium(): Promise<{ info: ChromiumInfo; close(): Promise<void> }> {
  const required = isCi();
  const { executable, found } = findChromium();
  if (!found) {
    const problem = `no Chromium at ${executable}`;
    if (!required) process.stderr.write(formatMissingBrowser(problem));
    return { info: { status: 'missing', problem, required }, close: async () => {} };
  }
  let server: BrowserServer;
  try {
    server = await chromium.launchServer({ executablePath: executable, headless: true, args: CHROMIUM_ARGS });
  } catch (error) {
    // A browser that is there but does not start is a fault to fix, in CI and outside it.
    const problem = `Chromium at ${executable} did not start: ${(error as Error).message}`;
    return { info: { status: 'broken', problem, required: true }, close: async () => {} };
  }
  return { info: { status: 'ready', endpoint: server.wsEndpoint(), executable }, close: () => server.close() };
}

/**
 * In a test file: whether its browser tests should run. False (with a loud warning) only when
 * Chromium is missing outside CI; under CI they run and fail, saying what is missing.
 */
export function browserAvailable(suite: string): boolean {
  const info = inject('chromium');
  if (info.status === 'ready' || info.required) return true;
  console.warn(`!! SKIPPED because there is ${info.problem}: ${suite}`);
  return false;
}

/** In a test file: a connection to the shared Chromium; close() disconnects. Throws why there is none. */
export function launchChromium(): Promise<Browser> {
  const info = inject('chromium');
  if (info.status !== 'ready') {
    const fix = info.status === 'missing' ? ' CI needs Chromium: apt-get install chromium, or set CHROME_PATH.' : '';
    return Promise.reject(new Error(`${info.problem}.${fix}`));
  }
  return chromium.connect(info.endpoint);
}

/** Aborts every request that does not go to `origin` (the machine has no network; the chat frame is third-party). */
export async function blockThirdParty(context: BrowserContext, origin: string): Promise<string[]> {
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    blocked.push(url);
    return route.abort('blockedbyclient');
  });
  return blocked;
}

/**
 * Brings every image of the page into view in turn, so the lazy ones start loading, and waits for
 * each to load or fail, at most `perImageMs` each. Returns the addresses of those still loading,
 * so a test names the picture that hangs instead of timing out: img.decode() on a lazy image whose
 * load never started (scrolled past between two frames on a loaded machine) waits forever.
 */
export function loadEveryImage(page: Page, perImageMs = 15_000): Promise<string[]> {
  return page.evaluate(async (limit) => {
    const settled = (img: HTMLImageElement) =>
      new Promise<boolean>((resolve) => {
        if (img.complete) return resolve(true);
        const timer = setTimeout(() => resolve(false), limit);
        const done = () => {
          clearTimeout(timer);
          resolve(true);
        };
        img.addEventListener('load', done, { once: true });
        img.addEventListener('error', done, { once: true });
      });
    const stuck: string[] = [];
    for (const img of document.images) {
      img.scrollIntoView({ block: 'center' });
      if (!(await settled(img))) stuck.push(img.currentSrc || img.src);
    }
    scrollTo(0, 0);
    return stuck;
  }, perImageMs);
}
