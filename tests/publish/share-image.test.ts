import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import type { Site } from '../../src/content/kinds.ts';
import { loadSite } from '../../src/content/load.ts';
import { createImagePipeline } from '../../src/images/pipeline.ts';
import { createShareImage, renderShareSvg } from '../../src/publish/share-image.ts';
import { PROJECT_ROOT } from '../helpers/project.ts';

let site: Site;
let cacheDir: string;

beforeAll(async () => {
  site = (await loadSite(resolveConfig({ root: PROJECT_ROOT }))).site;
  cacheDir = await mkdtemp(path.join(os.tmpdir(), 'agency-site-share-'));
});

afterAll(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

describe('createShareImage', () => {
  it('makes a 1200 by 630 PNG from the logo, named by its content hash', async () => {
    const logoBytes = await readFile(path.join(PROJECT_ROOT, 'public', 'images', 'logo.svg'));
    const { image, file } = await createShareImage(createImagePipeline(cacheDir), {
      site,
      logoBytes,
      host: 'northwindstudio.dev',
    });
    const meta = await sharp(file.contents).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'png',
      width: 1200,
      height: 630,
    });
    expect(image).toMatchObject({ width: 1200, height: 630, alt: `Northwind Studio: ${site.settings.footer.tagline}` });
    expect(image.path).toMatch(/^assets\/images\/share-[0-9a-f]{10}\.png$/);
    expect(file.path).toBe(image.path);
  });
});

describe('renderShareSvg', () => {
  it('writes the name, tagline and host from content in the brand gradient, escaped for XML', () => {
    const settings = {
      ...site.settings,
      name: 'Fish & <Chips>',
      footer: { ...site.settings.footer, tagline: 'Short & sweet' },
    };
    const svg = renderShareSvg({ ...site, settings }, 'fish.example');
    expect(svg).toContain('>Fish &amp; &lt;Chips&gt;</text>');
    expect(svg).toContain('Short &amp; sweet</tspan>');
    expect(svg).toContain('>fish.example</text>');
    expect(svg).toContain(`stop-color="${site.settings.brand.color}"`);
    expect(svg).toContain(`stop-color="${site.settings.brand.accent}"`);
  });

  it('wraps a long tagline to at most three lines and marks the cut with an ellipsis', () => {
    const tagline = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
    const svg = renderShareSvg(
      { ...site, settings: { ...site.settings, footer: { ...site.settings.footer, tagline } } },
      'x.dev',
    );
    const lines = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((match) => match[1]!);
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => line.length <= 47)).toBe(true);
    expect(lines[2]).toMatch(/…$/);
  });
});
