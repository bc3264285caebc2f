/**
 * checkImage: an image path written in content must name a file of public/ whose width and height
 * can be read. Checked on the path as written, so a missing file is reported even when other
 * fields of the same file are wrong.
 */
import path from 'node:path';
import { createError, SiteError, type ErrorPlace } from '../errors.ts';
import { MAX_PUBLIC_BYTES, readInside } from '../project-paths.ts';
import { readImageSize } from './size.ts';
import type { ImageRead, LoadContext } from '../content/file.ts';
import type { Parsed } from '../content/parse.ts';
import { publicPath } from '../content/fields.ts';
import type { Image } from '../content/schema.ts';
import type { Checked } from '../content/source.ts';
import { locateField } from '../content/validate.ts';
import type { DataPath } from '../content/yaml.ts';

export async function checkImage(
  context: LoadContext,
  parsed: Parsed | undefined,
  field: DataPath,
): Promise<Checked<Image>> {
  const written = publicPath.safeParse(valueAt(parsed?.located.data, field));
  // A malformed path is the schema's to report.
  if (!parsed || !written.success) return { errors: [] };
  // Located only for an error: finding the line parses the YAML again.
  return checkPublicImage(context, written.data, () => locateField(parsed, field));
}

/** Where an image path was written, for its errors. */
export type ImagePlace = Pick<ErrorPlace, 'file' | 'line' | 'column' | 'frame'>;

/** The file public/`src` exists and has a readable size; `place`, or what makes it, says where it was written. */
export async function checkPublicImage(
  context: LoadContext,
  src: string,
  place: ImagePlace | (() => ImagePlace),
): Promise<Checked<Image>> {
  const fail = (problem: 'absent' | 'no size', cause?: unknown) => ({
    errors: [
      createError('MissingImage', { src, problem }, { ...(typeof place === 'function' ? place() : place), cause }),
    ],
  });
  const image = await context.reads.image(src);
  if ('missing' in image && image.missing instanceof SiteError) return { errors: [image.missing] };
  if ('missing' in image) {
    return fail('absent', image.missing);
  }
  if ('unreadable' in image) {
    return fail('no size');
  }
  return { value: imageOf(image, src), errors: [] };
}

/**
 * The image of a read, the same object while the read is, so that the entries showing it (a news post, a
 * portfolio item) stay the same objects across a dev save that did not touch them.
 */
const images = new WeakMap<object, Image>();
function imageOf(read: { size: { width: number; height: number } }, src: string): Image {
  const kept = images.get(read);
  if (kept?.src === src) return kept;
  const image = { src, ...read.size };
  images.set(read, image);
  return image;
}

export async function readImage(publicDir: string, src: string): Promise<ImageRead> {
  let bytes: Buffer;
  try {
    bytes = readInside(publicDir, path.join(publicDir, ...src.split('/')), `public${src}`, MAX_PUBLIC_BYTES);
  } catch (cause) {
    return { missing: cause };
  }
  const size = readImageSize(bytes, src);
  return size ? { size } : { unreadable: true };
}

function valueAt(data: unknown, field: DataPath): unknown {
  let current = data;
  for (const segment of field) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}
