import type { PageHeadProps } from '../api.ts';

/** The document head: the CSP first, then title, search and share tags, icons, style and script. */
export function PageHead({ head, title, description, assets }: PageHeadProps) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta httpEquiv="Content-Security-Policy" content={head.csp} />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={description} />
      {head.canonical && <link rel="canonical" href={head.canonical} />}
      {head.noindex && <meta name="robots" content="noindex" />}
      {head.refresh && <meta httpEquiv="refresh" content={`0; url=${head.refresh}`} />}
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {head.meta.map((tag, index) =>
        'property' in tag ? (
          // A post's article:tag comes once per tag.
          <meta key={`${tag.property}-${index}`} property={tag.property} content={tag.content} />
        ) : (
          <meta key={tag.name} name={tag.name} content={tag.content} />
        ),
      )}
      <meta name="theme-color" content={head.themeColor} />
      {head.icons.map((icon) => (
        <link key={icon.href} rel={icon.rel} href={icon.href} type={icon.type} sizes={icon.sizes} />
      ))}
      {head.feeds?.map((feed) => (
        <link key={feed.type} rel="alternate" type={feed.type} title={feed.title} href={feed.href} />
      ))}
      {assets.fonts?.map((font) => (
        <link key={font} rel="preload" href={font} as="font" type="font/woff2" crossOrigin="anonymous" />
      ))}
      <link rel="stylesheet" href={assets.css} />
      <script src={assets.js} integrity={assets.jsIntegrity} defer />
      {head.jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: head.jsonLd }} />}
    </head>
  );
}
