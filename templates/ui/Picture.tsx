import type { ResponsiveImage } from '../api.ts';

/** lazy: below the fold. priority: the first image a visitor sees, fetched early. */
export type PictureLoading = 'lazy' | 'priority';

export type PictureProps = {
  image: ResponsiveImage;
  alt: string;
  /** The sizes attribute: how wide the image is drawn, for picking a width from the srcset. */
  sizes: string;
  loading: PictureLoading;
  /** Drawn width in CSS pixels when the layout does not set it; the height keeps the aspect ratio. */
  width?: number;
};

/** AVIF, then WebP, then the fallback <img>; width and height always set, so nothing shifts. */
export function Picture({ image, alt, sizes, loading, width = image.width }: PictureProps) {
  const height = Math.round((width * image.height) / image.width);
  const fetching =
    loading === 'priority' ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy' } as const);
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={image.src}
        srcSet={image.srcset}
        sizes={image.srcset ? sizes : undefined}
        width={width}
        height={height}
        alt={alt}
        decoding="async"
        {...fetching}
      />
    </picture>
  );
}
