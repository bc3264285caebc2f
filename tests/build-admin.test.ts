/**
 * The build's /admin/: the CMS from node_modules under the base, with config.yml from the
 * schemas, noindex, its own policy in _headers, out of the sitemap; and no public page that
 * names it or loads a byte of it.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildSite } from '../src/build.ts';
import { resolveConfig } from '../src/config.ts';
import { headersFor, parseHeadersFile } from '../src/dev/headers-file.ts';
import type { TempProject } from './helpers/project.ts';
import { copyWarmProject } from './helpers/warm-project.ts';

let project: TempProject;
let out: string;
let files: string[];

beforeAll(async () => {
  project = await copyWarmProject('agency-site-admin-');
  await project.edit('content/site.yaml', 'legal:\n', 'cms:\n  repo: northwind/website\n\nlegal:\n');
  const config = resolveConfig({ root: project.root, base: '/sub/' });
  await buildSite(config);
  out = config.outDir;
  files = (await readdir(out, { recursive: true })).map((name) => String(name).split(path.sep).join('/'));
});
afterAll(() => project?.cleanup());

const read = (relative: string) => readFile(path.join(out, relative), 'utf8');

describe('/admin/ in the build', () => {
  it('holds the page, config.yml, the preview script and Decap CMS from node_modules, no source maps', async () => {
    for (const file of ['admin/index.html', 'admin/config.yml', 'admin/decap-cms.js', 'admin/admin.css'])
      expect(files).toContain(file);
    expect(files.filter((file) => /^admin\/preview-[0-9a-f]{8}\.js$/.test(file))).toHaveLength(1);
    expect(files.filter((file) => file.startsWith('admin/') && file.endsWith('.map'))).toEqual([]);
    const cms = await read('admin/decap-cms.js');
    expect(cms).toContain('decap-cms 3.16.3');
  });

  it('keeps the admin page out of search results and the sitemap, under the base', async () => {
    const page = await read('admin/index.html');
    expect(page).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(page).toContain('<script src="/sub/admin/decap-cms.js"></script>');
    expect(page).toContain('<link rel="cms-config-url" type="text/yaml" href="/sub/admin/config.yml" />');
    expect(page).toMatch(/<meta http-equiv="Content-Security-Policy" content="[^"]*'unsafe-eval'/);
    expect(page).not.toMatch(
      /https?:\/\/(?!avatars\.githubusercontent|raw\.githubusercontent|api\.github)[^"'\s]*\.js/,
    );
    expect(await read('sitemap.xml')).not.toContain('admin');
    expect(await read('robots.txt')).not.toContain('admin/config');
  });

  it('uses the GitHub backend and the editorial workflow for the repository site.yaml names', async () => {
    const config = parse(await read('admin/config.yml')) as Record<string, unknown>;
    expect(config.backend).toEqual({ name: 'github', repo: 'northwind/website', branch: 'main' });
    expect(config.publish_mode).toBe('editorial_workflow');
    expect(config.media_folder).toBe('public/images/uploads');
  });

  it('gives /admin/ its own policy in _headers and leaves every other path\u2019s policy as it was', async () => {
    const rules = parseHeadersFile(await read('_headers'));
    const admin = headersFor(rules, '/sub/admin/');
    const home = headersFor(rules, '/sub/');
    expect(admin['content-security-policy']).toContain("'unsafe-eval'");
    expect(admin['content-security-policy']).not.toContain(',');
    expect(admin['x-robots-tag']).toBe('noindex, nofollow');
    expect(admin['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(home['content-security-policy']).not.toContain('unsafe');
    expect(home['content-security-policy']).toMatch(/script-src 'sha256-/);
    expect(home['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('names the CMS on no public page', async () => {
    const pages = files.filter((file) => file.endsWith('.html') && !file.startsWith('admin/'));
    expect(pages.length).toBeGreaterThanOrEqual(5);
    for (const page of pages) {
      const html = await read(page);
      expect(html, page).not.toMatch(/admin\/|decap|preview-[0-9a-f]{8}/i);
    }
  });
});
