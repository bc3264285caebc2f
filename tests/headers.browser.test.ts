/**
 * Every page under the site's own Content-Security-Policy in real Chromium: the policy is sent
 * as the header the _headers file gives (and is in each page's meta tag), and nothing the site
 * does may violate it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/build.ts';
import { resolveConfig } from '../src/config.ts';
import { blockThirdParty, browserAvailable, launchChromium } from './helpers/chromium.ts';
import { copyProject, type TempProject } from './helpers/project.ts';
import { serveFolder, type ServedFolder } from './helpers/serve.ts';

let project: TempProject;
let served: ServedFolder;
let browser: Browser;
let headers: Record<string, string>;

/** The headers of the _headers file's rule for every path (`/*`). */
function parseSiteWideHeaders(file: string): Record<string, string> {
  const block = file.split(/\n\s*\n/).find((part) => part.replace(/^#.*\n/gm, '').startsWith('/*\n'));
  if (!block) throw new Error('_headers has no /* rule');
  return Object.fromEntries(
    block
      .split('\n')
      .filter((line) => /^\s+\S/.test(line))
      .map(
        (line) =>
          line
            .trim()
            .split(/:\s(.*)/s)
            .slice(0, 2) as [string, string],
      ),
  );
}

interface Watched {
  page: Page;
  violations: string[];
  errors: string[];
}

/** A page that records CSP violations (DOM events and Chromium's console reports) and errors. */
async function watch(context: BrowserContext): Promise<Watched> {
  const page = await context.newPage();
  const violations: string[] = [];
  const errors: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Content.Security.Policy/i.test(text)) violations.push(text);
    else if (message.type() === 'error' && !text.startsWith('404 Error:') && !/Failed to load resource/.test(text))
      errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, violations, errors };
}

/** Scrolls to the end so lazy images and the lazy chat frame load too. */
async function loadEverything(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y <= document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
  await page.waitForLoadState('load');
}

beforeAll(async () => {
  project = await copyProject();
  const config = resolveConfig({ root: project.root, out: 'dist' });
  await buildSite(config);
  headers = parseSiteWideHeaders(await readFile(path.join(config.outDir, '_headers'), 'utf8'));
  served = await serveFolder({ root: config.outDir, base: '/', headers });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
  await project?.cleanup();
});

describe.skipIf(!browserAvailable('the Content-Security-Policy in Chromium'))(
  'the Content-Security-Policy in Chromium',
  () => {
    it('is sent as a header with frame-ancestors, and the meta tag carries the same policy without it', async () => {
      const csp = headers['Content-Security-Policy']!;
      expect(csp).toMatch(
        /script-src 'sha256-[^']+' https:\/\/northwindstudio\.dev\/assets\/main-\w+\.js; worker-src 'none';/,
      );
      expect(csp).toContain("frame-ancestors 'none'");
      const html = await readFile(path.join(project.root, 'dist', 'index.html'), 'utf8');
      const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/
        .exec(html)?.[1]
        ?.replace(/&#x27;/g, "'");
      expect(meta).toBe(csp.replace(/; frame-ancestors 'none'/, ''));
    });

    it('loads every page, its images and the chat frame with zero violations and no errors', async () => {
      const context = await browser.newContext({ reducedMotion: 'reduce' });
      const blocked = await blockThirdParty(context, served.origin);
      const watched = await watch(context);
      const statuses: Record<string, number> = {};
      const failed: string[] = [];
      watched.page.on('response', (response) => {
        if (response.status() >= 400 && !response.url().endsWith('/no-such-page'))
          failed.push(`${response.status()} ${response.url()}`);
      });
      const images = new Set<string>();
      watched.page.on('response', (response) => {
        if (response.request().resourceType() === 'image') images.add(response.headers()['content-type'] ?? '');
      });
      for (const pagePath of ['/', '/terms', '/refund-policy', '/privacy-policy', '/no-such-page']) {
        const response = await watched.page.goto(`${served.origin}${pagePath}`);
        statuses[pagePath] = response!.status();
        await loadEverything(watched.page);
        if (pagePath === '/') {
          // The chat frame is asked for once it nears the screen.
          await watched.page.locator('#ai-demo iframe').scrollIntoViewIfNeeded();
          await expect.poll(() => blocked.some((url) => url.startsWith('https://chat.chathive.app/'))).toBe(true);
        }
      }
      expect(statuses).toEqual({
        '/': 200,
        '/terms': 200,
        '/refund-policy': 200,
        '/privacy-policy': 200,
        '/no-such-page': 404,
      });
      expect(watched.violations).toEqual([]);
      expect(watched.errors).toEqual([]);
      expect(failed).toEqual([]);
      // The shipped artwork is SVG, published as checked, and loads under the policy as such.
      expect([...images]).toContain('image/svg+xml');
      // The chat frame was allowed by frame-src and only then stopped by the test's network block.
      expect(blocked.some((url) => url.startsWith('https://chat.chathive.app/'))).toBe(true);
      await context.close();
    });

    it('keeps the home page JSON-LD (a data block, not script) without a violation', async () => {
      const context = await browser.newContext({ reducedMotion: 'reduce' });
      await blockThirdParty(context, served.origin);
      const watched = await watch(context);
      await watched.page.goto(`${served.origin}/`);
      const data = JSON.parse((await watched.page.locator('script[type="application/ld+json"]').textContent()) ?? '');
      expect(data['@type']).toBe('Organization');
      expect(watched.violations).toEqual([]);
      await context.close();
    });

    it('reports a violation when a page runs inline script, so the zero above is meaningful', async () => {
      const context = await browser.newContext({ reducedMotion: 'reduce' });
      const watched = await watch(context);
      await watched.page.goto(`${served.origin}/terms`);
      await watched.page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'document.title = "inline ran"';
        document.body.append(script);
      });
      await expect.poll(() => watched.violations.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await watched.page.title()).not.toBe('inline ran');
      await context.close();
    });

    it('runs no same-origin script it does not name, from a page of its own or a stray page, and registers no service worker', async () => {
      // A host that serves a file the build never made (left over, or added beside the build).
      await writeFile(path.join(project.root, 'dist', 'stray.js'), 'document.title = "stray ran";\n');
      await writeFile(
        path.join(project.root, 'dist', 'stray.html'),
        '<!DOCTYPE html><title>stray</title><script src="/stray.js"></script>\n',
      );
      const context = await browser.newContext({ reducedMotion: 'reduce' });
      await blockThirdParty(context, served.origin);
      const watched = await watch(context);
      await watched.page.goto(`${served.origin}/stray.html`);
      await expect.poll(() => watched.violations.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await watched.page.title()).toBe('stray');
      // On the site's own page, under the same header and its meta tag, an injected same-origin script does not run either.
      await watched.page.goto(`${served.origin}/terms`);
      const before = watched.violations.length;
      const outcome = await watched.page.evaluate(async () => {
        const script = document.createElement('script');
        script.src = '/stray.js';
        const loaded = new Promise<string>((resolve) => {
          script.addEventListener('load', () => resolve('loaded'));
          script.addEventListener('error', () => resolve('blocked'));
        });
        document.head.append(script);
        const worker = await navigator.serviceWorker.register('/stray.js').then(
          () => 'registered',
          () => 'refused',
        );
        return { script: await loaded, worker, title: document.title };
      });
      expect(outcome.script).toBe('blocked');
      expect(outcome.worker).toBe('refused');
      expect(outcome.title).not.toBe('stray ran');
      expect(watched.violations.length).toBeGreaterThan(before);
      expect(watched.violations.join('\n')).toContain('worker-src');
      await context.close();
    });

    it('lets the contact form hand off to mailto: with and without JavaScript, within form-action', async () => {
      // Chromium checks form-action for a form posted to mailto: (JavaScript off; form-action 'none'
      // blocks it with a console report); with JavaScript on, the script opens the mailto: link itself.
      for (const javaScriptEnabled of [true, false]) {
        const context = await browser.newContext({ javaScriptEnabled, reducedMotion: 'reduce' });
        await blockThirdParty(context, served.origin);
        const watched = await watch(context);
        const handedOff: string[] = [];
        watched.page.on('console', (message) => {
          if (message.text().startsWith("Launched external handler for 'mailto:hello@northwindstudio.dev"))
            handedOff.push(message.text());
        });
        await watched.page.goto(`${served.origin}/#contact`);
        await watched.page.fill('#contact-email', 'visitor@example.com');
        await watched.page.fill('#contact-message', 'Hello');
        await watched.page.click('#contact-form button[type="submit"]', { noWaitAfter: true });
        await expect
          .poll(() => handedOff.length, { message: `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, timeout: 10_000 })
          .toBe(1);
        expect(handedOff[0]).toContain('visitor%40example.com');
        expect(watched.violations).toEqual([]);
        // Nothing the visitor typed ends up in the page URL.
        expect(watched.page.url()).toBe(`${served.origin}/#contact`);
        await context.close();
      }
    });
  },
);
