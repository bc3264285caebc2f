/**
 * The favicon set from one source image (public/favicon.svg, else the logo), with site.webmanifest. The
 * apple-touch-icon gets an opaque background, because iOS paints transparency black.
 */
import { createHash } from 'node:crypto';
import type { Image } from '../content/schema.ts';
import type { Site } from '../content/kinds.ts';
import { createError } from '../errors.ts';
import type { OutputFile } from '../output/plan.ts';
import type { ImagePipeline } from '../images/pipeline.ts';
import type { UrlPolicy } from '../site/routes.ts';

export interface IconLink {
  rel: 'icon' | 'apple-touch-icon' | 'manifest';
  href: string;
  type?: string;
  sizes?: string;
}

export interface Favicons {
  /** The <link> tags of every page's head, in order. */
  links: IconLink[];
  files: OutputFile[];
}

export const MANIFEST_FILE = 'site.webmanifest';
const PNG_SIZES = [32, 192, 512] as const;
const APPLE_SIZE = 180;
const TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

export async function createFavicons(
  pipeline: ImagePipeline,
  { site, source, bytes, urls }: { site: Pick<Site, 'settings'>; source: Image; bytes: Buffer; urls: UrlPolicy },
): Promise<Favicons> {
  const { name, shortName, description, language, brand } = site.settings;
  const hash = createHash('sha256').update(bytes).digest('hex');
  const sourceType = TYPES[source.src.slice(source.src.lastIndexOf('.') + 1).toLowerCase()] ?? 'image/png';
  const isVector = source.src.toLowerCase().endsWith('.svg');
  const render = (size: number, background?: string) =>
    pipeline
      .cached(
        { favicon: hash, size, background },
        'png',
        () => ({
          input: bytes,
          density: isVector ? (72 * size) / Math.min(source.width, source.height) : undefined,
          resize: { width: size, height: size, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } },
          flatten: background,
          format: 'png',
          options: { compressionLevel: 9 },
        }),
        { inProcess: true },
      )
      .catch((cause: unknown) => {
        const facts = { src: source.src, making: 'favicons', reason: (cause as Error).message } as const;
        throw createError('ImageFailed', facts, { file: `public${source.src}`, cause });
      });
  const [apple, ...pngs] = await Promise.all([
    render(APPLE_SIZE, brand.background),
    ...PNG_SIZES.map((size) => render(size)),
  ]);
  const files: OutputFile[] = PNG_SIZES.map((size, index) => ({
    path: `icons/icon-${size}.png`,
    contents: pngs[index]!.bytes,
  }));
  files.push({ path: 'apple-touch-icon.png', contents: apple!.bytes });
  const manifest = {
    name,
    short_name: shortName,
    description,
    lang: language,
    start_url: urls.href('/'),
    scope: urls.base,
    display: 'browser',
    theme_color: brand.color,
    background_color: brand.background,
    icons: [
      { src: urls.asset(source.src), sizes: 'any', type: sourceType },
      ...PNG_SIZES.filter((size) => size >= 192).map((size) => ({
        src: urls.asset(`icons/icon-${size}.png`),
        sizes: `${size}x${size}`,
        type: 'image/png',
      })),
    ],
  };
  files.push({ path: MANIFEST_FILE, contents: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) });
  return {
    links: [
      { rel: 'icon', href: urls.asset('icons/icon-32.png'), type: 'image/png', sizes: '32x32' },
      { rel: 'icon', href: urls.asset(source.src), type: sourceType },
      { rel: 'apple-touch-icon', href: urls.asset('apple-touch-icon.png') },
      { rel: 'manifest', href: urls.asset(MANIFEST_FILE) },
    ],
    files,
  };
}
