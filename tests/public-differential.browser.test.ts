/**
 * Regression for a parser differential (issue 39): `<select><img onerror>` in a public/ page
 * passed the check, because parse5 drops the `<img>` while newer Chromium keeps it, and ran on the
 * site's address wherever `_headers` is not applied. What is published is now the checker's own
 * serialisation, with the site's policy in a meta tag. Each shape is opened in real Chromium from a
 * plain static server that sends no security header: as written (the control, which shows that
 * this test sees a script run), as the checker publishes it, and as the build writes it.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteError } from '../src/errors.ts';
import { publishedText } from '../src/publish/public-files.ts';
import { addPagePolicy } from '../src/publish/checked-markup.ts';
import { browserAvailable, launchChromium } from './helpers/chromium.ts';
import { copyProject, runCli, type TempProject } from './helpers/project.ts';
import { serveFolder, type ServedFolder } from './helpers/serve.ts';

/** Each calls alert() if any of it runs. `runsAsWritten`: Chromium runs the original, so the control must see it. */
const HTML_SHAPES: Array<{ name: string; html: string; runsAsWritten?: boolean }> = [
  { name: 'img in select', html: '<select><img src=x onerror="alert(document.domain)"></select>', runsAsWritten: true },
  { name: 'img in select in a form', html: '<form><select><option>a<img src=x onerror=alert(1)></select></form>' },
  { name: 'svg in select', html: '<select><svg><style><img src=x onerror=alert(1)></style></svg></select>' },
  { name: 'namespace confusion', html: '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">' },
  { name: 'math mglyph', html: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>' },
  { name: 'math style', html: '<math><mi><style><img src=x onerror=alert(1)></style></mi></math>' },
  { name: 'svg title breakout', html: '<svg><title><style><img src=x onerror=alert(1)></style></title></svg>' },
  { name: 'noscript attribute', html: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>' },
  { name: 'comment', html: '<!--><img src=x onerror=alert(1)>-->' },
  { name: 'bogus comment', html: '<? x><img src=x onerror=alert(1)>?>' },
  { name: 'template', html: '<template><style></template><img src=x onerror=alert(1)></style></template>' },
  { name: 'shadow root', html: '<div><template shadowrootmode="open"><img src=x onerror=alert(1)></template></div>' },
  { name: 'nested forms', html: '<form id=a><div></form><form><button formaction=javascript:alert(1)>go</button>' },
  { name: 'table foster', html: '<table><img src=x onerror=alert(1)><tr><td>x</td></tr></table>' },
  { name: 'textarea in select', html: '<select><textarea><img src=x onerror=alert(1)></textarea></select>' },
  { name: 'plaintext', html: '<plaintext><img src=x onerror=alert(1)>' },
  { name: 'entity-encoded handler', html: '<a href="&#106;avascript:alert(1)">x</a>' },
];

const SVG_SHAPES: Array<{ name: string; svg: string }> = [
  { name: 'comment edge', svg: '<svg xmlns="http://www.w3.org/2000/svg"><!--><script>alert(1)</script>--></svg>' },
  {
    name: 'cdata',
    svg: '<svg xmlns="http://www.w3.org/2000/svg"><![CDATA[<script>alert(1)</script>]]><text>hi</text></svg>',
  },
  {
    name: 'html namespace',
    svg: '<svg xmlns="http://www.w3.org/2000/svg"><img xmlns="http://www.w3.org/1999/xhtml" src="x" onerror="alert(1)"/></svg>',
  },
  { name: 'prefixed script', svg: '<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></s:svg>' },
  {
    name: 'quote in name',
    svg: '<svg xmlns="http://www.w3.org/2000/svg"><rect x"=1 onload=alert(1) y="2"/></svg>',
  },
];

let folder: string;
let served: ServedFolder;
let browser: Browser;
const POLICY = "default-src 'self'; script-src 'none'; object-src 'none'; base-uri 'self'";

/** Opens a file of the served folder and says whether an alert() ran (waiting until the network is idle). */
async function runsScript(file: string, contents: string): Promise<boolean> {
  await writeFile(path.join(folder, file), contents);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    let ran = false;
    page.on('dialog', (dialog) => {
      ran = true;
      void dialog.dismiss();
    });
    await page.goto(`${served.origin}/${file}`, { waitUntil: 'networkidle' });
    return ran;
  } finally {
    await context.close();
  }
}

/** What the build would publish, or undefined when the check refuses the file. */
function publish(file: string, text: string, kind: 'html' | 'svg'): string | undefined {
  try {
    return publishedText(`public/${file}`, text, kind);
  } catch (error) {
    if (error instanceof SiteError && (error.code === 'UnsafeHtml' || error.code === 'UnsafeSvg')) return undefined;
    throw error;
  }
}

describe.runIf(browserAvailable('public/ pages and SVGs in Chromium, on a host without headers'))(
  'public/ pages and SVGs in Chromium, on a host without headers',
  () => {
    beforeAll(async () => {
      folder = await mkdtemp(path.join(os.tmpdir(), 'agency-site-differential-'));
      await writeFile(path.join(folder, 'x'), 'not an image');
      served = await serveFolder({ base: '/', root: folder });
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      await served?.close();
      await rm(folder, { recursive: true, force: true });
    });

    it.each(HTML_SHAPES)('publishes no running script for a page with $name', async ({ name, html, runsAsWritten }) => {
      const file = `${name.replace(/\W+/g, '-')}.html`;
      const page = `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body>${html}</body></html>`;
      if (runsAsWritten) expect(await runsScript(`raw-${file}`, page), 'the control: the page as written').toBe(true);
      const published = publish(file, page, 'html');
      if (published === undefined) return;
      expect(await runsScript(file, published), published).toBe(false);
      expect(await runsScript(`policy-${file}`, addPagePolicy(published, POLICY))).toBe(false);
    });

    it.each(SVG_SHAPES)('publishes no running script for an SVG with $name', async ({ name, svg }) => {
      const file = `${name.replace(/\W+/g, '-')}.svg`;
      const published = publish(file, svg, 'svg');
      if (published === undefined) return;
      expect(await runsScript(file, published), published).toBe(false);
    });

    it('shows that the control sees a script run in an SVG', async () => {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>';
      expect(await runsScript('control.svg', svg)).toBe(true);
      expect(publish('control.svg', svg, 'svg')).toBeUndefined();
    });

    describe('the build of a site with the select page', () => {
      let project: TempProject;
      beforeAll(async () => {
        project = await copyProject('agency-site-select-');
        await project.write('public/brochure.html', `<!DOCTYPE html><title>Brochure</title>${HTML_SHAPES[0]!.html}`);
      });
      afterAll(async () => {
        await project?.cleanup();
      });

      it('writes the checked page with the site policy, and no script of it runs', async () => {
        const result = await runCli(['build', '--strict'], { cwd: project.root });
        expect(result.code, result.stderr).toBe(0);
        const built = await readFile(project.file('dist/brochure.html'), 'utf8');
        expect(built).not.toContain('onerror');
        expect(built).toMatch(
          /^<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src /,
        );
        const home = await readFile(project.file('dist/index.html'), 'utf8');
        const policy = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(home)![1]!.replace(/&#x27;/g, "'");
        expect(built).toContain(`content="${policy}"`);
        expect(await runsScript('brochure.html', built)).toBe(false);
        // Every page of the output carries the policy: generated pages, redirect pages, 404, the CMS, public/.
        const pages = (await readdir(project.file('dist'), { recursive: true })).filter((file) =>
          file.endsWith('.html'),
        );
        expect(pages.length).toBeGreaterThan(10);
        for (const file of pages)
          expect(await readFile(project.file(`dist/${file}`), 'utf8'), file).toContain(
            '<meta http-equiv="Content-Security-Policy" content="',
          );
      }, 180_000);
    });
  },
);
