/**
 * An image sharp makes, described as data (an ImageRecipe), so that the image encoder process
 * (src/images/encoder.ts) can make it as well as this one, with the same bytes.
 */
import type SharpModule from 'sharp';

export type Sharp = typeof SharpModule;
export type RasterFormat = 'avif' | 'webp' | 'png' | 'jpeg';

export interface ImageRecipe {
  /** The source file's bytes (SVG, PNG, JPEG, ...). */
  input: Uint8Array;
  /** Pixels per inch to rasterise a vector source at. */
  density?: number;
  resize?: {
    width: number;
    height: number;
    fit: 'fill' | 'contain';
    background?: { r: number; g: number; b: number; alpha: number };
  };
  /** Paint transparent pixels with this colour. */
  flatten?: string;
  /** Images drawn on top, each made from its own recipe. */
  composite?: Array<{ input: ImageRecipe; left: number; top: number }>;
  format: RasterFormat;
  /** The encoder's options (quality, effort, ...). */
  options: Record<string, unknown>;
}

/** sharp (and libvips with it) costs memory to load, so it is loaded only when an image is made. */
let loading: Promise<Sharp> | undefined;
export function loadSharp(): Promise<Sharp> {
  return (loading ??= import('sharp').then((module) => module.default));
}

export async function makeImage(sharp: Sharp, recipe: ImageRecipe): Promise<Buffer> {
  // Upright first: a phone photo stored sideways with an EXIF orientation is encoded as it is
  // shown, at the upright size readImageSize reports; the outputs carry no orientation.
  let image = sharp(
    Buffer.from(recipe.input.buffer, recipe.input.byteOffset, recipe.input.byteLength),
    // sharp takes 1 to 100,000 dots per inch: an SVG drawn over 72 times the size wanted (a logo
    // exported at print size) renders at 1 and is scaled down below.
    recipe.density ? { density: Math.min(Math.max(recipe.density, 1), 100_000) } : {},
  ).autoOrient();
  if (recipe.resize) {
    const { width, height, fit, background } = recipe.resize;
    image = image.resize(width, height, background ? { fit, background } : { fit });
  }
  if (recipe.flatten) image = image.flatten({ background: recipe.flatten });
  if (recipe.composite) {
    const layers = await Promise.all(
      recipe.composite.map(async ({ input, left, top }) => ({ input: await makeImage(sharp, input), left, top })),
    );
    image = image.composite(layers);
  }
  return image.toFormat(recipe.format, recipe.options).toBuffer();
}
