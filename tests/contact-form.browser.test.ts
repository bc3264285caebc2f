/**
 * The contact form delivers, in real Chromium: builds of the project with each delivery
 * (`endpoint: /api/contact` on the site's own host, `endpoint: https://127.0.0.1:PORT/contact`,
 * `netlify: true`), served on 127.0.0.1 with a receiver the test starts, which records every POST.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/build.ts';
import { resolveConfig } from '../src/config.ts';
import { createStaticHandler } from '../src/dev/static.ts';
import { browserAvailable, launchChromium } from './helpers/chromium.ts';
import { copyProject, PROJECT_ROOT, type TempProject } from './helpers/project.ts';
import { loadSiteContent } from './helpers/site-content.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TLS = path.join(PROJECT_ROOT, 'tests', 'helpers', 'tls');
const { site } = await loadSiteContent();
const copy = site.settings.contact.form;
const address = site.settings.contact.email.address;

/** What a visitor types: every field, with characters a careless encoder would mangle. */
const TYPED = {
  firstName: 'Zoë',
  lastName: "O'Hara & Sons",
  email: 'zoe@example.com',
  company: 'Acme, Inc.',
  message: 'We need a new site: 3 pages + shop?\nBudget 5k€ #urgent',
};

/** What a receiver's own page says after a plain POST (a form service's confirmation page). */
const RECEIVED = 'Received by the form service';

interface Received {
  path: string;
  contentType: string;
  fields: Record<string, string>;
}

/** Takes POSTs, records their fields, and answers with `status` (303 to the thank-you page for plain posts when asked). */
class Receiver {
  received: Received[] = [];
  status = 200;
  redirect: string | undefined;
  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    response.setHeader('Access-Control-Allow-Origin', '*');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    this.received.push({
      path: request.url ?? '',
      contentType: request.headers['content-type'] ?? '',
      fields: Object.fromEntries(new URLSearchParams(body)),
    });
    const wantsJson = (request.headers.accept ?? '').includes('application/json');
    if (this.status === 200 && this.redirect && !wantsJson) {
      response.writeHead(303, { Location: this.redirect }).end();
      return;
    }
    if (wantsJson)
      response
        .writeHead(this.status, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ ok: this.status === 200 }));
    else
      response
        .writeHead(this.status, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><title>Received</title><h1>${RECEIVED}</h1>`);
  }
}

interface Served {
  origin: string;
  outDir: string;
  close(): Promise<void>;
}

function listen(server: ReturnType<typeof createHttpServer>): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function closeServer(server: ReturnType<typeof createHttpServer>): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Builds the project with `form` lines added to contact.form and serves it; POST /api/contact goes to `receiver`. */
async function buildAndServe(
  project: TempProject,
  name: string,
  formLines: string,
  receiver: Receiver,
): Promise<Served> {
  const source = await project.read('content/site.yaml');
  await project.edit('content/site.yaml', '    successPage: /thanks', `    successPage: /thanks\n${formLines}`);
  const config = resolveConfig({ root: project.root, out: project.file(`out-${name}`) });
  try {
    await buildSite(config);
  } finally {
    await project.write('content/site.yaml', source);
  }
  const files = createStaticHandler({ root: config.outDir, base: config.base });
  const server = createHttpServer((request, response) => {
    const handled =
      request.method === 'POST' && request.url === '/api/contact'
        ? receiver.handle(request, response)
        : files(request, response);
    handled.catch(() => response.writeHead(500).end());
  });
  const port = await listen(server);
  return { origin: `http://127.0.0.1:${port}`, outDir: config.outDir, close: () => closeServer(server) };
}

interface Watched {
  page: Page;
  context: BrowserContext;
  /** Every console message and request URL of the visit. */
  console: string[];
  requests: string[];
}

async function visit(browser: Browser, served: Served, options: BrowserContextOptions = {}): Promise<Watched> {
  const context = await browser.newContext({ reducedMotion: 'reduce', ...options });
  // The chat frame's host is the one third party: offline, it is refused quietly.
  await context.route('https://chat.chathive.app/**', (route) => route.abort('blockedbyclient'));
  const page = await context.newPage();
  const watched: Watched = { page, context, console: [], requests: [] };
  page.on('console', (message) => watched.console.push(message.text()));
  page.on('pageerror', (error) => watched.console.push(`uncaught: ${error.message}`));
  page.on('request', (request) => watched.requests.push(request.url()));
  await page.goto(`${served.origin}/#contact`);
  return watched;
}

async function fillForm(page: Page): Promise<void> {
  for (const [name, value] of Object.entries(TYPED)) await page.locator(`#contact-form [name="${name}"]`).fill(value);
}

async function typedValues(page: Page): Promise<Record<string, string>> {
  return page.evaluate((names) => {
    const form = document.querySelector<HTMLFormElement>('#contact-form')!;
    return Object.fromEntries(names.map((name) => [name, (form.elements.namedItem(name) as HTMLInputElement).value]));
  }, Object.keys(TYPED));
}

/** Nothing typed in the page URL, any request URL, the console, or local and session storage. */
async function expectNothingTypedLeaked(watched: Watched): Promise<void> {
  const storage = await watched.page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  const places = {
    url: watched.page.url(),
    requests: watched.requests.join('\n'),
    console: watched.console.join('\n'),
    storage,
  };
  for (const value of Object.values(TYPED)) {
    for (const [where, text] of Object.entries(places)) {
      expect(decodeURIComponent(text.replace(/\+/g, ' ')), `${where} must not hold "${value}"`).not.toContain(value);
      expect(text, `${where} must not hold "${value}"`).not.toContain(value);
    }
  }
}

async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated by the test's driver, which the page's CSP (no inline script) does not govern.
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() => (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run());
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

const status = (page: Page) => page.locator('#contact-form [role="status"]');

describe.skipIf(!browserAvailable('the contact form in Chromium'))('the contact form in Chromium', () => {
  let project: TempProject;
  let browser: Browser;
  const local = new Receiver();
  const remote = new Receiver();
  const tlsServer = createHttpsServer(
    { key: readFileSync(path.join(TLS, 'key.pem')), cert: readFileSync(path.join(TLS, 'cert.pem')) },
    (request, response) => {
      if (request.method === 'OPTIONS')
        return void response.writeHead(204, { 'Access-Control-Allow-Origin': '*' }).end();
      remote.handle(request, response).catch(() => response.writeHead(500).end());
    },
  );
  let remoteEndpoint: string;
  let sitePath: Served;
  let fullUrl: Served;
  let netlify: Served;

  beforeAll(async () => {
    project = await copyProject('agency-site-form-');
    remoteEndpoint = `https://127.0.0.1:${await listen(tlsServer as unknown as ReturnType<typeof createHttpServer>)}/contact`;
    sitePath = await buildAndServe(project, 'site-path', '    endpoint: /api/contact', local);
    fullUrl = await buildAndServe(project, 'full-url', `    endpoint: ${remoteEndpoint}`, remote);
    netlify = await buildAndServe(project, 'netlify', '    netlify: true', new Receiver());
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([sitePath, fullUrl, netlify].map((served) => served?.close()));
    await closeServer(tlsServer as unknown as ReturnType<typeof createHttpServer>);
    await project?.cleanup();
  });

  const cases = [
    {
      name: 'a site path (/api/contact)',
      served: () => sitePath,
      receiver: local,
      path: '/api/contact',
      redirects: true,
      options: {},
    },
    {
      name: 'a full https address',
      served: () => fullUrl,
      receiver: remote,
      path: '/contact',
      redirects: false,
      options: { ignoreHTTPSErrors: true },
    },
  ];

  for (const { name, served, receiver, path: endpointPath, redirects, options } of cases) {
    it(`sends every field to ${name} with fetch and says it arrived`, async () => {
      receiver.received = [];
      receiver.status = 200;
      const watched = await visit(browser, served(), options);
      await fillForm(watched.page);
      await watched.page.getByRole('button', { name: copy.submit }).click();
      await expect.poll(() => status(watched.page).textContent()).toBe(copy.sent);
      expect(receiver.received).toHaveLength(1);
      const [arrived] = receiver.received;
      expect(arrived!.path).toBe(endpointPath);
      expect(arrived!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
      expect(arrived!.fields).toEqual({ ...TYPED, 'bot-field': '' });
      // Sent: the form is ready for the next message.
      expect(Object.values(await typedValues(watched.page))).toEqual(['', '', '', '', '']);
      await expectNothingTypedLeaked(watched);
      expect(await axeViolations(watched.page)).toEqual([]);
      await watched.context.close();
    });

    it(`keeps every typed word and offers the email address when ${name} answers 500`, async () => {
      receiver.received = [];
      receiver.status = 500;
      const watched = await visit(browser, served(), options);
      await fillForm(watched.page);
      await watched.page.getByRole('button', { name: copy.submit }).click();
      const [before, after] = copy.failed.split('{email}');
      await expect.poll(() => status(watched.page).textContent()).toBe(`${before}${address}${after}`);
      await expect(status(watched.page).getByRole('link', { name: address }).getAttribute('href')).resolves.toBe(
        `mailto:${address}`,
      );
      expect(receiver.received).toHaveLength(1);
      expect(await typedValues(watched.page)).toEqual(TYPED);
      // Chromium notes the failed response (its URL, never the fields) in the console.
      watched.console = watched.console.filter((text) => !text.includes('status of 500'));
      expect(watched.console).toEqual([]);
      await expectNothingTypedLeaked(watched);
      expect(await axeViolations(watched.page)).toEqual([]);
      await watched.context.close();
    });

    it(`posts to ${name} as a plain form with JavaScript off`, async () => {
      receiver.received = [];
      receiver.status = 200;
      // A function on the site's own host sends the visitor on to the thank-you page; a form
      // service elsewhere shows its own page (form-action would stop a redirect back to the site).
      receiver.redirect = redirects ? `${served().origin}/thanks` : undefined;
      const watched = await visit(browser, served(), { ...options, javaScriptEnabled: false });
      await fillForm(watched.page);
      await Promise.all([
        watched.page.waitForURL((url) => url.pathname === (redirects ? '/thanks' : endpointPath)),
        watched.page.getByRole('button', { name: copy.submit }).click(),
      ]);
      receiver.redirect = undefined;
      // A plain form post sends a textarea's line breaks as CR LF.
      expect(receiver.received.map((entry) => entry.fields)).toEqual([
        { ...TYPED, message: TYPED.message.replace(/\n/g, '\r\n'), 'bot-field': '' },
      ]);
      if (redirects) {
        expect(await watched.page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you');
        expect(await watched.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      } else {
        expect(await watched.page.getByRole('heading', { level: 1 }).textContent()).toBe(RECEIVED);
      }
      await expectNothingTypedLeaked(watched);
      await watched.context.close();
    });
  }

  it('drops a message whose spam trap is filled, without a word to the sender', async () => {
    local.received = [];
    local.status = 200;
    const watched = await visit(browser, sitePath);
    await fillForm(watched.page);
    // Only a robot can fill it: people cannot see or focus it, screen readers never meet it.
    await watched.page
      .locator('[name="bot-field"]')
      .evaluate((input: HTMLInputElement) => (input.value = 'https://spam.example'));
    await watched.page.getByRole('button', { name: copy.submit }).click();
    await watched.page.getByRole('button', { name: copy.submit }).click();
    // Wait on something that does happen: a real message sent afterwards still arrives alone.
    await watched.page.locator('[name="bot-field"]').evaluate((input: HTMLInputElement) => (input.value = ''));
    await watched.page.getByRole('button', { name: copy.submit }).click();
    await expect.poll(() => status(watched.page).textContent()).toBe(copy.sent);
    expect(local.received.map((entry) => entry.fields['bot-field'])).toEqual(['']);
    await watched.context.close();
  });

  it('hides the spam trap from people, the keyboard and screen readers', async () => {
    const watched = await visit(browser, sitePath);
    const trap = watched.page.locator('[name="bot-field"]');
    const box = await trap.boundingBox();
    expect(box === null || box.x + box.width <= 0, `trap at ${JSON.stringify(box)}`).toBe(true);
    const snapshot = await watched.page.locator('#contact-form').ariaSnapshot();
    expect(snapshot).not.toContain(copy.trap);
    // Tab through the whole form: focus never lands on the trap.
    await watched.page.locator('#contact-message').focus();
    await watched.page.keyboard.press('Tab');
    expect(await watched.page.evaluate(() => document.activeElement?.getAttribute('name'))).not.toBe('bot-field');
    expect(await watched.page.evaluate(() => document.activeElement?.textContent)).toBe(copy.submit);
    await trap.evaluate((input: HTMLInputElement) => input.focus());
    expect(await watched.page.evaluate(() => document.activeElement?.getAttribute('name'))).not.toBe('bot-field');
    await watched.context.close();
  });

  it('gives the Netlify build the form attributes Netlify Forms documents, posting to the thank-you page', async () => {
    const html = readFileSync(path.join(netlify.outDir, 'index.html'), 'utf8');
    const open = /<form id="contact-form"[^>]*>/.exec(html)![0];
    expect(open).toContain(' name="contact"');
    expect(open).toContain(' data-netlify="true"');
    expect(open).toContain(' netlify-honeypot="bot-field"');
    expect(open).toMatch(/ method="post"/);
    expect(open).toContain(' action="/thanks"');
    expect(html).toContain('<input type="hidden" name="form-name" value="contact"/>');
    expect(html).toMatch(/<input[^>]* name="bot-field"\/>/);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)![1]!.replace(/&#x27;/g, "'");
    expect(csp).toContain("form-action 'self';");
    const watched = await visit(browser, netlify);
    expect(await axeViolations(watched.page)).toEqual([]);
    await watched.context.close();
  });

  it('allows exactly the chosen destination in form-action and connect-src', () => {
    const policy = (served: Served) => {
      const html = readFileSync(path.join(served.outDir, 'index.html'), 'utf8');
      const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/
        .exec(html)![1]!
        .replace(/&#x27;/g, "'");
      return Object.fromEntries(
        csp.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1).join(' ')]),
      );
    };
    expect(policy(fullUrl)['form-action']).toBe(remoteEndpoint);
    expect(policy(fullUrl)['connect-src']).toBe(`'self' ${remoteEndpoint}`);
    expect(policy(sitePath)['form-action']).toBe("'self'");
    expect(policy(sitePath)['connect-src']).toBe("'self'");
  });
});
