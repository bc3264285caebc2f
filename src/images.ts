/**
 * The image pipeline: artwork referenced by content becomes AVIF and WebP at a few widths plus a
 * fallback, as content-hashed files under assets/images/. Every encode is cached in
 * config.cacheDir under a key made of the source bytes' hash, the settings and the sharp and
 * libvips versions, so a rebuild reuses it and a change of any of them makes a new file.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SharpModule from 'sharp';
import type { OutputFile } from './assets.ts';
import type { Image, Site } from './content/schema.ts';
import { SiteError } from './errors.ts';
import type { UrlPolicy } from './routes.ts';

export interface PictureSource {
  type: 'image/avif' | 'image/webp';
  srcset: string;
}

/** What a template needs to write a <picture>: links (base included) and the intrinsic size. */
export interface ProcessedImage {
  /** The fallback <img>: the SVG itself, or the widest raster in the source's own format. */
  src: string;
  /** Raster fallbacks only: every width of the fallback format. */
  srcset?: string;
  width: number;
  height: number;
  sources: PictureSource[];
}

export interface ImageWork {
  /** Images made by sharp in this build. */
  encoded: number;
  /** Images taken from the cache instead. */
  reused: number;
}

export type Sharp = typeof SharpModule;

export interface ImagePipeline {
  /** The cached bytes for `key`, or `make(sharp)`'s, stored under it for the next build. */
  cached(key: unknown, extension: string, make: (sharp: Sharp) => Promise<Buffer>): Promise<{ bytes: Buffer; hash: string }>;
  readonly work: ImageWork;
}

export type RasterFormat = 'avif' | 'webp' | 'png' | 'jpeg';

/** Encoder settings; part of every cache key, so changing one re-encodes. */
const ENCODERS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 80, effort: 4 },
  png: { compressionLevel: 9, effort: 7 },
  jpeg: { quality: 80, mozjpeg: true },
} as const;

/**
 * sharp (and libvips with it, about 20 MB of memory) is loaded only when an image is not in the
 * cache: a warm build never loads it.
 */
let loading: Promise<Sharp> | undefined;
export function loadSharp(): Promise<Sharp> {
  return (loading ??= import('sharp').then((module) => module.default));
}

/**
 * The versions of sharp and of the libvips binaries installed with it, read from their
 * package.json files so that looking up the cache does not load them.
 */
let tools: Record<string, string> | undefined;
function installedTools(): Record<string, string> {
  if (tools) return tools;
  const manifest = (folder: string): { name?: string; version?: string } => {
    try {
      return JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
    } catch {
      return {};
    }
  };
  // sharp does not export its package.json: walk up from its entry to the folder that holds it.
  let root = path.dirname(createRequire(import.meta.url).resolve('sharp'));
  while (manifest(root).name !== 'sharp' && path.dirname(root) !== root) root = path.dirname(root);
  const found: Record<string, string> = { sharp: String(manifest(root).version), cache: '2' };
  const scope = path.join(root, '..', '@img');
  let names: string[] = [];
  try {
    names = readdirSync(scope).filter((name) => name.startsWith('sharp-'));
  } catch {
    // no prebuilt binaries: sharp uses a libvips of the system
  }
  for (const name of names.sort()) found[name] = String(manifest(path.join(scope, name)).version);
  return (tools = found);
}

export function createImagePipeline(cacheDir: string): ImagePipeline {
  const folder = path.join(cacheDir, 'images');
  const work: ImageWork = { encoded: 0, reused: 0 };
  return {
    work,
    async cached(key, extension, make) {
      const hash = createHash('sha256').update(JSON.stringify({ key, tools: installedTools() })).digest('hex');
      const file = path.join(folder, `${hash}.${extension}`);
      try {
        const bytes = await readFile(file);
        work.reused += 1;
        return { bytes, hash };
      } catch {
        // not cached yet
      }
      const bytes = await make(await loadSharp());
      work.encoded += 1;
      await mkdir(folder, { recursive: true });
      // Written beside and renamed, so a parallel build never reads half a file.
      const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
      return { bytes, hash };
    },
  };
}

export interface ProcessImageInput {
  image: Image;
  /** The source file's bytes. */
  bytes: Buffer;
  /** Output widths in pixels; raster sources are never enlarged. */
  widths: readonly number[];
  urls: UrlPolicy;
}

export async function processImage(
  pipeline: ImagePipeline,
  { image, bytes, widths, urls }: ProcessImageInput,
): Promise<{ image: ProcessedImage; files: OutputFile[] }> {
  const extension = path.extname(image.src).slice(1).toLowerCase();
  const name = path.basename(image.src, path.extname(image.src));
  const source = createHash('sha256').update(bytes).digest('hex');
  const isVector = extension === 'svg';
  const fitting = isVector ? [...widths] : widths.filter((width) => width <= image.width);
  const sizes = fitting.length > 0 ? fitting : [image.width];
  const fallback: RasterFormat | 'svg' = isVector ? 'svg' : extension === 'jpg' || extension === 'jpeg' ? 'jpeg' : 'png';
  const formats: RasterFormat[] = fallback === 'svg' ? ['avif', 'webp'] : ['avif', 'webp', fallback];
  const files: OutputFile[] = [];
  const encoded = new Map<RasterFormat, string>();
  for (const format of formats) {
    const variants = await Promise.all(
      sizes.map(async (width) => {
        const height = Math.max(1, Math.round((width * image.height) / image.width));
        const key = { source, width, height, format, settings: ENCODERS[format] };
        const { bytes: output, hash } = await pipeline.cached(key, format, (sharp) => encode(sharp, bytes, image, width, height, format));
        const file = `assets/images/${name}-${width}-${hash.slice(0, 10)}.${format === 'jpeg' ? 'jpg' : format}`;
        files.push({ path: file, contents: output });
        return `${urls.asset(file)} ${width}w`;
      }),
    );
    encoded.set(format, variants.join(', '));
  }
  let src: string;
  if (fallback === 'svg') {
    const file = `assets/images/${name}-${source.slice(0, 10)}.svg`;
    files.push({ path: file, contents: bytes });
    src = urls.asset(file);
  } else {
    src = encoded.get(fallback)!.split(', ').at(-1)!.split(' ')[0]!;
  }
  return {
    image: {
      src,
      srcset: fallback === 'svg' ? undefined : encoded.get(fallback),
      width: image.width,
      height: image.height,
      sources: [
        { type: 'image/avif', srcset: encoded.get('avif')! },
        { type: 'image/webp', srcset: encoded.get('webp')! },
      ],
    },
    files: files.sort((a, b) => a.path.localeCompare(b.path)),
  };
}

/** Rasterises (SVG at the density that gives `width`) or scales, then encodes one variant. */
async function encode(sharp: Sharp, bytes: Buffer, image: Image, width: number, height: number, format: RasterFormat): Promise<Buffer> {
  try {
    const isVector = image.src.toLowerCase().endsWith('.svg');
    const input = sharp(bytes, isVector ? { density: Math.min(72 * (width / image.width), 10_000) } : {});
    const resized = input.resize(width, height, { fit: 'fill' });
    if (format === 'avif') return await resized.avif(ENCODERS.avif).toBuffer();
    if (format === 'webp') return await resized.webp(ENCODERS.webp).toBuffer();
    if (format === 'png') return await resized.png(ENCODERS.png).toBuffer();
    return await resized.jpeg(ENCODERS.jpeg).toBuffer();
  } catch (cause) {
    throw new SiteError({
      code: 'ImageFailed',
      message: `The image public${image.src} could not be converted to ${format.toUpperCase()}: ${(cause as Error).message}`,
      file: `public${image.src}`,
      hint: 'Open the file in an image editor and export it again as PNG, JPEG or plain SVG.',
      cause,
    });
  }
}

/** Every image the site's content names, processed, keyed the way templates look them up. */
export interface SiteImages {
  logo: ProcessedImage;
  /** By portfolio item slug. */
  portfolio: Record<string, ProcessedImage>;
}

/** Widths for the logo (shown at about 36 CSS pixels) and for content artwork (tiles up to ~370). */
export const LOGO_WIDTHS = [40, 80, 120] as const;
export const ARTWORK_WIDTHS = [400, 800] as const;

export async function processSiteImages(
  pipeline: ImagePipeline,
  { site, publicDir, urls }: { site: Site; publicDir: string; urls: UrlPolicy },
): Promise<{ images: SiteImages; files: OutputFile[] }> {
  const run = async (image: Image, widths: readonly number[]) =>
    processImage(pipeline, { image, bytes: await readFile(path.join(publicDir, ...image.src.split('/'))), widths, urls });
  const [logo, ...portfolio] = await Promise.all([
    run(site.logo, LOGO_WIDTHS),
    ...site.portfolio.map((item) => run(item.picture, ARTWORK_WIDTHS)),
  ]);
  const files = new Map<string, OutputFile>();
  for (const result of [logo!, ...portfolio]) for (const file of result.files) files.set(file.path, file);
  return {
    images: {
      logo: logo!.image,
      portfolio: Object.fromEntries(site.portfolio.map((item, index) => [item.slug, portfolio[index]!.image])),
    },
    files: [...files.values()].sort((a, b) => a.path.localeCompare(b.path)),
  };
}
