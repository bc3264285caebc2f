import type { PictureProps } from '../api.ts';

/**
 * AVIF, then WebP, then the fallback <img>; width and height always set, so nothing shifts. The
 * one home of this markup: the generator renders images written in Markdown with it too.
 */
export function Picture({ image, alt, title, sizes, loading, width = image.width }: PictureProps) {
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
        title={title}
        decoding="async"
        {...fetching}
      />
    </picture>
  );
}
