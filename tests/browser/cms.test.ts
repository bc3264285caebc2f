/**
 * The CMS at /admin/ in real Chromium, on `agency-site dev` with its local backend: an editor
 * signs in, changes a service's title and saves; the Markdown file and the reloaded home page
 * have it. Adding a home-page section through the list's types shows it in the preview with the
 * site's styles. No console error and no Content-Security-Policy violation on /admin/.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Browser, Page } from 'playwright-core';
import { resolveConfig } from '../../src/config.ts';
import { startDevServer, type DevHandle } from '../../src/dev/dev.ts';
import { browserAvailable, launchChromium } from '../helpers/chromium.ts';
import type { TempProject } from '../helpers/project.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

let project: TempProject | undefined;
let browser: Browser | undefined;
let dev: DevHandle | undefined;
const problems: string[] = [];

afterAll(async () => {
  await browser?.close();
  await dev?.close();
  await project?.cleanup();
});

/** A page that records console errors, uncaught exceptions and CSP violations into `problems`. */
async function openAdmin(viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await browser!.newPage({ viewport });
  page.setDefaultTimeout(20_000);
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await page.goto(`${dev!.url}admin/`);
  await page.getByRole('button', { name: /login/i }).click();
  await page.getByRole('link', { name: 'Services' }).waitFor();
  return page;
}

describe.skipIf(!browserAvailable('the CMS in Chromium'))('the CMS at /admin/ on the dev server', () => {
  beforeAll(async () => {
    project = await copyWarmProject('agency-site-cms-');
    dev = await startDevServer(resolveConfig({ root: project.root }), { port: 0, host: '127.0.0.1', open: false });
    browser = await launchChromium();
  });

  it('saves a changed service title into its Markdown file, and the home page shows it', async () => {
    const page = await openAdmin();
    await page.getByRole('link', { name: 'Services' }).click();
    await page.getByText('Web Development').first().click();
    const title = page.getByLabel('Title', { exact: true });
    expect(await title.inputValue()).toBe('Web Development');
    await title.fill('Web Craft');
    // The preview pane draws the card with the site's own component and stylesheet.
    const preview = page.frameLocator('iframe').first();
    await preview.getByRole('heading', { name: 'Web Craft' }).waitFor();
    expect(await preview.locator('.card').count()).toBe(1);

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Publish now').click();
    await expect
      .poll(() => project!.read('content/services/web-development.md'), { timeout: 20_000 })
      .toMatch(/^---\ntitle: Web Craft\n/);
    const saved = await project!.read('content/services/web-development.md');
    expect(saved).toContain('Fast, accessible websites');

    const site = await browser!.newPage();
    await expect
      .poll(
        async () => {
          await site.goto(dev!.url);
          return site.locator('#services h3').allInnerTexts();
        },
        { timeout: 20_000 },
      )
      .toContain('Web Craft');
    await site.close();
    await page.close();
    expect(problems).toEqual([]);
  });

  // The shipped home.yaml has sections with headings of their own: the one added goes last.
  it('adds a home-page section through the list of types and shows it in the preview with the site\u2019s styles', async () => {
    const page = await openAdmin();
    await page.getByRole('link', { name: 'Site', exact: true }).click();
    await page.getByText('Home', { exact: true }).click();
    await page.getByRole('button', { name: 'Add sections' }).click();
    const types = await page.getByRole('menuitem').allInnerTexts();
    expect(types.map((type) => type.trim())).toEqual(
      expect.arrayContaining([
        'Testimonials',
        'FAQ',
        'Call to action',
        'AI demo',
        'Pricing',
        'Media',
        'Prose',
        'Stats',
      ]),
    );
    await page.getByRole('menuitem', { name: 'Call to action' }).click();
    await page.getByLabel('Heading', { exact: true }).last().fill('Ready when you are');
    const preview = page.frameLocator('iframe').first();
    const heading = preview.getByRole('heading', { name: 'Ready when you are' });
    await heading.waitFor();
    // The site's stylesheet draws the panel: its gradient and white heading, not the browser's defaults.
    const panel = preview.locator('.cta-panel');
    expect(await panel.evaluate((element) => getComputedStyle(element).backgroundImage)).toMatch(/^linear-gradient/);
    expect(await heading.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 255, 255)');
    await page.close();
    expect(problems).toEqual([]);
  });

  it('draws the shipped home.yaml in the preview with the site\u2019s components, from the hero to the contact section', async () => {
    const home = parse(await project!.read('content/home.yaml')) as { sections: Array<Record<string, unknown>> };
    const section = (type: string) => home.sections.find((entry) => entry.type === type)!;
    const page = await openAdmin();
    await page.goto(`${dev!.url}admin/#/collections/site/entries/home`);
    const preview = page.frameLocator('iframe').first();
    const headline = preview.getByRole('heading', { level: 1, name: String(section('hero').headline) });
    await headline.waitFor();
    await preview.getByRole('heading', { level: 2, name: String(section('services').heading) }).waitFor();
    // The sections show what other files hold: stats.yaml's figures, a card per service, about.md.
    const stats = parse(await project!.read('content/stats.yaml')) as unknown[];
    expect(await preview.locator('.hero .stat').count()).toBe(stats.length);
    const services = (await readdir(path.join(project!.root, 'content', 'services'))).filter((file) =>
      file.endsWith('.md'),
    );
    expect(await preview.locator('#services .card').count()).toBe(services.length);
    expect(await preview.locator('#portfolio .tile').count()).toBeGreaterThan(0);
    await preview.locator('#about .prose').waitFor();
    await preview.locator('#contact .contact-grid').waitFor();
    expect(await preview.getByText('The preview does not draw').count()).toBe(0);
    // The site's stylesheet sets the headline's size, far above the browser's 2em of 16px.
    expect(Number.parseFloat(await headline.evaluate((element) => getComputedStyle(element).fontSize))).toBeGreaterThan(
      32,
    );
    const shots = process.env.CMS_SCREENSHOTS;
    if (shots) await page.screenshot({ path: `${shots}/admin-home-1440.png` });
    await page.close();
    expect(problems).toEqual([]);
  });

  it('previews a news post as the post page shows it: headline, date and text', async () => {
    const page = await openAdmin();
    await page.goto(`${dev!.url}admin/#/collections/news/entries/faster-sites-by-default`);
    const title = page.getByLabel('Title', { exact: true });
    await title.waitFor();
    const preview = page.frameLocator('iframe').first();
    await preview.getByRole('heading', { level: 1, name: await title.inputValue() }).waitFor();
    expect(await preview.locator('.news-post .news-meta time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(await preview.locator('.news-post .prose p').count()).toBeGreaterThan(0);
    await page.close();
    expect(problems).toEqual([]);
  });

  it('previews site.yaml as the header and footer every page shares', async () => {
    const page = await openAdmin();
    await page.goto(`${dev!.url}admin/#/collections/site/entries/settings`);
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Southwind Studio');
    const preview = page.frameLocator('iframe').first();
    await preview.locator('.site-header .brand', { hasText: 'Southwind Studio' }).waitFor();
    await preview.locator('.site-footer .brand', { hasText: 'Southwind Studio' }).waitFor();
    await page.close();
    expect(problems).toEqual([]);
  });

  it('refuses a save that breaks the menu\u2019s link to the About section, says so in the editor\u2019s words, and writes nothing', async () => {
    const before = await project!.read('content/home.yaml');
    const page = await openAdmin();
    await page.goto(`${dev!.url}admin/#/collections/site/entries/home`);
    // Each section in the list is named by its type and heading; About has no heading of its own.
    await page.getByText('Services: Our Services', { exact: true }).waitFor();
    const about = page.locator('xpath=//*[contains(@class,"NestedObjectLabel")][normalize-space(.)="About"]');
    expect(await about.count()).toBe(1);
    await about.locator('xpath=preceding-sibling::*[1]//button').last().click();
    expect(await about.count()).toBe(0);
    const saving = page.waitForResponse(
      (response) => response.url().endsWith('/admin/api/v1') && response.status() === 422,
    );
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Publish now').click();
    const refused = await saving;
    const timing = refused.request().timing();
    const panel = page.locator('#agency-site-verdict');
    await panel
      .getByText(
        /The link "About" in Site settings > Navigation > Links points to the About section, which this change removes: put the section back, or remove that link in Site settings > Navigation > Links\./,
      )
      .waitFor();
    expect(await panel.locator('li').count()).toBe(1);
    expect(await panel.innerText()).not.toMatch(/site\.yaml|BrokenAnchor|#hero/);
    // What the editor did stays in the form; the file is as it was, byte for byte.
    expect(await about.count()).toBe(0);
    expect(await page.getByText('Published', { exact: true }).count()).toBe(0);
    expect(await project!.read('content/home.yaml')).toBe(before);
    const shots = process.env.CMS_SCREENSHOTS;
    if (shots) await page.screenshot({ path: `${shots}/admin-refused-1440.png` });
    console.log(`verdict answered in ${Math.round(timing.responseEnd)} ms`);
    await page.close();
    // Decap logs the refused save (and leaves its own rejected promise unhandled): those, and nothing else.
    const others = problems.filter((problem) => !/this change removes|status of 422|^uncaught: Object$/.test(problem));
    expect(others).toEqual([]);
    problems.length = 0;
  });

  it('writes a one-field change to a commented home.yaml as a one-line diff that keeps the comments', async () => {
    const commented = `# The home page, top to bottom.\n${(await project!.read('content/home.yaml')).replace('  - type: about', '  # Who we are: the text is content/about.md.\n  - type: about')}`;
    await project!.write('content/home.yaml', commented);
    const page = await openAdmin();
    await page.goto(`${dev!.url}admin/#/collections/site/entries/home`);
    const services = page.locator(
      'xpath=//*[contains(@class,"NestedObjectLabel")][normalize-space(.)="Services: Our Services"]',
    );
    await services.locator('xpath=preceding-sibling::*[1]//button').first().click();
    const heading = page.getByLabel('Heading', { exact: true }).filter({ visible: true }).first();
    expect(await heading.inputValue()).toBe('Our Services');
    await heading.fill('What We Make');
    // The browser already sends the kept text (what GitHub's API would get too): the server has nothing left to keep.
    const sent = page.waitForRequest(
      (request) => request.url().endsWith('/admin/api/v1') && (request.postData() ?? '').includes('"persistEntry"'),
    );
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Publish now').click();
    await expect.poll(() => project!.read('content/home.yaml'), { timeout: 20_000 }).toContain('What We Make');
    const saved = await project!.read('content/home.yaml');
    const left = commented.split('\n');
    const right = saved.split('\n');
    expect(right.length).toBe(left.length);
    const changed = left.flatMap((line, index) => (line === right[index] ? [] : [[line, right[index]]]));
    expect(changed).toEqual([['    heading: Our Services', '    heading: What We Make']]);
    const body = JSON.parse((await sent).postData()!) as { params: { dataFiles: Array<{ raw: string }> } };
    expect(body.params.dataFiles[0]!.raw).toBe(saved);
    await page.close();
    expect(problems).toEqual([]);
  });

  it('keeps typed Markdown as typed, and gives a new post today\u2019s date', { timeout: 90_000 }, async () => {
    const page = await openAdmin();
    await page.goto(`${dev!.url}admin/#/collections/services/entries/branding`);
    await page.getByLabel('Title', { exact: true }).waitFor();
    // The Markdown field is edited as written: no rich-text mode to escape what the editor types.
    const body = page.locator('[data-slate-editor="true"], textarea').last();
    await body.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\n\nSee our [case studies](/#portfolio) for more.');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Publish now').click();
    await expect
      .poll(() => project!.read('content/services/branding.md'), { timeout: 20_000 })
      .toContain('See our [case studies](/#portfolio) for more.');
    expect(await project!.read('content/services/branding.md')).not.toContain('\\[');
    await page.goto(`${dev!.url}admin/#/collections/news/new`);
    const date = page.getByLabel('Date', { exact: true });
    await date.waitFor();
    expect(await date.inputValue()).toMatch(new RegExp(`^${new Date().toISOString().slice(0, 4)}-\\d{2}-\\d{2}`));
    await page.close();
    expect(problems).toEqual([]);
  });

  it('fits a phone and a desktop: the collection list and an entry with its preview', async () => {
    for (const viewport of [
      { width: 375, height: 740 },
      { width: 1440, height: 900 },
    ]) {
      const page = await openAdmin(viewport);
      const shots = process.env.CMS_SCREENSHOTS;
      if (shots) await page.screenshot({ path: `${shots}/admin-collections-${viewport.width}.png` });
      await page.goto(`${dev!.url}admin/#/collections/services/entries/ai-assistants`);
      await page.getByLabel('Title', { exact: true }).waitFor();
      if (viewport.width > 800) await page.frameLocator('iframe').first().locator('.card').waitFor();
      if (shots) await page.screenshot({ path: `${shots}/admin-entry-${viewport.width}.png` });
      // Nothing wider than the screen: the editor scrolls down, not sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.close();
    }
    expect(problems).toEqual([]);
  });
});
