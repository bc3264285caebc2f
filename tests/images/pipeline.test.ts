import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { SiteError } from '../../src/errors.ts';
import type { OutputFile } from '../../src/output/plan.ts';
import { readImageSize } from '../../src/images/size.ts';
import { createImagePipeline } from '../../src/images/pipeline.ts';
import { processImage } from '../../src/images/pictures.ts';
import { createUrlPolicy } from '../../src/site/routes.ts';

let cacheDir: string;
let png: Buffer;
const urls = createUrlPolicy(resolveConfig({ base: '/sub/' }), 'https://example.com');
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"><rect width="40" height="30" fill="#4f46e5"/><circle cx="20" cy="15" r="10" fill="#fff"/></svg>',
);

beforeAll(async () => {
  cacheDir = await mkdtemp(path.join(os.tmpdir(), 'agency-site-images-'));
  png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

const widthsOf = (srcset: string) =>
  srcset.split(', ').map((candidate) => Number(candidate.split(' ')[1]!.replace('w', '')));
/** The made file a link points at: images are made in memory, as bytes. */
const fileOf = (files: OutputFile[], link: string) =>
  files.find((file) => `/sub/${file.path}` === link)! as OutputFile & { contents: Uint8Array };

describe('processImage', () => {
  it('makes AVIF and WebP at each width plus a fallback in the source format, never enlarging a raster', async () => {
    const pipeline = createImagePipeline(path.join(cacheDir, 'raster'));
    const { image, files } = await processImage(pipeline, {
      image: { src: '/images/work.png', width: 600, height: 400 },
      bytes: png,
      widths: [300, 500, 900],
      urls,
    });
    expect(image.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    for (const source of image.sources) expect(widthsOf(source.srcset)).toEqual([300, 500]);
    expect(widthsOf(image.srcset!)).toEqual([300, 500]);
    expect(image.src).toMatch(/^\/sub\/assets\/images\/work-500-[0-9a-f]{10}\.png$/);
    expect({ width: image.width, height: image.height }).toEqual({ width: 600, height: 400 });
    expect(files).toHaveLength(6);
    const avif = await sharp(fileOf(files, image.sources[0]!.srcset.split(' ')[0]!).contents).metadata();
    expect({ format: avif.format, width: avif.width, height: avif.height }).toEqual({
      format: 'heif',
      width: 300,
      height: 200,
    });
  });

  it('publishes an SVG as the one file it is, checked and never drawn', async () => {
    const pipeline = createImagePipeline(path.join(cacheDir, 'vector'));
    const { image, files } = await processImage(pipeline, {
      image: { src: '/images/mark.svg', width: 40, height: 30 },
      bytes: svg,
      widths: [80, 160],
      urls,
    });
    expect(image).toEqual({
      src: expect.stringMatching(/^\/sub\/assets\/images\/mark-[0-9a-f]{10}\.svg$/),
      width: 40,
      height: 30,
      sources: [],
    });
    expect(files.map((file) => `/sub/${file.path}`)).toEqual([image.src]);
    expect(String(fileOf(files, image.src).contents)).toBe(svg.toString('utf8'));
    expect(pipeline.work).toEqual({ encoded: 0, reused: 0 });
  });

  it('reuses cached encodes on the next run, and re-encodes when the source bytes change', async () => {
    const folder = path.join(cacheDir, 'reuse');
    const input = { image: { src: '/images/work.png', width: 600, height: 400 }, bytes: png, widths: [300], urls };
    const first = createImagePipeline(folder);
    const made = await processImage(first, input);
    expect(first.work).toEqual({ encoded: 3, reused: 0 });
    const second = createImagePipeline(folder);
    const again = await processImage(second, input);
    expect(second.work).toEqual({ encoded: 0, reused: 3 });
    expect(again).toEqual(made);
    const changed = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const third = createImagePipeline(folder);
    const remade = await processImage(third, { ...input, bytes: changed });
    expect(third.work).toEqual({ encoded: 3, reused: 0 });
    expect(remade.image.src).not.toBe(made.image.src);
  });

  it('makes an image asked for twice at once only once, with or without a cache folder', async () => {
    const input = { image: { src: '/images/work.png', width: 600, height: 400 }, bytes: png, widths: [300], urls };
    for (const folder of [path.join(cacheDir, 'twice'), undefined]) {
      const pipeline = createImagePipeline(folder);
      // Started early and asked for again by its step before the first is made (src/build-sources.ts).
      const [early, asked] = await Promise.all([processImage(pipeline, input), processImage(pipeline, input)]);
      expect(asked).toEqual(early);
      expect(pipeline.work).toEqual({ encoded: 3, reused: 0 });
      pipeline.close();
    }
  });

  it('ends its encoder process once idle, and starts another for an image asked for later', async () => {
    const pipeline = createImagePipeline(undefined);
    const input = { image: { src: '/images/work.png', width: 600, height: 400 }, bytes: png, urls };
    await processImage(pipeline, { ...input, widths: [200] });
    const encoder = () => encoderChildren().then((pids) => pids.length);
    expect(await encoder()).toBe(1);
    while ((await encoder()) > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const later = await processImage(pipeline, { ...input, widths: [100] });
    expect(widthsOf(later.image.srcset!)).toEqual([100]);
    expect(pipeline.work).toEqual({ encoded: 6, reused: 0 });
    pipeline.close();
  });

  it('draws an image asked for in process here, unless the pipeline keeps every image in the encoder (dev)', async () => {
    const recipe = () => ({ input: png, format: 'png' as const, options: {} });
    // Wait for any encoder of an earlier test to end: only this test's may count.
    while ((await encoderChildren()).length > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const here = createImagePipeline(undefined);
    const drawn = await here.cached({ here: 1 }, 'png', recipe, { inProcess: true });
    expect(await encoderChildren()).toEqual([]);
    const server = createImagePipeline(undefined, undefined, { drawsHere: false });
    const encoded = await server.cached({ here: 1 }, 'png', recipe, { inProcess: true });
    expect(await encoderChildren()).toHaveLength(1);
    // The same recipe makes the same bytes wherever it is drawn.
    expect(encoded.bytes.equals(drawn.bytes)).toBe(true);
    server.close();
  });

  it('turns a portrait phone photo (EXIF orientation 6) upright in every format, at its upright size', async () => {
    // Stored 800x400 with the red half on the left; shown upright, the red half is on top.
    const red = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const stored = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#0000ff' } })
      .composite([{ input: red, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const size = readImageSize(stored, '/images/portrait.jpg')!;
    expect(size).toEqual({ width: 400, height: 800 });
    const pipeline = createImagePipeline(path.join(cacheDir, 'portrait'));
    const { image, files } = await processImage(pipeline, {
      image: { src: '/images/portrait.jpg', ...size },
      bytes: stored,
      widths: [200, 400],
      urls,
    });
    expect({ width: image.width, height: image.height }).toEqual({ width: 400, height: 800 });
    const links = [...image.sources.flatMap((source) => source.srcset.split(', ')), ...image.srcset!.split(', ')].map(
      (candidate) => candidate.split(' ')[0]!,
    );
    expect(links).toHaveLength(6);
    for (const link of links) {
      const output = sharp(fileOf(files, link).contents);
      const { width, height, orientation } = await output.metadata();
      expect({ link, portrait: height === width! * 2, orientation }).toEqual({
        link,
        portrait: true,
        orientation: undefined,
      });
      const { data, info } = await output.clone().removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const top = [...data.subarray(0, 3)];
      const bottom = [...data.subarray((info.height - 1) * info.width * 3, (info.height - 1) * info.width * 3 + 3)];
      expect({
        link,
        topIsRed: top[0]! > 200 && top[2]! < 60,
        bottomIsBlue: bottom[2]! > 200 && bottom[0]! < 60,
      }).toEqual({ link, topIsRed: true, bottomIsBlue: true });
    }
  });

  it('reports an image sharp cannot read as ImageFailed on the public/ file', async () => {
    const pipeline = createImagePipeline(path.join(cacheDir, 'broken'));
    const error = await processImage(pipeline, {
      image: { src: '/images/broken.png', width: 10, height: 10 },
      bytes: Buffer.from('not a png'),
      widths: [10],
      urls,
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SiteError);
    expect(error).toMatchObject({ code: 'ImageFailed', file: 'public/images/broken.png' });
  });
});

/** The image encoder processes this process started (src/images/pipeline.ts forks them). */
async function encoderChildren(): Promise<string[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const mine = await Promise.all(
    pids.map(async (pid) => {
      const status = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      const parent = Number(status.slice(status.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) return false;
      return (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).includes('/encoder.js');
    }),
  );
  return pids.filter((_, index) => mine[index]);
}
