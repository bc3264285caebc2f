/**
 * checkMarkdownImages: every image a Markdown body shows must be a file of public/ with a readable
 * size and must say what it shows (alt text), checked at the line that wrote it. The build then
 * makes AVIF, WebP and a fallback of each, as it does for portfolio images.
 *
 * An image from another site is an error, not a warning: the site loads nothing from third parties
 * but the chat frame (DESIGN.md), and its Content-Security-Policy (img-src 'self') would block it.
 */
import { createCodeFrame, SiteError } from '../errors.ts';
import type { MarkdownImage } from './find.ts';
import type { LoadContext } from '../content/file.ts';
import type { Parsed } from '../content/parse.ts';
import { checkPublicImage, type ImagePlace } from './check.ts';
import { publicPath, type Image } from '../content/schema.ts';
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
      const fail = (code: 'ImageAltMissing' | 'ExternalImage' | 'MissingImage', message: string, hint: string) => ({
        errors: [new SiteError({ code, message, ...place, hint })],
      });
      if (EXTERNAL.test(image.src)) {
        return fail(
          'ExternalImage',
          `The image ${image.src} is on another site. This site loads nothing from third parties, and its Content-Security-Policy lets browsers show images from this site only.`,
          `Save the image into public/images/ and write its path, as in ![${image.alt || 'What the image shows'}](/images/name.jpg).`,
        );
      }
      if (!publicPath.safeParse(image.src).success) {
        return fail(
          'MissingImage',
          `The image path ${image.src} is not a path inside public/.`,
          'Write the path from public/, starting with /, such as /images/photo.jpg (SVG, PNG, JPEG, WebP, AVIF or GIF).',
        );
      }
      const found = await checkPublicImage(context, image.src, place);
      if (image.alt.trim() !== '') return found;
      const missingAlt = fail(
        'ImageAltMissing',
        `The image ${image.src} has no alt text, so people who cannot see it learn nothing from it.`,
        `Write what the image shows between the brackets, in a short sentence: ![Our team at the spring workshop](${image.src}).`,
      );
      return { errors: [...found.errors, ...missingAlt.errors] };
    }),
  );
  const errors = checked.flatMap((result) => result.errors);
  return errors.length > 0 ? { errors } : { value: checked.map((result) => result.value!), errors };
}
