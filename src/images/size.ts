/**
 * Intrinsic width and height of the image formats the site accepts, read from the bytes by the
 * `image-size` package, upright: a photo whose EXIF orientation turns it reports its turned size,
 * as every image is encoded upright (src/publish/image-recipe.ts).
 */
import { imageSize } from 'image-size';

export interface Size {
  width: number;
  height: number;
}

/** The file types image-size names, by the extensions the site accepts for them. */
const TYPES: Record<string, string> = { svg: 'svg', png: 'png', gif: 'gif', jpg: 'jpg', jpeg: 'jpg', webp: 'webp' };

/**
 * Undefined when the bytes are not the image the extension claims, or have no size of their own
 * (an SVG sized in percent without a viewBox): the caller names the file.
 */
export function readImageSize(bytes: Buffer, file: string): Size | undefined {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  const read = readHeader(bytes);
  if (!read || read.type !== TYPES[ext]) return undefined;
  const width = Math.round(read.width);
  const height = Math.round(read.height);
  if (!(width > 0 && height > 0)) return undefined;
  return turnsQuarter(read.orientation) ? { width: height, height: width } : { width, height };
}

/** The EXIF orientation (1 to 8) of a raster image, 1 when it has none. */
export function readOrientation(bytes: Buffer): number {
  return readHeader(bytes)?.orientation ?? 1;
}

function readHeader(bytes: Buffer) {
  try {
    return imageSize(bytes);
  } catch {
    // not an image of a known type, or a damaged one
    return undefined;
  }
}

/** EXIF orientations 5 to 8 turn the stored pixels by a quarter: width and height swap. */
function turnsQuarter(orientation: number | undefined): boolean {
  return orientation !== undefined && orientation >= 5 && orientation <= 8;
}
