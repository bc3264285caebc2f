/**
 * Regression (issue 14): one rule for where the site lives. A GitHub Pages project site
 * (https://user.github.io/repo/) built with --base /repo/ doubled the path in every canonical URL
 * (/repo/repo/terms), and --base alone pointed them at the wrong host. Now the URL's path is the
 * base, and a --base that disagrees is a usage error.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../src/config.ts';
import { readSiteUrl } from '../src/site-url.ts';
import { createUrlPolicy } from '../src/site/routes.ts';
import { copyProject, runCli, type TempProject } from './helpers/project.ts';

describe('resolveConfig and the URL policy', () => {
  it('takes the base from the path of --site-url, and accepts a --base that agrees', () => {
    expect(resolveConfig({ siteUrl: 'https://user.github.io/repo/' }).base).toBe('/repo/');
    expect(resolveConfig({ siteUrl: 'https://user.github.io/repo' }).base).toBe('/repo/');
    expect(resolveConfig({ siteUrl: 'https://user.github.io/repo/', base: 'repo' }).base).toBe('/repo/');
    expect(resolveConfig({ siteUrl: 'https://example.com' }).base).toBe('/');
    // A URL without a path says nothing about the base: a sub-folder deploy may set it.
    expect(resolveConfig({ siteUrl: 'https://example.com', base: '/sub/' }).base).toBe('/sub/');
  });

  it('rejects a --base that disagrees with the path of the site URL, as a usage error', () => {
    expect(() => resolveConfig({ siteUrl: 'https://user.github.io/repo/', base: '/' })).toThrowError(
      /--base \/ does not match the site URL/,
    );
    expect(() => resolveConfig({ siteUrl: 'https://user.github.io/repo/', base: '/repo/repo/' })).toThrowError(
      expect.objectContaining({ code: 'UsageError' }),
    );
    expect(() => createUrlPolicy({ format: 'file', base: '/other/' }, 'https://user.github.io/repo/')).toThrowError(
      /whose path is \/repo\//,
    );
  });

  it('writes the path once: origin, base, page', () => {
    for (const [format, terms] of [
      ['file', '/repo/terms'],
      ['directory', '/repo/terms/'],
    ] as const) {
      const urls = createUrlPolicy(
        resolveConfig({ siteUrl: 'https://user.github.io/repo/', format }),
        'https://ignored.example',
      );
      expect(urls.siteUrl).toBe('https://user.github.io/repo');
      expect(urls.absolute('/')).toBe('https://user.github.io/repo/');
      expect(urls.absolute('/terms')).toBe(`https://user.github.io${terms}`);
      expect(urls.href('/terms')).toBe(terms);
      expect(urls.absoluteAsset('sitemap.xml')).toBe('https://user.github.io/repo/sitemap.xml');
    }
  });
});

describe('a GitHub Pages project site, built by the CLI', () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await copyProject();
    await project.edit('content/site.yaml', /^url: .*$/m, 'url: https://user.github.io/repo/');
  });
  afterAll(async () => {
    await project.cleanup();
  });

  const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
  const ogUrl = (html: string) => html.match(/<meta property="og:url" content="([^"]*)"/)?.[1];

  it('without --base: links under /repo/, canonical URLs, sitemap, share tags and JSON-LD with /repo/ once', async () => {
    const result = await runCli(['build', '--root', project.root]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const terms = await project.read('dist/terms.html');
    expect(canonical(terms)).toBe('https://user.github.io/repo/terms');
    expect(ogUrl(terms)).toBe('https://user.github.io/repo/terms');
    expect(terms).toMatch(/<meta property="og:image" content="https:\/\/user\.github\.io\/repo\/assets\//);
    expect(terms).toContain('href="/repo/privacy-policy"');
    const home = await project.read('dist/index.html');
    const jsonLd = JSON.parse(home.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(jsonLd.url).toBe('https://user.github.io/repo/');
    expect(jsonLd.logo).toMatch(/^https:\/\/user\.github\.io\/repo\/assets\//);
    const sitemap = await project.read('dist/sitemap.xml');
    expect(sitemap).toContain('<loc>https://user.github.io/repo/terms</loc>');
    expect(sitemap).not.toContain('/repo/repo/');
    expect(await project.read('dist/robots.txt')).toContain('Sitemap: https://user.github.io/repo/sitemap.xml');
    expect(await project.read('dist/_headers')).toMatch(/^\/repo\/\*$/m);
  });

  it('with --format directory: the same, with the trailing slash', async () => {
    const result = await runCli([
      'build',
      '--root',
      project.root,
      '--out',
      'dir',
      '--format',
      'directory',
      '--base',
      '/repo/',
    ]);
    expect(result.code).toBe(0);
    const terms = await readFile(project.file('dir/terms/index.html'), 'utf8');
    expect(canonical(terms)).toBe('https://user.github.io/repo/terms/');
    expect(await project.read('dir/sitemap.xml')).toContain('<loc>https://user.github.io/repo/terms/</loc>');
  });

  it('exits 2 when --base disagrees with the URL, before building anything', async () => {
    const result = await runCli(['build', '--root', project.root, '--out', 'never', '--base', '/other/']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '[UsageError] --base /other/ does not match the site URL https://user.github.io/repo/, whose path is /repo/.',
    );
    await expect(readFile(project.file('never/index.html'))).rejects.toThrow(/ENOENT/);
  });
});

describe('readSiteUrl, with the last answer kept in the cache folder', () => {
  let root: string;
  let content: string;
  let cache: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'agency-site-site-url-'));
    content = path.join(root, 'content');
    cache = path.join(root, '.cache', 'agency-site');
    await mkdir(content);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  // Not plain `key: value` lines: the YAML parser reads it.
  const site = (url: string) => `name: Studio\nurl: ${url}\nnav:\n  links:\n    - label: Home\n      href: /\n`;
  it('answers from the kept answer while the site file is the same, and reads a changed one anew', async () => {
    await writeFile(path.join(content, 'site.yaml'), site('https://example.com/repo/'));
    expect(readSiteUrl(content, cache)).toBe('https://example.com/repo/');
    // The kept answer is the one given: changed by hand, it shows.
    const file = path.join(cache, 'site-url.json');
    const answer = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...answer, url: 'https://kept.example/' }));
    expect(readSiteUrl(content, cache)).toBe('https://kept.example/');
    await writeFile(path.join(content, 'site.yaml'), site('https://example.org/'));
    expect(readSiteUrl(content, cache)).toBe('https://example.org/');
    expect(JSON.parse(await readFile(file, 'utf8')).url).toBe('https://example.org/');
  });

  it('keeps "no url" for a site file that is not valid YAML', async () => {
    await writeFile(path.join(content, 'site.yaml'), `${site('https://example.com/')}url: [\n`);
    expect(readSiteUrl(content, cache)).toBeUndefined();
    expect(readSiteUrl(content, cache)).toBeUndefined();
  });

  it('keeps nothing without a cache folder (--no-cache), and resolveConfig passes none then', async () => {
    await rm(path.join(root, '.cache'), { recursive: true, force: true });
    await writeFile(path.join(content, 'site.yaml'), site('https://example.com/repo/'));
    expect(readSiteUrl(content, undefined)).toBe('https://example.com/repo/');
    expect(resolveConfig({ root, cache: false }).base).toBe('/repo/');
    expect(await readdir(root)).toEqual(['content']);
    expect(resolveConfig({ root }).base).toBe('/repo/');
    expect(await readdir(cache)).toEqual(['site-url.json']);
  });
});
