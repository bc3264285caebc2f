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
interface HomeFile {
  sections: Array<Record<string, unknown> & { type: string }>;
}
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

// Each test drives Decap through several saves: a busy machine takes more than the default 30 s.
describe.skipIf(!browserAvailable('the CMS in Chromium'))(
  'the CMS at /admin/ on the dev server',
  { timeout: 90_000 },
  () => {
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

    // The shipped home.yaml has sections with headings of their own: the one added goes last, and one drag moves it.
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
      await page.getByLabel('Label', { exact: true }).last().fill('Talk to us');
      await page.getByLabel('Link', { exact: true }).last().fill('#contact');
      // The new section goes last; one drag by its handle puts it after the hero.
      const handles = page.locator('[aria-roledescription="sortable"]');
      // Collapsed, as the other sections are, so that the whole list is on the screen.
      await handles.last().locator('xpath=preceding-sibling::button[1]').click();
      await handles.nth(1).scrollIntoViewIfNeeded();
      const from = (await handles.last().boundingBox())!;
      const to = (await handles.nth(1).boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      for (let step = 1; step <= 12; step++)
        await page.mouse.move(from.x + from.width / 2, from.y + ((to.y - from.y) * step) / 12 + from.height / 2);
      await page.mouse.up();
      await preview.locator('section').nth(1).getByRole('heading', { name: 'Ready when you are' }).waitFor();
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Publish now').click();
      await expect
        .poll(async () => (parse(await project!.read('content/home.yaml')) as HomeFile).sections[1]?.heading, {
          timeout: 20_000,
        })
        .toBe('Ready when you are');
      const sections = (parse(await project!.read('content/home.yaml')) as HomeFile).sections;
      expect(sections.slice(0, 3).map((section) => section.type)).toEqual(['hero', 'cta', 'services']);
      expect(sections[1]).toMatchObject({ button: { label: 'Talk to us', href: '#contact' } });
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
      expect(
        Number.parseFloat(await headline.evaluate((element) => getComputedStyle(element).fontSize)),
      ).toBeGreaterThan(32);
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
      expect(await preview.locator('.news-post .news-meta time').getAttribute('datetime')).toMatch(
        /^\d{4}-\d{2}-\d{2}/,
      );
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
      // Decap logs the refused save and its answer: those, and nothing else (its unhandled rejection is handled).
      const others = problems.filter((problem) => !/this change removes|status of 422/.test(problem));
      expect(others).toEqual([]);
      problems.length = 0;
    });

    it('puts a nested field\u2019s problem under that field, closes Decap\u2019s own toast, and saves the fix as one line', async () => {
      const before = await project!.read('content/site.yaml');
      const page = await openAdmin({ width: 375, height: 800 });
      await page.goto(`${dev!.url}admin/#/collections/site/entries/settings`);
      const links = page.locator('xpath=//label[normalize-space(.)="Links"]/ancestor::*[@aria-label="list field"][1]');
      await links.locator('button[data-testid=expand-button]').first().click();
      const id = await page.locator('input[value="/#about"]').getAttribute('id');
      const about = page.locator(`[id="${id}"]`);
      await about.fill('/#abut');
      const refused = page.waitForResponse(
        (response) => response.url().endsWith('/admin/api/v1') && response.status() === 422,
      );
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Publish now').click();
      await refused;
      const said =
        /^The link "About" in Navigation > Links points to the Abut section, which does not exist: link to a section the page has, or add one with the anchor "abut"\.$/;
      await page.locator('#agency-site-verdict li').getByText(said).waitFor();
      const note = page.locator('.agency-site-field-problem');
      expect(await note.innerText()).toMatch(said);
      // Under the field's own input, inside the About link's item.
      expect(await note.evaluate((element) => (element.previousElementSibling as HTMLInputElement).value)).toBe(
        '/#abut',
      );
      await expect.poll(() => page.locator('.Toastify__toast--error').count(), { timeout: 10_000 }).toBe(0);
      expect(await project!.read('content/site.yaml')).toBe(before);
      const shots = process.env.CMS_SCREENSHOTS;
      if (shots) await page.screenshot({ path: `${shots}/admin-nested-refused-375.png` });
      // The toolbar is whole: its first words at the top of the screen, not scrolled away.
      expect(
        await page.getByText('Writing in Site collection').evaluate((element) => element.getBoundingClientRect().top),
      ).toBeGreaterThanOrEqual(0);
      // Emptied first: Playwright's fill added to the text here instead of replacing it.
      await about.fill('');
      await about.fill('/#about');
      await page.getByLabel('Menu label', { exact: true }).fill('Open menu');
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Publish now').click();
      await expect
        .poll(() => project!.read('content/site.yaml'), { timeout: 20_000 })
        .toContain('menuLabel: Open menu');
      const changed = (await project!.read('content/site.yaml'))
        .split('\n')
        .filter((line, index) => line !== before.split('\n')[index]);
      expect(changed).toEqual(['  menuLabel: Open menu']);
      await page.close();
      expect(problems.filter((problem) => !/which does not exist|status of 422/.test(problem))).toEqual([]);
      problems.length = 0;
    });

    it('stops a mistake inside the entry in the browser before anything is sent', async () => {
      const before = await project!.read('content/site.yaml');
      const page = await openAdmin();
      await page.goto(`${dev!.url}admin/#/collections/site/entries/settings`);
      const sent: string[] = [];
      page.on('request', (request) => {
        if ((request.postData() ?? '').includes('"persistEntry"')) sent.push(request.url());
      });
      await page.getByLabel('Short name', { exact: true }).fill('Northwind Studio Limited');
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Publish now').click();
      await page
        .locator('#agency-site-verdict li')
        .getByText(/^Short name: /)
        .waitFor();
      expect(sent).toEqual([]);
      expect(await project!.read('content/site.yaml')).toBe(before);
      await page.close();
      expect(problems.filter((problem) => !/Short name: /.test(problem))).toEqual([]);
      problems.length = 0;
    });

    it('saves a change that brings only a warning, and says the warning', async () => {
      const page = await openAdmin();
      await page.goto(`${dev!.url}admin/#/collections/services/entries/ai-assistants`);
      await page.getByLabel('Title', { exact: true }).waitFor();
      const body = page.locator('[data-slate-editor="true"], textarea').last();
      await body.click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type('\n\nTo start, [click here](/#contact).');
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Publish now').click();
      const panel = page.locator('#agency-site-verdict[role="status"]');
      await panel.getByText('Saved, with a warning').waitFor();
      expect(await panel.locator('li').first().innerText()).toMatch(/click here/i);
      expect(await project!.read('content/services/ai-assistants.md')).toContain('[click here](/#contact)');
      await page.close();
      expect(problems).toEqual([]);
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

    it('keeps typed Markdown as typed, and gives a new post today\u2019s date', async () => {
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
      await page.close();
      // A new post in a CMS of its own: the published entry's editor may still be closing in the first.
      const fresh = await openAdmin();
      await fresh.goto(`${dev!.url}admin/#/collections/news/new`);
      const date = fresh.getByLabel('Date', { exact: true });
      await date.waitFor();
      expect(await date.inputValue()).toMatch(new RegExp(`^${new Date().toISOString().slice(0, 4)}-\\d{2}-\\d{2}`));
      await fresh.close();
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
  },
);
