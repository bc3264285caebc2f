/**
 * checkMarkdownImages: every image a Markdown body shows must be a file of public/ with a readable size
 * and alt text, checked at the line that wrote it. An image from another site is an error, because the
 * site's Content-Security-Policy (img-src 'self') would block it.
 */
import { createCodeFrame, createError } from '../errors.ts';
import type { MarkdownImage } from './find.ts';
import type { LoadContext } from '../content/file.ts';
import type { Parsed } from '../content/parse.ts';
import { checkPublicImage, type ImagePlace } from './check-image.ts';
import { publicPath } from '../content/fields.ts';
import type { Image } from '../content/schema.ts';
import type { Checked } from '../content/source.ts';

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** The images of one file's body, checked; the value is every image found good. */
export async function checkMarkdownImages(
  context: LoadContext,
  parsed: Parsed,
  images: readonly MarkdownImage[],
): Promise<Checked<Image[]>> {
  const checked = await Promise.all(
    images.map(async (image): Promise<Checked<Image>> => {
      const line = image.line + parsed.bodyLineOffset;
      const place: ImagePlace = {
        file: parsed.file,
        line,
        column: image.column,
        frame: createCodeFrame(parsed.text, line, image.column),
      };
      const { src, alt } = image;
      if (EXTERNAL.test(src)) return { errors: [createError('ExternalImage', { src, alt }, place)] };
      if (!publicPath.safeParse(src).success) {
        return { errors: [createError('MissingImage', { src, problem: 'outside public' }, place)] };
      }
      const found = await checkPublicImage(context, src, place);
      if (alt.trim() !== '') return found;
      return { errors: [...found.errors, createError('ImageAltMissing', { src }, place)] };
    }),
  );
  const errors = checked.flatMap((result) => result.errors);
  return errors.length > 0 ? { errors } : { value: checked.map((result) => result.value!), errors };
}
