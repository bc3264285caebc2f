/**
 * Pictures: raster artwork referenced by content becomes AVIF and WebP at a few widths plus a fallback,
 * as content-hashed files under assets/images/, with the <picture> sources that link them; SVG artwork is
 * published once, as checked. The bytes come through the image cache (src/images/pipeline.ts).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { createError, type SiteError } from '../errors.ts';
import { MAX_PUBLIC_BYTES, readInside } from '../project-paths.ts';
import { publishedText } from '../publish/public-files.ts';
import type { ImagePipeline } from './pipeline.ts';
import type { ProcessedImage } from './processed-image.ts';
import type { ImageRecipe, RasterFormat } from './recipe.ts';
import { readOrientation } from './size.ts';
import type { OutputFile } from '../output/plan.ts';
import type { Image } from '../content/schema.ts';
import type { Site } from '../content/kinds.ts';
import type { UrlPolicy } from '../site/routes.ts';

/** Encoder settings; part of every cache key, so changing one re-encodes. */
const ENCODERS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 80, effort: 4 },
  png: { compressionLevel: 9, effort: 7 },
  jpeg: { quality: 80, mozjpeg: true },
} as const;

export interface ProcessImageInput {
  image: Image;
  /** The source file's bytes. */
  bytes: Buffer;
  /** Output widths in pixels; raster sources are never enlarged. */
  widths: readonly number[];
  urls: UrlPolicy;
  /** public/'s SVGs as its listing checked them (checkedSvgs): an SVG found there is not checked again. */
  checked?: PromiseLike<ReadonlyMap<string, string>>;
}

/** The published text of each SVG of public/'s listing, by its site path (`/images/logo.svg`). */
export function checkedSvgs(files: readonly OutputFile[]): ReadonlyMap<string, string> {
  const found = new Map<string, string>();
  for (const file of files)
    if (file.checked === 'svg' && typeof file.contents === 'string') found.set(`/${file.path}`, file.contents);
  return found;
}

export async function processImage(
  pipeline: ImagePipeline,
  { image, bytes, widths, urls, checked }: ProcessImageInput,
): Promise<{ image: ProcessedImage; files: OutputFile[] }> {
  const extension = path.extname(image.src).slice(1).toLowerCase();
  const name = path.basename(image.src, path.extname(image.src));
  const source = createHash('sha256').update(bytes).digest('hex');
  // An SVG is sharp at every width and smaller than its rasters (each raster was larger):
  // it is published as the checker serialised it, and nothing is drawn.
  if (extension === 'svg') {
    const file = `assets/images/${name}-${source.slice(0, 10)}.svg`;
    const contents =
      (await checked)?.get(image.src) ?? publishedText(`public${image.src}`, bytes.toString('utf8'), 'svg');
    const { width, height } = image;
    return { image: { src: urls.asset(file), width, height, sources: [] }, files: [{ path: file, contents }] };
  }
  // Encodes made before images were turned upright were cached sideways under the same key; an
  // image without a turn keeps its key, and with it its file names.
  const orientation = readOrientation(bytes);
  const upright = orientation === 1 ? {} : { upright: orientation };
  const fitting = widths.filter((width) => width <= image.width);
  const sizes = fitting.length > 0 ? fitting : [image.width];
  const fallback: RasterFormat = extension === 'jpg' || extension === 'jpeg' ? 'jpeg' : 'png';
  const formats: RasterFormat[] = ['avif', 'webp', fallback];
  const files: OutputFile[] = [];
  const encoded = new Map<RasterFormat, string>();
  // Every variant is asked for at once, so the encoder always has the next one.
  const variantsOf = (format: RasterFormat) =>
    Promise.all(
      sizes.map(async (width) => {
        const height = Math.max(1, Math.round((width * image.height) / image.width));
        const key = { source, width, height, format, settings: ENCODERS[format], ...upright };
        const { bytes: output, hash } = await pipeline
          .cached(key, format, () => recipeFor(bytes, width, height, format))
          .catch((cause: unknown) => {
            throw imageFailed(image, format, cause);
          });
        const file = `assets/images/${name}-${width}-${hash.slice(0, 10)}.${format === 'jpeg' ? 'jpg' : format}`;
        files.push({ path: file, contents: output });
        return `${urls.asset(file)} ${width}w`;
      }),
    );
  await Promise.all(formats.map(async (format) => encoded.set(format, (await variantsOf(format)).join(', '))));
  const src = encoded.get(fallback)!.split(', ').at(-1)!.split(' ')[0]!;
  return {
    image: {
      src,
      srcset: encoded.get(fallback),
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

/** Scales a raster, then encodes one variant. */
function recipeFor(bytes: Buffer, width: number, height: number, format: RasterFormat): ImageRecipe {
  return {
    input: bytes,
    resize: { width, height, fit: 'fill' },
    format,
    options: ENCODERS[format],
  };
}

function imageFailed(image: Image, format: RasterFormat, cause: unknown): SiteError {
  const reason = (cause as Error).message;
  return createError('ImageFailed', { src: image.src, format, reason }, { file: `public${image.src}`, cause });
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
  {
    site,
    publicDir,
    urls,
    checked,
  }: Pick<ProcessImageInput, 'urls' | 'checked'> & { site: Pick<Site, 'logo' | 'portfolio'>; publicDir: string },
): Promise<{ images: SiteImages; files: OutputFile[] }> {
  const run = (image: Image, widths: readonly number[]) =>
    processImage(pipeline, {
      image,
      bytes: readInside(
        publicDir,
        path.join(publicDir, ...image.src.split('/')),
        `public${image.src}`,
        MAX_PUBLIC_BYTES,
      ),
      widths,
      urls,
      checked,
    });
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
