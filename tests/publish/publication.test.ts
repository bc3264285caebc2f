/**
 * The publishing extras end to end through buildSite: image cache reuse, deterministic output,
 * the base and format everywhere, and what the built pages say about their images and icons.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildResult } from '../../src/build.ts';
import { resolveConfig, type Options } from '../../src/config.ts';
import { copyProject, type TempProject } from '../helpers/project.ts';

let project: TempProject;
let cold: BuildResult;

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function snapshot(folder: string): Promise<Map<string, Buffer>> {
  const files = await listFiles(folder);
  return new Map(
    await Promise.all(files.map(async (file) => [file, await readFile(path.join(folder, file))] as const)),
  );
}

async function cacheTimes(): Promise<Map<string, number>> {
  const folder = path.join(project.root, '.cache', 'agency-site', 'images');
  const files = await listFiles(folder);
  return new Map(
    await Promise.all(files.map(async (file) => [file, (await stat(path.join(folder, file))).mtimeMs] as const)),
  );
}

const build = (options: Options) => buildSite(resolveConfig({ root: project.root, ...options }));

beforeAll(async () => {
  project = await copyProject();
  cold = await build({ out: 'cold' });
});

afterAll(async () => {
  await project?.cleanup();
});

describe('image work across builds', () => {
  it('does no image work on the second build: every image comes from the cache, which stays untouched', async () => {
    expect(cold.images.encoded).toBeGreaterThan(0);
    expect(cold.images.reused).toBe(0);
    const before = await cacheTimes();
    const warm = await build({ out: 'warm' });
    expect(warm.images).toEqual({ encoded: 0, reused: cold.images.encoded });
    expect(await cacheTimes()).toEqual(before);
    // Byte by byte with Buffer.equals: toEqual walks a buffer element-wise, minutes for the CMS's 5 MB script.
    const warmFiles = await snapshot(project.file('warm'));
    const coldFiles = await snapshot(project.file('cold'));
    expect([...warmFiles.keys()]).toEqual([...coldFiles.keys()]);
    for (const [file, bytes] of coldFiles) expect(warmFiles.get(file)!.equals(bytes), file).toBe(true);
  });

  it('writes byte-identical output from two cold builds (sharp output is deterministic)', async () => {
    await rm(project.file('.cache'), { recursive: true, force: true });
    const again = await build({ out: 'cold-again' });
    expect(again.images.encoded).toBe(cold.images.encoded);
    const first = await snapshot(project.file('cold'));
    const second = await snapshot(project.file('cold-again'));
    expect([...second.keys()]).toEqual([...first.keys()]);
    for (const [file, bytes] of first) expect(second.get(file)!.equals(bytes), file).toBe(true);
  });
});

describe('the built pages', () => {
  it('give every image width and height, load the header logo first and eagerly, and the rest lazily', async () => {
    for (const page of ['index.html', 'terms.html', '404.html']) {
      const html = await project.read(`cold/${page}`);
      const images = [...html.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]);
      expect(images.length, page).toBeGreaterThan(0);
      for (const image of images) expect(image, page).toMatch(/ width="\d+" height="\d+"/);
      expect(images[0]).toMatch(/loading="eager" fetchPriority="high"/);
      for (const image of images.slice(1)) expect(image).toMatch(/loading="lazy"/);
      expect(html.match(/fetchPriority="high"/g)).toHaveLength(1);
    }
  });

  it('serve SVG artwork as the SVG alone, never rasterised, with its size', async () => {
    // Regression (issue 43): each SVG became 3 AVIF and 3 WebP files of up to 20 KB that browsers preferred.
    const html = await project.read('cold/index.html');
    const pictures = [...html.matchAll(/<picture>(.*?)<\/picture>/g)].map((match) => match[1]!);
    const tiles = pictures.filter((picture) => !picture.includes('/assets/images/logo-'));
    expect(tiles).toHaveLength(3);
    for (const tile of tiles)
      expect(tile).toMatch(/^<img src="\/assets\/images\/[\w-]+-[0-9a-f]{10}\.svg" width="800" height="600"/);
    const images = await readdir(project.file('cold/assets/images'));
    expect(images.filter((file) => /\.(avif|webp)$/.test(file) && !file.startsWith('share'))).toEqual([]);
  });

  it('link the favicon set and manifest from every head, and write them with sitemap.xml, robots.txt and _headers', async () => {
    const html = await project.read('cold/terms.html');
    for (const link of [
      '<link rel="icon" href="/icons/icon-32.png" type="image/png" sizes="32x32"/>',
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>',
      '<link rel="manifest" href="/site.webmanifest"/>',
    ]) {
      expect(html).toContain(link);
    }
    const files = await listFiles(project.file('cold'));
    for (const file of [
      'icons/icon-32.png',
      'icons/icon-192.png',
      'icons/icon-512.png',
      'apple-touch-icon.png',
      'site.webmanifest',
      'sitemap.xml',
      'robots.txt',
      '_headers',
    ]) {
      expect(files).toContain(file);
    }
  });
});

describe('--base /sub/ with --format directory', () => {
  it('carries the base in every link, asset, canonical URL, share tag, sitemap entry, manifest and _headers path', async () => {
    await build({ out: 'sub', base: '/sub/', format: 'directory' });
    const files = await listFiles(project.file('sub'));
    expect(files).toContain('terms/index.html');
    for (const page of files.filter((file) => file.endsWith('.html'))) {
      const html = await project.read(`sub/${page}`);
      const references = [...html.matchAll(/\s(?:href|src|srcSet)="([^"]*)"/g)].flatMap((match) =>
        match[1]!.split(', ').map((part) => part.split(' ')[0]!),
      );
      const local = references.filter((value) => !/^(?:[a-z]+:|#)/.test(value));
      expect(
        local.filter((value) => !value.startsWith('/sub/')),
        page,
      ).toEqual([]);
      const absolute = [...html.matchAll(/(?:content|href)="(https:\/\/northwindstudio\.dev[^"]*)"/g)].map(
        (match) => match[1]!,
      );
      expect(
        absolute.filter((url) => !url.startsWith('https://northwindstudio.dev/sub/')),
        page,
      ).toEqual([]);
    }
    expect(await project.read('sub/terms/index.html')).toContain(
      '<link rel="canonical" href="https://northwindstudio.dev/sub/terms/"/>',
    );
    expect(await project.read('sub/robots.txt')).toContain('Sitemap: https://northwindstudio.dev/sub/sitemap.xml');
    expect(await project.read('sub/sitemap.xml')).toContain(
      '<loc>https://northwindstudio.dev/sub/privacy-policy/</loc>',
    );
    expect(JSON.parse(await project.read('sub/site.webmanifest')).start_url).toBe('/sub/');
    const rules = (await project.read('sub/_headers')).split('\n').filter((line) => line.startsWith('/'));
    expect(rules.every((line) => line.startsWith('/sub/'))).toBe(true);
  });
});

describe('public/ files of the editor', () => {
  it('keep an own robots.txt instead of the generated one', async () => {
    await project.write('public/robots.txt', 'User-agent: *\nDisallow: /drafts/\n');
    try {
      await build({ out: 'own-robots' });
      expect(await project.read('own-robots/robots.txt')).toBe('User-agent: *\nDisallow: /drafts/\n');
    } finally {
      await project.remove('public/robots.txt');
    }
  });
});

describe('the image cache', () => {
  it('loses the images no build of the site uses any more, and keeps the rest', async () => {
    const folder = path.join(project.root, '.cache', 'agency-site', 'images');
    await build({ out: 'prune-first' });
    const kept = await listFiles(folder);
    const stale = `${'0'.repeat(64)}.avif`;
    // A file another build is still writing has a temporary name: it is left alone.
    const writing = `${'1'.repeat(64)}.webp.4242-abc`;
    await writeFile(path.join(folder, stale), 'old artwork');
    await writeFile(path.join(folder, writing), 'half');
    const result = await build({ out: 'prune-second' });
    expect(result.images.encoded).toBe(0);
    expect(await listFiles(folder)).toEqual([...kept, writing].sort());
  });
});

describe('a build that fails while its images are being made', () => {
  it('stops making them: nothing is stored in the image cache after it returns', async () => {
    const broken = await copyProject();
    try {
      // The images start as soon as site.yaml and the portfolio are read; the template fails later.
      await broken.write('templates/pages/NotFoundPage.tsx', 'export function NotFoundPage( {');
      const folder = broken.file('.cache/agency-site/images');
      const error = await buildSite(resolveConfig({ root: broken.root })).catch((thrown: unknown) => thrown);
      expect(error).toMatchObject({ errors: [expect.objectContaining({ code: 'TemplateBuildFailed' })] });
      const afterwards = await listFiles(folder).catch(() => []);
      // Only the encoder's answers add images: once its process is gone, the folder is final.
      await untilNoEncoder();
      expect(await listFiles(folder).catch(() => [])).toEqual(afterwards);
      // Every image is made in full or not at all: no half-written file is left behind.
      expect(afterwards.filter((file) => !/^[0-9a-f]{64}\.(avif|webp|png|jpeg)$/.test(file))).toEqual([]);
    } finally {
      await broken.cleanup();
    }
  });
});

describe('the processes a single build starts', () => {
  it('are gone when it returns: the esbuild service ends once the bundles are made, not with the process', async () => {
    const result = await build({ out: 'processes', cache: false });
    expect(result.images.encoded).toBeGreaterThan(0);
    expect(await childProcesses('--service=')).toBe(0);
    await untilNoEncoder();
  });
});

/** Resolves once this process has no image encoder child left (src/images/pipeline.ts forks it). */
async function untilNoEncoder(): Promise<void> {
  while ((await childProcesses('/encoder.js')) > 0) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** How many child processes of this one have `fragment` in their command line. */
async function childProcesses(fragment: string): Promise<number> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const children = await Promise.all(
    pids.map(async (pid) => {
      const status = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      const parent = Number(status.slice(status.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) return false;
      return (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).includes(fragment);
    }),
  );
  return children.filter(Boolean).length;
}
