/**
 * Intrinsic width and height of the image formats the site accepts, read from the bytes by the
 * `image-size` package, upright: a photo whose EXIF orientation turns it reports its turned size,
 * as every image is encoded upright (src/images/recipe.ts).
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

function readHeader(bytes: Uint8Array) {
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

/**
 * The most pixels an image may have: sharp's own limit (limitInputPixels), which refuses a larger PNG or
 * JPEG before decoding it. Rasters inside an SVG count against it here: the SVG renderer has no limit.
 */
export const MAX_IMAGE_PIXELS = 0x3fff * 0x3fff;
const RASTER_TYPES = new Set(['png', 'jpg', 'gif', 'webp', 'avif', 'tiff', 'bmp', 'heif']);
/** SVG inside SVG, as data: URLs: deeper than any real artwork goes. */
const MAX_EMBEDDING = 4;

/**
 * What is wrong with the rasters an SVG embeds as data: URLs (anywhere: href, xlink:href, CSS url()): more than
 * MAX_IMAGE_PIXELS together, or one whose size cannot be read; undefined when nothing is. Entity declarations are refused: they could spell a URL unseen here.
 */
export function checkEmbeddedImages(bytes: Uint8Array, depth = 0): string | undefined {
  // A raster is sharp's to limit; anything else may be an SVG, as sharp tells them apart by content.
  if (RASTER_TYPES.has(readHeader(bytes)?.type ?? '')) return undefined;
  const text = decodeCharacterReferences(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
  );
  if (/<!ENTITY/i.test(text)) return 'declares XML entities, which an SVG image has no use for';
  let pixels = 0;
  const dataUrl = /data:([^,;"'()\s]*)((?:;[^,;"'()]*)*),([^"'()<>]*)/gi;
  for (const [, type, parameters, payload] of text.matchAll(dataUrl)) {
    const data = /;\s*base64\s*$/i.test(parameters!)
      ? Buffer.from(payload!.replace(/\s+/g, ''), 'base64')
      : Buffer.from(percentDecode(payload!), 'latin1');
    const size = readHeader(data);
    if (size?.type === 'svg' || /svg/i.test(type!)) {
      if (depth >= MAX_EMBEDDING) return 'embeds SVG images inside each other too deeply';
      const inner = checkEmbeddedImages(data, depth + 1);
      if (inner) return inner;
      continue;
    }
    if (!size || !(size.width > 0 && size.height > 0))
      return `embeds a ${type || 'data'} image whose size cannot be read`;
    pixels += size.width * size.height;
    if (pixels > MAX_IMAGE_PIXELS) {
      return `embeds images of ${pixels.toLocaleString('en')} pixels (the last ${size.width} by ${size.height}), more than the ${MAX_IMAGE_PIXELS.toLocaleString('en')} any image may have`;
    }
  }
  return undefined;
}

/** &#100; and &#x64; as the characters they stand for, so that an encoded "data:" is seen. */
function decodeCharacterReferences(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|[0-9]+);?/gi, (whole, code: string) => {
    const point = code[0] === 'x' || code[0] === 'X' ? Number.parseInt(code.slice(1), 16) : Number(code);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
  });
}

/** %XX escapes as the bytes they stand for (one char per byte). */
function percentDecode(text: string): string {
  return text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
