import type { ReactNode } from 'react';
import { SiteFooter } from '../sections/SiteFooter.tsx';
import { SiteHeader } from '../sections/SiteHeader.tsx';
import type { PageProps } from '../types.ts';

export type BaseLayoutProps = PageProps & {
  title: string;
  description: string;
  children: ReactNode;
};

export function BaseLayout({ title, description, children, ...props }: BaseLayoutProps) {
  const { site, route, urls, assets } = props;
  return (
    <html lang={site.settings.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {route.indexable ? <link rel="canonical" href={urls.absolute(route.path)} /> : <meta name="robots" content="noindex" />}
        <meta name="theme-color" content="#4f46e5" />
        {assets.favicon && <link rel="icon" href={assets.favicon} type="image/svg+xml" />}
        <link rel="stylesheet" href={assets.css} />
        <script src={assets.js} defer />
      </head>
      <body data-page={route.page.kind}>
        <a className="skip-link" href="#main">
          {site.settings.skipLink}
        </a>
        <SiteHeader {...props} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter {...props} />
      </body>
    </html>
  );
}
