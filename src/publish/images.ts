/**
 * The image pipeline: artwork referenced by content becomes AVIF and WebP at a few widths plus a
 * fallback, as content-hashed files under assets/images/. Every encode is cached in
 * config.cacheDir under a key made of the source bytes' hash, the settings and the sharp and
 * libvips versions, so a rebuild reuses it and a change of any of them makes a new file.
 */
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { EncodeJob, EncodeReply } from './image-encoder.ts';
import type { ImageRecipe, RasterFormat } from './image-recipe.ts';
import { readOrientation } from './image-size.ts';
import { resolveEntryFile } from '../entry-file.ts';
import type { OutputFile } from '../render/assets.ts';
import type { Image, Site } from '../content/schema.ts';
import { SiteError } from '../errors.ts';
import { log } from '../log.ts';
import { resolveInside } from '../project-paths.ts';
import type { UrlPolicy } from '../site/routes.ts';

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

export interface ImagePipeline {
  /** The cached bytes for `key`, or the bytes of `recipe()`, stored under `key` for the next build. */
  cached(key: unknown, extension: string, recipe: () => ImageRecipe): Promise<{ bytes: Buffer; hash: string }>;
  readonly work: ImageWork;
  /** Stops the encoder process, if images had to be made. */
  close(): void;
  /** Deletes the cached images this pipeline neither used nor made: call once every image of the site is made. */
  prune(): void;
}

/** Encoder settings; part of every cache key, so changing one re-encodes. */
const ENCODERS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 80, effort: 4 },
  png: { compressionLevel: 9, effort: 7 },
  jpeg: { quality: 80, mozjpeg: true },
} as const;

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

/**
 * `cacheDir` undefined (`--no-cache`): every image is made anew, and nothing is kept. `signal`:
 * abort to stop making images (the build failed): what is not made yet is not made.
 */
export function createImagePipeline(cacheDir: string | undefined, signal?: AbortSignal): ImagePipeline {
  const folder = cacheDir && path.join(cacheDir, 'images');
  const work: ImageWork = { encoded: 0, reused: 0 };
  const used = new Set<string>();
  let encoder: ImageEncoder | undefined;
  let cacheFailed = false;
  signal?.addEventListener('abort', () => encoder?.stop(), { once: true });
  return {
    work,
    async cached(key, extension, recipe) {
      const hash = createHash('sha256').update(JSON.stringify({ key, tools: installedTools() })).digest('hex');
      used.add(`${hash}.${extension}`);
      const file = folder && path.join(folder, `${hash}.${extension}`);
      // Read and written synchronously: a few small files, which must not wait in the thread
      // pool behind the reads of a large site's content (the encoder would wait with them).
      try {
        if (file) {
          const bytes = readFileSync(file);
          work.reused += 1;
          return { bytes, hash };
        }
      } catch {
        // not cached yet
      }
      signal?.throwIfAborted();
      const bytes = await (encoder ??= createImageEncoder()).make(recipe());
      signal?.throwIfAborted();
      work.encoded += 1;
      if (folder && file && !cacheFailed) {
        // Written beside and renamed, so a parallel build never reads half a file.
        const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
        try {
          mkdirSync(folder, { recursive: true });
          writeFileSync(temporary, bytes);
          renameSync(temporary, file);
        } catch (cause) {
          // A full or read-only disk under the cache is not the image's fault: the build goes on.
          cacheFailed = true;
          rmSync(temporary, { force: true });
          log.warn(`The image cache ${folder} cannot be written (${(cause as Error).message}); the build goes on without it.`);
        }
      }
      return { bytes, hash };
    },
    close() {
      encoder?.close();
      encoder = undefined;
    },
    prune() {
      if (!folder) return;
      let names: string[] = [];
      try {
        names = readdirSync(folder);
      } catch {
        return;
      }
      // Only finished entries: a file being written by another build has a temporary name.
      for (const name of names) {
        if (!CACHED_IMAGE.test(name) || used.has(name)) continue;
        try {
          unlinkSync(path.join(folder, name));
        } catch {
          // gone already, or not ours to delete: the next build tries again
        }
      }
    },
  };
}

/** The name of a finished entry of the image cache: the key's hash and the format. */
const CACHED_IMAGE = /^[0-9a-f]{64}\.(?:avif|webp|png|jpeg)$/;

interface ImageEncoder {
  make(recipe: ImageRecipe): Promise<Buffer>;
  /** No more images will be asked for: those still being made are not needed either. */
  close(): void;
  /** Stop now: images not made yet fail. */
  stop(): void;
}

const ENCODER_THREADS = '1';

/**
 * Makes images in a process of its own (src/image-encoder.ts), started at the first image the
 * cache does not have: libvips keeps what it encoded with until its process ends (about 100 MB
 * for the shipped site), and that process ends with the images. Run from source, the same way
 * (src/entry-file.ts bundles the encoder).
 */
function createImageEncoder(): ImageEncoder {
  const pending = new Map<number, { resolve: (bytes: Buffer) => void; reject: (error: Error) => void }>();
  let next = 0;
  const child = fork(resolveEntryFile('publish/image-encoder'), [], {
    // Not this process's flags: --inspect-brk would stop the encoder until a debugger attached.
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    // libvips's threads (AVIF's encoder splits its work by them) are fixed, so that every machine
    // makes the same bytes; glibc would give each thread an arena of its own.
    env: { ...process.env, VIPS_CONCURRENCY: ENCODER_THREADS, MALLOC_ARENA_MAX: ENCODER_THREADS },
  });
  // The process keeps this one alive only while it owes an answer.
  const hold = (waiting: boolean) => {
    if (waiting) {
      child.ref();
      child.channel?.ref();
    } else {
      child.unref();
      child.channel?.unref();
    }
  };
  const failAll = (reason: string) => {
    for (const { reject } of pending.values()) reject(new Error(reason));
    pending.clear();
    hold(false);
  };
  child.on('message', (reply: EncodeReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('bytes' in reply) waiting.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
    else waiting.reject(new Error(reply.failed));
    if (pending.size === 0) hold(false);
  });
  child.on('error', (error) => failAll(`the image encoder process failed (${error.message})`));
  child.on('exit', (code, signal) => failAll(`the image encoder process stopped (${signal ?? `exit code ${code}`})`));
  hold(false);
  return {
    make(recipe) {
      const id = next++;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        hold(true);
        child.send({ id, recipe } satisfies EncodeJob);
      });
    },
    close() {
      // Images still asked for are not needed any more (another one failed): stop at once.
      if (pending.size > 0) child.kill();
      else if (child.connected) child.disconnect();
    },
    stop() {
      child.kill();
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
  // Encodes made before images were turned upright were cached sideways under the same key; an
  // image without a turn keeps its key, and with it its file names.
  const orientation = readOrientation(bytes);
  const upright = orientation === 1 ? {} : { upright: orientation };
  const isVector = extension === 'svg';
  const fitting = isVector ? [...widths] : widths.filter((width) => width <= image.width);
  const sizes = fitting.length > 0 ? fitting : [image.width];
  const fallback: RasterFormat | 'svg' = isVector ? 'svg' : extension === 'jpg' || extension === 'jpeg' ? 'jpeg' : 'png';
  const formats: RasterFormat[] = fallback === 'svg' ? ['avif', 'webp'] : ['avif', 'webp', fallback];
  const files: OutputFile[] = [];
  const encoded = new Map<RasterFormat, string>();
  // Every variant is asked for at once, so the encoder always has the next one.
  const variantsOf = (format: RasterFormat) =>
    Promise.all(
      sizes.map(async (width) => {
        const height = Math.max(1, Math.round((width * image.height) / image.width));
        const key = { source, width, height, format, settings: ENCODERS[format], ...upright };
        const { bytes: output, hash } = await pipeline
          .cached(key, format, () => recipeFor(bytes, image, width, height, format))
          .catch((cause: unknown) => {
            throw imageFailed(image, format, cause);
          });
        const file = `assets/images/${name}-${width}-${hash.slice(0, 10)}.${format === 'jpeg' ? 'jpg' : format}`;
        files.push({ path: file, contents: output });
        return `${urls.asset(file)} ${width}w`;
      }),
    );
  await Promise.all(formats.map(async (format) => encoded.set(format, (await variantsOf(format)).join(', '))));
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
function recipeFor(bytes: Buffer, image: Image, width: number, height: number, format: RasterFormat): ImageRecipe {
  const isVector = image.src.toLowerCase().endsWith('.svg');
  return {
    input: bytes,
    density: isVector ? Math.min(72 * (width / image.width), 10_000) : undefined,
    resize: { width, height, fit: 'fill' },
    format,
    options: ENCODERS[format],
  };
}

function imageFailed(image: Image, format: RasterFormat, cause: unknown): SiteError {
  return new SiteError({
    code: 'ImageFailed',
    message: `The image public${image.src} could not be converted to ${format.toUpperCase()}: ${(cause as Error).message}`,
    file: `public${image.src}`,
    hint: 'Open the file in an image editor and export it again as PNG, JPEG or plain SVG.',
    cause,
  });
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
  { site, publicDir, urls }: { site: Pick<Site, 'logo' | 'portfolio'>; publicDir: string; urls: UrlPolicy },
): Promise<{ images: SiteImages; files: OutputFile[] }> {
  const run = (image: Image, widths: readonly number[]) =>
    processImage(pipeline, { image, bytes: readFileSync(resolveInside(publicDir, path.join(publicDir, ...image.src.split('/')), `public${image.src}`)), widths, urls });
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
