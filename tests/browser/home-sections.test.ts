/**
 * A home.yaml with every section type, in an order of its own, built by the generator and opened in
 * real Chromium at 375 and 1440 pixels: sections in the order written, pictures through the image
 * pipeline, the FAQPage JSON-LD, valid HTML, the visitor's budgets and no serious axe violation.
 * Set SCREENSHOTS_DIR to keep full-page screenshots of this page and of the shipped home page.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AxeResults } from 'axe-core';
import { HtmlValidate } from 'html-validate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { resolveConfig } from '../../src/config.ts';
import { blockThirdParty, browserAvailable, launchChromium, loadEveryImage } from '../helpers/chromium.ts';
import { servedSite } from '../helpers/built-site.ts';
import type { TempProject } from '../helpers/project.ts';
import { serveFolder, type ServedFolder } from '../helpers/serve.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const KB = 1024;

const PHOTO = '/images/portfolio/brand-identity-suite.svg';
const WIDE = '/images/portfolio/ecommerce-platform.svg';
const LOGO = '/images/logo.svg';

/** Every type once (prose twice), the shipped ones moved around, and an id of the editor's own. */
const HOME_YAML = `sections:
  - type: hero
    headline: Websites and assistants for ambitious teams
    text: One studio, from first sketch to launch.
    primary: { label: Let's Build Together, href: "#contact" }
    secondary: { label: Read the questions, href: "#faq" }
    statsLabel: Our track record
  - type: logos
    heading: Trusted by
    items:
      - { name: Acme, image: ${LOGO}, href: https://acme.example }
      - { name: Globex, image: ${LOGO} }
  - type: stats
    heading: In numbers
    items:
      - { value: "150+", label: Happy Clients }
      - { value: "5.0", label: Average Rating }
  - type: services
    heading: Our Services
    intro: Everything a growing business needs.
  - type: media
    id: how-we-work
    heading: How we work
    text: |
      We start with a **one-week sprint**: your goals, your visitors, a plan.

      - Weekly demos
      - No lock-in
    image: ${WIDE}
    alt: The storefront we built for a shop
    side: left
  - type: testimonials
    heading: What clients say
    items:
      - { quote: They shipped our shop in six weeks., name: Ana Lima, role: "Founder, Acme", image: ${PHOTO}, alt: "Ana Lima, smiling" }
      - { quote: The chatbot answers half our support mail now., name: Tom Berg }
  - type: portfolio
    heading: Featured Work
    intro: A few recent projects.
    more: { label: View Full Portfolio, url: https://portfolio.example }
  - type: pricing
    heading: Pricing
    intro: Plain prices, no surprises.
    plans:
      - { name: Starter, price: $900, features: [Custom design, Up to 10 pages], button: { label: Start small, href: "#contact" } }
      - { name: Growth, price: $19, period: /month, features: [Hosting, Priority support], button: { label: Grow with us, href: "#contact" }, featured: true }
  - type: team
    heading: The team
    items:
      - { name: Ana Lima, role: Founder, image: ${PHOTO}, alt: "Ana Lima at her desk" }
      - { name: Tom Berg, role: Developer, image: ${PHOTO}, alt: "Tom Berg at his desk" }
  - type: ai-demo
    heading: AI Assistant Demo
    intro: Ask our demo assistant anything.
    frameUrl: https://chat.chathive.app/embed
    botId: northwind-demo
    frameTitle: Chat with the demo assistant
    provider: { label: Get Your Own AI Bot, url: https://chathive.app }
  - type: faq
    heading: Questions
    items:
      - question: How long does a website take?
        answer: Most sites take **four to six weeks**.
      - question: Do you host the site?
        answer: Yes, or we hand it over; see [our terms](/terms).
  - type: about
  - type: prose
    heading: A note on prices
    body: |
      All prices exclude VAT. Read the [refund policy](/refund-policy).

      ![The shop we built, on a laptop](${WIDE})
  - type: list
    of: legal
    heading: The fine print
    count: 2
  - type: cta
    heading: Ready to build something together?
    text: We answer within one business day.
    button: { label: Book a free call, href: "#contact" }
  - type: news
    heading: Latest news
    count: 2
    more: All news
  - type: contact
    heading: Let's Talk
    intro: Tell us about your project.
    primaryAction: { label: Get Started Today }
    secondaryAction: { label: Schedule a Call }
`;

const ORDER = [
  'logos:clients',
  'stats:numbers',
  'services:services',
  'media:how-we-work',
  'testimonials:testimonials',
  'portfolio:portfolio',
  'pricing:pricing',
  'team:team',
  'ai-demo:ai-demo',
  'faq:faq',
  'about:about',
  'prose:more',
  'list:legal',
  'cta:get-started',
  'news:news',
  'contact:contact',
];

let project: TempProject;
let served: ServedFolder;
let outDir: string;
let html: string;

beforeAll(async () => {
  project = await copyWarmProject('agency-site-home-');
  await project.write('content/home.yaml', HOME_YAML);
  const config = resolveConfig({ root: project.root });
  await buildSite(config);
  outDir = config.outDir;
  html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  served = await serveFolder({ root: config.outDir, base: config.base });
  // Encodes eight new pictures in three formats: minutes on a loaded machine.
}, 300_000);

afterAll(async () => {
  await served?.close();
  await project?.cleanup();
});

describe('a home page with every section type in an order of its own', () => {
  it('shows the sections in the order home.yaml lists them, after the hero', () => {
    const ids = [...html.matchAll(/<section (?:id="([^"]+)" )?class="([^"]+)"/g)].map((match) => match[1] ?? match[2]);
    expect(ids[0]).toBe('hero');
    expect(ids.slice(1)).toEqual(ORDER.map((entry) => entry.split(':')[1]));
  });

  it('shows every section image as a lazy <picture> with width and height: rasters with AVIF and WebP, SVGs as themselves', () => {
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    const pictures = [...main.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((match) => match[1]!);
    // 2 logos, 1 media, 1 testimonial photo, 2 team photos, 3 portfolio tiles, 1 in the prose's
    // Markdown, and the one news post of the two shown that has a picture.
    expect(pictures).toHaveLength(11);
    for (const picture of pictures) {
      if (/<img src="[^"]+\.svg"/.test(picture)) expect(picture).not.toContain('<source');
      else {
        expect(picture).toMatch(/<source type="image\/avif" srcSet="[^"]+\.avif \d+w/);
        expect(picture).toMatch(/<source type="image\/webp" srcSet="[^"]+\.webp \d+w/);
      }
      expect(picture).toMatch(/<img [^>]*width="\d+" height="\d+"/);
      expect(picture).toMatch(/loading="lazy"/);
    }
    expect(html).toContain('alt="The storefront we built for a shop"');
    expect(html).toContain('alt="The shop we built, on a laptop"');
  });

  it('renders the Markdown of faq, media and prose, with links through the URL policy', () => {
    expect(html).toContain('Most sites take <strong>four to six weeks</strong>.');
    expect(html).toContain('<a href="/refund-policy">refund policy</a>');
    expect(html).toMatch(/<details class="faq-item"><summary>How long does a website take\?<\/summary>/);
  });

  it('lists the first pages of a folder as cards, each its title linking the page, with its description', () => {
    const list = html.slice(
      html.indexOf('<section id="legal"'),
      html.indexOf('</section>', html.indexOf('id="legal"')),
    );
    const cards = [
      ...list.matchAll(
        /<li class="card link-card"><h3 class="card-title"><a href="([^"]+)">([^<]+)<\/a><\/h3><p class="card-text">([^<]+)</g,
      ),
    ];
    expect(cards.map((card) => [card[1], card[2]])).toEqual([
      ['/terms', 'Terms of Service'],
      ['/refund-policy', 'Refund Policy'],
    ]);
    for (const card of cards) expect(card[3]!.length).toBeGreaterThan(20);
  });

  it('carries schema.org FAQPage JSON-LD built from the questions, beside the organisation', () => {
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const graph = JSON.parse(json)['@graph'] as Array<Record<string, unknown>>;
    expect(graph.map((node) => node['@type'])).toEqual(['Organization', 'FAQPage']);
    expect(graph[1]!.mainEntity).toEqual([
      {
        '@type': 'Question',
        name: 'How long does a website take?',
        acceptedAnswer: { '@type': 'Answer', text: '<p>Most sites take <strong>four to six weeks</strong>.</p>' },
      },
      {
        '@type': 'Question',
        name: 'Do you host the site?',
        acceptedAnswer: {
          '@type': 'Answer',
          text: '<p>Yes, or we hand it over; see <a href="/terms">our terms</a>.</p>',
        },
      },
    ]);
  });

  it('passes html-validate\u2019s recommended rules', async () => {
    const validator = new HtmlValidate({
      extends: ['html-validate:recommended'],
      rules: {
        'void-style': ['error', { style: 'selfclose' }],
        'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
        'attribute-boolean-style': ['error', { style: 'empty' }],
      },
    });
    const report = await validator.validateString(html, 'index.html');
    const errors = report.results
      .flatMap((result) => result.messages)
      .filter((message) => message.severity >= 2)
      .map((message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
    expect(errors).toEqual([]);
  });

  it('keeps the budgets: JavaScript at most 2 KB gzipped, HTML and CSS at most 20 KB gzipped', async () => {
    const linked = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!.replace(/^\//, ''));
    const gz = async (file: string) => gzipSync(await readFile(path.join(outDir, file))).byteLength;
    const scripts = linked(/<script\b[^>]*\bsrc="([^"]+)"/g);
    const styles = linked(/<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="([^"]+)"/g);
    expect(scripts).toHaveLength(1);
    const js = (await Promise.all(scripts.map(gz))).reduce((a, b) => a + b, 0);
    const css = (await Promise.all(styles.map(gz))).reduce((a, b) => a + b, 0);
    expect(js).toBeLessThanOrEqual(2 * KB);
    expect(gzipSync(html).byteLength + css).toBeLessThanOrEqual(20 * KB);
  });
});

const WIDTHS = [
  { viewport: { width: 375, height: 667 }, isMobile: true },
  { viewport: { width: 1440, height: 900 }, isMobile: false },
];

describe.skipIf(!browserAvailable('the every-section home page'))('the every-section home page in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  for (const { viewport, isMobile } of WIDTHS) {
    it(`at ${viewport.width} pixels: every picture loads, nothing scrolls sideways, no serious axe violation`, {
      timeout: 120_000,
    }, async () => {
      const context = await browser.newContext({ viewport, isMobile, hasTouch: isMobile, bypassCSP: true });
      await blockThirdParty(context, served.origin);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${served.origin}/`);
      expect(await loadEveryImage(page)).toEqual([]);
      const folder = process.env.SCREENSHOTS_DIR;
      if (folder) {
        await mkdir(folder, { recursive: true });
        await page.screenshot({ path: path.join(folder, `home-every-section-${viewport.width}.png`), fullPage: true });
        const other = await browser.newContext({ viewport, isMobile, hasTouch: isMobile });
        await blockThirdParty(other, servedSite().origin);
        const shipped = await other.newPage();
        await shipped.goto(`${servedSite().origin}/`);
        expect(await loadEveryImage(shipped)).toEqual([]);
        await shipped.screenshot({ path: path.join(folder, `home-shipped-${viewport.width}.png`), fullPage: true });
        await other.close();
      }
      const broken = await page.evaluate(() =>
        [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.currentSrc),
      );
      expect(broken).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.addScriptTag({ content: AXE_SOURCE });
      const results = await page.evaluate(() =>
        (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run(),
      );
      const blocking = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      expect(blocking).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
