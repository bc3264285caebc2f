/**
 * A processed image as pages show it: the plain data pictures.ts makes and templates write as a
 * <picture>. Types only, imported by the content and news types that carry pictures, so that they
 * need nothing of the encoding.
 */

export interface PictureSource {
  type: 'image/avif' | 'image/webp';
  srcset: string;
}

/** What a template needs to write a <picture>: links (base included) and the intrinsic size. */
export interface ProcessedImage {
  /** The <img>: the SVG itself (with no sources), or the widest raster in the source's own format. */
  src: string;
  /** Raster fallbacks only: every width of the fallback format. */
  srcset?: string;
  width: number;
  height: number;
  sources: PictureSource[];
}
