/** End to end: the real content/ built into a temporary folder holds every statement of spec.md. */
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildResult } from '../src/build.ts';
import { resolveConfig } from '../src/config.ts';
import { integrityOf } from '../src/publish/headers.ts';
import { PROJECT_ROOT } from './helpers/project.ts';

let out: string;
let result: BuildResult;
const html: Record<string, string> = {};

beforeAll(async () => {
  out = path.join(await mkdtemp(path.join(os.tmpdir(), 'agency-build-')), 'dist');
  result = await buildSite(resolveConfig({ root: PROJECT_ROOT, out }));
  for (const file of [
    'index.html',
    'terms.html',
    'refund-policy.html',
    'privacy-policy.html',
    'thanks.html',
    '404.html',
  ]) {
    html[file] = await readFile(path.join(out, file), 'utf8');
  }
});

afterAll(async () => {
  await rm(path.dirname(out), { recursive: true, force: true });
});

/** Visible text of an HTML fragment: tags dropped, entities decoded, whitespace collapsed. */
function text(fragment: string): string {
  return fragment
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The element that opens with `opening` (a regex source matching its start tag), up to its matching close. */
function element(source: string, opening: RegExp): string {
  const match = opening.exec(source);
  if (!match) throw new Error(`no element matching ${opening}`);
  const tag = /^<([a-z0-9]+)/.exec(match[0])![1]!;
  const pattern = new RegExp(`<${tag}\\b|</${tag}>`, 'g');
  pattern.lastIndex = match.index + match[0].length;
  let depth = 1;
  for (let found = pattern.exec(source); found; found = pattern.exec(source)) {
    depth += found[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return source.slice(match.index, found.index + found[0].length);
  }
  throw new Error(`unclosed <${tag}>`);
}

const section = (id: string) => element(html['index.html']!, new RegExp(`<section id="${id}"[^>]*>`));

describe('the output folder', () => {
  it('holds one HTML file per route, 404.html, hashed assets and the files of public/', async () => {
    const files = (await readdir(out, { recursive: true })).map(String).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'index.html',
        'terms.html',
        'refund-policy.html',
        'privacy-policy.html',
        '404.html',
        'favicon.svg',
        'images/logo.svg',
      ]),
    );
    expect(files.filter((file) => /^assets\/main-[A-Z0-9]{8}\.js$/.test(file))).toHaveLength(1);
    expect(files.filter((file) => /^assets\/site-[A-Z0-9]{8}\.css$/.test(file))).toHaveLength(1);
    // Home, three legal pages, thanks, 404, /news with the two shipped posts, and the pages at the
    // two old paths of content/redirects.yaml.
    expect(result.pages).toBe(11);
  });

  it('links the hashed stylesheet and the deferred script, with its integrity, from every page', async () => {
    const assets = await readdir(path.join(out, 'assets'));
    const css = assets.find((file) => file.endsWith('.css'))!;
    const js = assets.find((file) => file.endsWith('.js'))!;
    const integrity = integrityOf(await readFile(path.join(out, 'assets', js)));
    for (const page of Object.values(html)) {
      expect(page).toContain(`<link rel="stylesheet" href="/assets/${css}"/>`);
      expect(page).toContain(`<script src="/assets/${js}" integrity="${integrity}" defer=""></script>`);
    }
  });

  it('minifies CSS and JS, and keeps the home page script under 2 KB gzipped', async () => {
    const assets = (await readdir(path.join(out, 'assets'))).filter((name) => /\.(css|js)$/.test(name));
    for (const file of assets) {
      const source = await readFile(path.join(out, 'assets', file), 'utf8');
      expect(source, `${file} is minified`).not.toMatch(/\n[ \t]+\S|\/\*|^\s*\/\//m);
      if (file.endsWith('.js')) expect(gzipSync(source).length, `${file} gzipped`).toBeLessThan(2048);
    }
  });

  it('has no script other than the one bundled file', () => {
    for (const page of Object.values(html)) {
      // JSON-LD (type="application/ld+json") is data, not script.
      const scripts = (page.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('application/ld+json'));
      expect(scripts).toHaveLength(1);
      expect(page).not.toMatch(/\son[a-z]+="/);
    }
  });

  it('gives every page its own title, description and (except 404) a canonical URL', () => {
    const titles = new Set<string>();
    for (const [file, page] of Object.entries(html)) {
      const title = /<title>([^<]+)<\/title>/.exec(page)?.[1];
      expect(title, file).toBeTruthy();
      titles.add(title!);
      expect(page, file).toMatch(/<meta name="description" content="[^"]{20,}"\/>/);
    }
    expect(titles.size).toBe(6);
    expect(html['index.html']).toContain('<link rel="canonical" href="https://northwindstudio.dev/"/>');
    expect(html['terms.html']).toContain('<link rel="canonical" href="https://northwindstudio.dev/terms"/>');
    expect(html['404.html']).not.toContain('rel="canonical"');
    expect(html['404.html']).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('the home page', () => {
  it('has the sections in the order of the spec, with their anchors', () => {
    const page = html['index.html']!;
    const order = [
      '<header class="site-header"',
      'class="hero"',
      'id="services"',
      'id="ai-demo"',
      'id="portfolio"',
      'id="about"',
      'id="contact"',
      '<footer',
    ];
    const positions = order.map((marker) => page.indexOf(marker));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('has a fixed navigation bar with the logo and the four anchor links', () => {
    const header = element(html['index.html']!, /<header class="site-header">/);
    expect(header).toMatch(/<img src="\/assets\/images\/logo-[0-9a-f]{10}\.svg" width="36" height="36"/);
    const links = [...header.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a><\/li>/g)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(links).toEqual([
      ['/#services', 'Services'],
      ['/#portfolio', 'Portfolio'],
      ['/#about', 'About'],
      ['/#contact', 'Contact'],
    ]);
  });

  it('shows the hero headline, its two buttons and the three stats', () => {
    const hero = element(html['index.html']!, /<section class="hero"[^>]*>/);
    expect(hero).toMatch(/<h1 id="hero-title">[^<]+<\/h1>/);
    expect(hero).toContain('<a class="button button-primary" href="#contact">Let&#x27;s Build Together</a>');
    expect(hero).toContain('<a class="button button-secondary" href="#portfolio">View Our Work</a>');
    const stats = [...hero.matchAll(/<dt>([^<]+)<\/dt><dd>([^<]+)<\/dd>/g)].map((match) => [match[2], match[1]]);
    expect(stats).toEqual([
      ['150+', 'Happy Clients'],
      ['200+', 'Projects Completed'],
      ['5.0', 'Average Rating'],
    ]);
  });

  it('lists the three services with their exact titles and features', () => {
    const cards = section('services').split('<li class="card">').slice(1);
    const read = cards.map((card) => ({
      title: text(/<h3 class="card-title">([^<]+)<\/h3>/.exec(card)![1]!),
      features: [...element(card, /<ul class="feature-list">/).matchAll(/<li>([^<]+)<\/li>/g)].map((match) =>
        text(match[1]!),
      ),
    }));
    expect(read).toEqual([
      {
        title: 'Web Development',
        features: ['React and Next.js', 'E-commerce Solutions', 'Responsive Design', 'Performance Optimization'],
      },
      {
        title: 'AI Assistants',
        features: ['Custom Chatbots', 'Process Automation', 'Data Analysis', 'Smart Integrations'],
      },
      { title: 'Branding', features: ['Logo Design', 'Brand Guidelines', 'Marketing Materials', 'Digital Assets'] },
    ]);
    expect(text(section('services'))).toContain('Our Services');
  });

  it('embeds a lazy, titled 400 by 600 chat frame with a bot_id, and a new-tab provider link', () => {
    const demo = section('ai-demo');
    expect(text(demo)).toContain('AI Assistant Demo');
    // The script gives the frame its address near the screen; the noscript copy has it from the start.
    const [frame, copy] = [...demo.matchAll(/<iframe [^>]*>/g)].map((match) => match[0]);
    expect(frame).toMatch(/data-src="https:\/\/[^"]+\?bot_id=[\w-]+"/);
    expect(frame).not.toMatch(/ src=/);
    expect(copy).toBe(frame!.replace('data-src=', 'src='));
    expect(demo).toMatch(/<noscript><iframe /);
    expect(frame).toContain('width="400"');
    expect(frame).toContain('height="600"');
    expect(frame).toContain('loading="lazy"');
    expect(frame).toMatch(/title="[^"]+"/);
    const provider = /<a [^>]*>Get Your Own AI Bot[\s\S]*?<\/a>/.exec(demo)![0];
    expect(provider).toContain('target="_blank"');
    expect(provider).toContain('rel="noopener noreferrer"');
  });

  it('shows three portfolio tiles with category, title, image size and alt text, and a new-tab full portfolio link', () => {
    const work = section('portfolio');
    expect(text(work)).toContain('Featured Work');
    const tiles = [...work.matchAll(/<figure class="tile" tabindex="0">([\s\S]*?)<\/figure>/g)].map(
      (match) => match[1]!,
    );
    expect(tiles.map((tile) => text(/<span class="tile-title">([^<]+)/.exec(tile)![1]!))).toEqual([
      'E-Commerce Platform',
      'AI Customer Support',
      'Brand Identity Suite',
    ]);
    for (const tile of tiles) {
      expect(tile).toMatch(/<span class="tile-category">[^<]+<\/span>/);
      expect(tile).toMatch(
        /<img src="\/assets\/images\/[\w-]+-[0-9a-f]{10}\.svg" width="\d+" height="\d+" alt="[^"]{10,}"/,
      );
    }
    const more = /<a [^>]*>View Full Portfolio[\s\S]*?<\/a>/.exec(work)![0];
    expect(more).toContain('target="_blank"');
    expect(more).toContain('rel="noopener noreferrer"');
  });

  it('has an About Us section with the text of content/about.md', () => {
    expect(text(section('about'))).toMatch(/^About Us Northwind Studio is a small team/);
  });

  it("has Let's Talk with email, WhatsApp, the two buttons and the contact form", () => {
    const contact = section('contact');
    expect(text(contact)).toContain("Let's Talk");
    expect(contact).toContain('href="mailto:hello@northwindstudio.dev"');
    expect(contact).toMatch(/href="https:\/\/wa\.me\/\d+" target="_blank" rel="noopener noreferrer"/);
    expect(contact).toMatch(/<a class="button button-primary" href="#contact-form">Get Started Today<\/a>/);
    expect(contact).toMatch(/<a class="button button-ghost" href="https:\/\/wa\.me\/\d+"[^>]*>Schedule a Call/);
    const form = element(contact, /<form id="contact-form"[^>]*>/);
    const inputs = [...form.matchAll(/<(input|textarea)\b[^>]*>/g)].map((match) => [
      /\sname="([\w-]+)"/.exec(match[0])?.[1],
      /\stype="(\w+)"/.exec(match[0])?.[1] ?? match[1],
    ]);
    expect(inputs).toEqual([
      ['firstName', 'text'],
      ['lastName', 'text'],
      ['email', 'email'],
      ['company', 'text'],
      ['message', 'textarea'],
      // The spam trap, out of sight and out of reach (tests/contact-form.browser.test.ts).
      ['bot-field', 'text'],
    ]);
    expect(form).toMatch(/<div class="form-trap" aria-hidden="true" inert="">/);
    expect(text(element(form, /<label for="contact-company">/))).toBe('Company (optional)');
    expect(form).toContain('<button class="button button-primary" type="submit">Send Message</button>');
    expect(form).not.toMatch(/\srequired/);
  });

  it('posts the form to the mail client without an endpoint, so nothing typed reaches the page URL', () => {
    const open = /<form id="contact-form"[^>]*>/.exec(section('contact'))![0];
    expect(open).toContain('method="post"');
    expect(open.toLowerCase()).toContain('enctype="text/plain"');
    expect(open).toMatch(/action="mailto:hello@northwindstudio\.dev\?subject=[^"]+"/);
    // The note says so, and offers the address for visitors whose mail app does not open.
    const note = element(section('contact'), /<p class="form-note">/);
    expect(text(note)).toMatch(/^Sending opens your email app.* hello@northwindstudio\.dev ?\.$/);
    expect(note).toContain('<a href="mailto:hello@northwindstudio.dev">hello@northwindstudio.dev</a>');
  });

  it('keeps the thank-you page out of the sitemap and search results', () => {
    expect(html['thanks.html']).toContain('<meta name="robots" content="noindex"/>');
    expect(html['thanks.html']).not.toContain('rel="canonical"');
    expect(readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).not.toContain('/thanks');
  });

  it('has a footer with the quick links and a link to every legal page', () => {
    const footer = element(html['index.html']!, /<footer class="site-footer">/);
    const links = [...footer.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a><\/li>/g)].map((match) => [
      match[2],
      match[1],
    ]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Services', '/#services'],
      ['Portfolio', '/#portfolio'],
      ['Contact', '/#contact'],
      // The spec's four, and News while posts exist (issue 41: visitors find the news).
      ['News', '/news'],
      ['Terms of Service', '/terms'],
      ['Refund Policy', '/refund-policy'],
      ['Privacy Policy', '/privacy-policy'],
    ]);
  });
});

describe('the legal pages', () => {
  const legal = (file: string) => text(element(html[file]!, /<main [^>]*>/));

  it('each have a Back to Home button to / and the footer links', () => {
    for (const file of ['terms.html', 'refund-policy.html', 'privacy-policy.html']) {
      expect(html[file]).toMatch(/<a class="button button-ghost" href="\/">.*Back to Home<\/a>/);
      expect(html[file]).toContain('<a href="/privacy-policy">Privacy Policy</a>');
    }
  });

  it('state the plans, prices and dates of spec section 9', () => {
    const terms = legal('terms.html');
    expect(terms).toContain('Terms of Service');
    expect(terms).toContain('June 9, 2025');
    expect(terms).toContain('$19/month');
    expect(terms).toContain('$99/month');
    const refund = legal('refund-policy.html');
    expect(refund).toContain('June 9, 2025');
    expect(refund).toMatch(/Free plan[^.]*no refunds|no refunds[^.]*Free plan/i);
    expect(refund).toContain('5 business days');
    expect(refund).toContain('10 business days');
    expect(refund).toMatch(/prorated refund/i);
    expect(refund).toContain('30 days');
    expect(refund).toMatch(/original payment method/);
    expect(refund).toContain('$19/month');
    expect(refund).toContain('$99/month');
    const privacy = legal('privacy-policy.html');
    expect(privacy).toContain('Effective: June 14, 2025');
    expect(privacy).toContain('We do not collect any personal data from the Messenger chatbot.');
  });
});

describe('the 404 page', () => {
  it("reads 'Oops! Page not found' with a 'Return to Home' link and marks itself for the console log", () => {
    const page = html['404.html']!;
    expect(page).toMatch(/<h1>Oops! Page not found<\/h1>/);
    expect(page).toMatch(/<a class="button button-primary" href="\/">Return to Home<\/a>/);
    expect(page).toContain('<body data-page="not-found">');
  });
});

describe('determinism', () => {
  it('writes byte-identical files when the same input is built twice', async () => {
    const second = path.join(path.dirname(out), 'again');
    await buildSite(resolveConfig({ root: PROJECT_ROOT, out: second }));
    const list = async (folder: string) =>
      (await readdir(folder, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
        .sort();
    const files = await list(out);
    expect(await list(second)).toEqual(files);
    for (const file of files) {
      expect((await readFile(path.join(second, file))).equals(await readFile(path.join(out, file))), file).toBe(true);
    }
  });
});
