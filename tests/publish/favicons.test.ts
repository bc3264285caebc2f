import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import type { Site } from '../../src/content/kinds.ts';
import { loadSite } from '../../src/content/load.ts';
import { createFavicons, MANIFEST_FILE } from '../../src/publish/favicons.ts';
import { createImagePipeline } from '../../src/images/pipeline.ts';
import { createUrlPolicy } from '../../src/site/routes.ts';
import { PROJECT_ROOT } from '../helpers/project.ts';

let site: Site;
let cacheDir: string;
let favicons: Awaited<ReturnType<typeof createFavicons>>;

beforeAll(async () => {
  site = (await loadSite(resolveConfig({ root: PROJECT_ROOT }))).site;
  cacheDir = await mkdtemp(path.join(os.tmpdir(), 'agency-site-favicons-'));
  const urls = createUrlPolicy(resolveConfig({ root: PROJECT_ROOT, base: '/sub/' }), site.settings.url);
  const bytes = await readFile(path.join(PROJECT_ROOT, 'public', 'favicon.svg'));
  favicons = await createFavicons(createImagePipeline(cacheDir), {
    site,
    source: { src: '/favicon.svg', width: 32, height: 32 },
    bytes,
    urls,
  });
});

afterAll(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

const file = (name: string) => favicons.files.find((candidate) => candidate.path === name)!.contents as Uint8Array;

describe('createFavicons', () => {
  it('makes square PNGs at 32, 192 and 512 pixels and a 180 pixel apple-touch-icon without transparency', async () => {
    for (const [name, size] of [
      ['icons/icon-32.png', 32],
      ['icons/icon-192.png', 192],
      ['icons/icon-512.png', 512],
      ['apple-touch-icon.png', 180],
    ] as const) {
      const meta = await sharp(file(name)).metadata();
      expect({ name, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        name,
        format: 'png',
        width: size,
        height: size,
      });
    }
    expect((await sharp(file('apple-touch-icon.png')).stats()).isOpaque).toBe(true);
  });

  it('writes a web manifest with the names from content, the brand colours and the icons, base included', () => {
    const manifest = JSON.parse(Buffer.from(file(MANIFEST_FILE)).toString('utf8'));
    expect(manifest).toMatchObject({
      name: 'Northwind Studio',
      short_name: 'Northwind',
      start_url: '/sub/',
      scope: '/sub/',
      theme_color: site.settings.brand.color,
      background_color: site.settings.brand.background,
    });
    expect(manifest.icons).toEqual([
      { src: '/sub/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/sub/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/sub/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    ]);
  });

  it('links the PNG, the SVG icon, the apple-touch-icon and the manifest for the head', () => {
    expect(favicons.links).toEqual([
      { rel: 'icon', href: '/sub/icons/icon-32.png', type: 'image/png', sizes: '32x32' },
      { rel: 'icon', href: '/sub/favicon.svg', type: 'image/svg+xml' },
      { rel: 'apple-touch-icon', href: '/sub/apple-touch-icon.png' },
      { rel: 'manifest', href: '/sub/site.webmanifest' },
    ]);
  });
});
