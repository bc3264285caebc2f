/**
 * The visitor's budgets, measured on the real build: home page JavaScript at most 2 KB gzipped,
 * HTML plus CSS at most 20 KB gzipped, every <img> with width and height, and no request to a
 * third party other than the chat frame. A failing budget names the file and the bytes.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, describeInBrowser } from './helpers/browser.ts';
import { servedSite } from './helpers/built-site.ts';
import { loadSiteContent } from './helpers/site-content.ts';

const KB = 1024;
const HOME_JS_BUDGET = 2 * KB;
const HTML_CSS_BUDGET = 20 * KB;

const { site, pages } = await loadSiteContent();

interface Weighed {
  file: string;
  bytes: number;
}

async function gzipped(file: string): Promise<Weighed> {
  return { file, bytes: gzipSync(await readFile(path.join(servedSite().outDir, file))).byteLength };
}

function readOutput(file: string): Promise<string> {
  return readFile(path.join(servedSite().outDir, file), 'utf8');
}

async function listPages(): Promise<string[]> {
  const files = await readdir(servedSite().outDir, { recursive: true });
  return files.filter((file) => file.endsWith('.html')).sort();
}

/** The output files a page's <script src> or <link rel="stylesheet"> point at, plus its inline code. */
function linkedFiles(html: string, kind: 'script' | 'stylesheet'): string[] {
  const pattern =
    kind === 'script' ? /<script\b[^>]*\bsrc="([^"]+)"/g : /<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="([^"]+)"/g;
  return [...html.matchAll(pattern)].map((match) => decodeURI(match[1]!).replace(/^\//, ''));
}

/** Inline code in <script> or <style>; data blocks such as JSON-LD (a non-JavaScript type) are not code. */
function inlineBytes(html: string, tag: 'script' | 'style'): number {
  const pattern = new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'g');
  const code = [...html.matchAll(pattern)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes!))
    .filter(([, attributes]) => tag === 'style' || !/\btype="(?!(text\/javascript|module)")/.test(attributes!))
    .map((match) => match[2]!)
    .join('');
  return code ? gzipSync(code).byteLength : 0;
}

function describeWeights(weights: Weighed[]): string {
  return weights.map((weight) => `${weight.file} ${weight.bytes} B`).join(' + ');
}

it('keeps the home page\u2019s JavaScript within 2 KB gzipped', async () => {
  const html = await readOutput('index.html');
  const weights = await Promise.all(linkedFiles(html, 'script').map(gzipped));
  const inline = inlineBytes(html, 'script');
  if (inline > 0) weights.push({ file: 'index.html inline <script>', bytes: inline });
  const total = weights.reduce((sum, weight) => sum + weight.bytes, 0);
  console.log(
    `home page JavaScript: ${describeWeights(weights) || 'none'} = ${total} B gzipped (budget ${HOME_JS_BUDGET} B)`,
  );
  expect(
    total,
    `home page JavaScript ${describeWeights(weights)} = ${total} B gzipped, over ${HOME_JS_BUDGET} B`,
  ).toBeLessThanOrEqual(HOME_JS_BUDGET);
});

it('keeps every page\u2019s HTML plus CSS within 20 KB gzipped', async () => {
  const htmlFiles = await listPages();
  expect(htmlFiles).toContain('index.html');
  for (const file of htmlFiles) {
    const html = await readOutput(file);
    const weights = [await gzipped(file), ...(await Promise.all(linkedFiles(html, 'stylesheet').map(gzipped)))];
    const inline = inlineBytes(html, 'style');
    if (inline > 0) weights.push({ file: `${file} inline <style>`, bytes: inline });
    const total = weights.reduce((sum, weight) => sum + weight.bytes, 0);
    if (file === 'index.html')
      console.log(
        `home page HTML + CSS: ${describeWeights(weights)} = ${total} B gzipped (budget ${HTML_CSS_BUDGET} B)`,
      );
    expect(total, `${describeWeights(weights)} = ${total} B gzipped, over ${HTML_CSS_BUDGET} B`).toBeLessThanOrEqual(
      HTML_CSS_BUDGET,
    );
  }
});

it('gives every <img> on every page a width and a height', async () => {
  let images = 0;
  for (const file of await listPages()) {
    const html = await readOutput(file);
    for (const tag of html.match(/<img\b[^>]*>/g) ?? []) {
      images++;
      expect(tag, `${file}: <img> without width and height`).toMatch(/\swidth="\d+"/);
      expect(tag, `${file}: <img> without width and height`).toMatch(/\sheight="\d+"/);
    }
  }
  expect(images).toBeGreaterThanOrEqual(site.portfolio.length);
});

describeInBrowser('requests from every page, on a desktop and on a phone', { viewport: DESKTOP }, ({ visit, open }) => {
  it('go to no third party but the chat frame', async () => {
    const chatHost = new URL(
      (site.home.sections.find((one) => one.type === 'ai-demo')!.data as { frameUrl: string }).frameUrl,
    ).origin;
    const visits = [visit(), await open({ viewport: PHONE, isMobile: true, hasTouch: true })];
    await Promise.all(
      visits.map(async ({ page, goto }) => {
        for (const route of [...pages, { path: '/missing-page' }]) {
          await goto(route.path);
          // Scroll through the page so lazy images and the lazy chat frame ask for what they need.
          await page.evaluate(async () => {
            for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
              window.scrollTo(0, y);
              await new Promise((resolve) => requestAnimationFrame(resolve));
            }
          });
          await page.waitForLoadState('networkidle');
        }
      }),
    );
    const thirdParty = visits.flatMap((one) => one.thirdParty);
    expect(thirdParty.filter((url) => new URL(url).origin !== chatHost)).toEqual([]);
    expect(thirdParty.length, 'the chat frame was requested (and blocked: tests run offline)').toBeGreaterThan(0);
  });
});
