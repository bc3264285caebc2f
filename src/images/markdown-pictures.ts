/**
 * processMarkdownImages: the images Markdown bodies show, made as portfolio images are (AVIF,
 * WebP and a fallback at a few widths, src/images/pipeline.ts), by the site path they were written
 * with. Their bytes are read here, synchronously like the rest of the pipeline's reads.
 */
import path from 'node:path';
import type { Image } from '../content/schema.ts';
import { MAX_PUBLIC_BYTES, readInside } from '../project-paths.ts';
import type { OutputFile } from '../output/plan.ts';
import type { ImagePipeline } from './pipeline.ts';
import { processImage, type ProcessImageInput } from './pictures.ts';
import type { ProcessedImage } from './processed-image.ts';

/** The text column is at most 48rem (768 CSS pixels) wide: 1x and 2x of it, and a phone's. */
export const MARKDOWN_IMAGE_WIDTHS = [400, 800, 1600] as const;

export interface MarkdownImageSet {
  /** By the site path written in Markdown (`/images/team.jpg`). */
  pictures: Record<string, ProcessedImage>;
  files: OutputFile[];
}

export interface MarkdownImagesInput extends Pick<ProcessImageInput, 'urls' | 'checked'> {
  images: readonly Image[];
  publicDir: string;
}

export async function processMarkdownImages(
  pipeline: ImagePipeline,
  { images, publicDir, urls, checked }: MarkdownImagesInput,
): Promise<MarkdownImageSet> {
  const made = await Promise.all(
    images.map((image) => {
      const bytes = readInside(
        publicDir,
        path.join(publicDir, ...image.src.split('/')),
        `public${image.src}`,
        MAX_PUBLIC_BYTES,
      );
      return processImage(pipeline, { image, bytes, widths: widthsFor(image), urls, checked });
    }),
  );
  const files = new Map<string, OutputFile>();
  for (const result of made) for (const file of result.files) files.set(file.path, file);
  return {
    pictures: Object.fromEntries(images.map((image, index) => [image.src, made[index]!.image])),
    files: [...files.values()].sort((a, b) => a.path.localeCompare(b.path)),
  };
}

/**
 * Starts making `images` and does not wait for them: the pipeline gives the same answers when the
 * build asks for them (processMarkdownImages), and a problem is reported then, not here.
 */
export function startMarkdownImages(pipeline: ImagePipeline, input: MarkdownImagesInput): void {
  processMarkdownImages(pipeline, input).catch(() => undefined);
}

/** A raster narrower than the largest width is also served at its own width, not only at the next one down. */
function widthsFor(image: Image): number[] {
  const largest = MARKDOWN_IMAGE_WIDTHS.at(-1)!;
  if (image.width >= largest) return [...MARKDOWN_IMAGE_WIDTHS];
  return [...MARKDOWN_IMAGE_WIDTHS.filter((width) => width < image.width), image.width];
}
