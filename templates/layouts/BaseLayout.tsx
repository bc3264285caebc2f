import type { ReactNode } from 'react';
import { SiteFooter } from '../sections/SiteFooter.tsx';
import { SiteHeader } from '../sections/SiteHeader.tsx';
import { PageHead } from './PageHead.tsx';
import type { PageProps } from '../types.ts';

export type BaseLayoutProps = PageProps & {
  title: string;
  description: string;
  children: ReactNode;
};

export function BaseLayout({ title, description, children, ...props }: BaseLayoutProps) {
  const { site, route, assets } = props;
  return (
    <html lang={site.settings.language}>
      <PageHead head={props.head} title={title} description={description} assets={assets} />
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
