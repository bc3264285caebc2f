/**
 * The 1200 by 630 image that link previews show (Open Graph, Twitter cards), made at build time
 * from the site's own artwork: the brand gradient, the logo on a white card, the site name and
 * tagline from content. An SVG written here is rasterised to PNG by sharp, and cached.
 */
import { createHash } from 'node:crypto';
import type { Site } from '../content/kinds.ts';
import { createError } from '../errors.ts';
import type { OutputFile } from '../output/plan.ts';
import type { ImagePipeline } from '../images/pipeline.ts';
import type { ImageRecipe } from '../images/recipe.ts';
import { escapeXml } from './xml.ts';

export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

export interface ShareImage {
  /** Output path, relative to the output folder. */
  path: string;
  width: number;
  height: number;
  alt: string;
}

const LOGO_SIZE = 132;
const CARD = { x: 96, y: 96, size: 180, radius: 40 };
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

export async function createShareImage(
  pipeline: ImagePipeline,
  { site, logoBytes, host }: { site: Pick<Site, 'settings' | 'logo'>; logoBytes: Buffer; host: string },
): Promise<{ image: ShareImage; file: OutputFile }> {
  const { name, footer } = site.settings;
  const svg = renderShareSvg(site, host);
  const logo = createHash('sha256').update(logoBytes).digest('hex');
  const isVector = site.logo.src.toLowerCase().endsWith('.svg');
  const offset = CARD.x + (CARD.size - LOGO_SIZE) / 2;
  const mark: ImageRecipe = {
    input: logoBytes,
    density: isVector ? (72 * LOGO_SIZE) / Math.min(site.logo.width, site.logo.height) : undefined,
    resize: { width: LOGO_SIZE, height: LOGO_SIZE, fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } },
    format: 'png',
    options: {},
  };
  const { bytes, hash } = await pipeline
    .cached(
      { share: svg, logo, logoSrc: site.logo.src },
      'png',
      () => ({
        input: Buffer.from(svg),
        composite: [{ input: mark, left: offset, top: CARD.y + (CARD.size - LOGO_SIZE) / 2 }],
        format: 'png',
        options: { compressionLevel: 9 },
      }),
      { inProcess: true },
    )
    .catch((cause: unknown) => {
      const facts = { src: site.logo.src, making: 'share image', reason: (cause as Error).message } as const;
      throw createError('ImageFailed', facts, { file: `public${site.logo.src}`, cause });
    });
  const path = `assets/images/share-${hash.slice(0, 10)}.png`;
  return {
    image: { path, width: SHARE_WIDTH, height: SHARE_HEIGHT, alt: `${name}: ${footer.tagline}` },
    file: { path, contents: bytes },
  };
}

/** The picture without the logo (composited on top): gradient, shapes, name, tagline, host. */
export function renderShareSvg(site: Pick<Site, 'settings'>, host: string): string {
  const { name, footer, brand } = site.settings;
  const nameSize = Math.min(80, Math.floor(1000 / (0.62 * name.length)));
  const tagline = wrap(footer.tagline, 46, 3);
  const lines = tagline
    .map((line, index) => `<tspan x="96" dy="${index === 0 ? 0 : 46}">${escapeXml(line)}</tspan>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}">`,
    `<defs><linearGradient id="brand" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${brand.color}"/><stop offset="1" stop-color="${brand.accent}"/></linearGradient></defs>`,
    `<rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="url(#brand)"/>`,
    `<circle cx="1080" cy="90" r="260" fill="#ffffff" fill-opacity="0.08"/>`,
    `<circle cx="1150" cy="560" r="170" fill="#ffffff" fill-opacity="0.06"/>`,
    `<rect x="${CARD.x}" y="${CARD.y}" width="${CARD.size}" height="${CARD.size}" rx="${CARD.radius}" fill="#ffffff"/>`,
    `<text x="96" y="${CARD.y + CARD.size + 110}" font-family="${FONT}" font-size="${nameSize}" font-weight="700" fill="#ffffff">${escapeXml(name)}</text>`,
    `<text x="96" y="${CARD.y + CARD.size + 175}" font-family="${FONT}" font-size="34" fill="#ffffff" fill-opacity="0.9">${lines}</text>`,
    `<text x="1104" y="566" text-anchor="end" font-family="${FONT}" font-size="26" font-weight="700" fill="#ffffff" fill-opacity="0.85">${escapeXml(host)}</text>`,
    `</svg>`,
  ].join('\n');
}

/** Greedy word wrap to `width` characters; the last allowed line ends in an ellipsis if cut. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s.,;:]+$/, '')}…`;
  return kept;
}
