import { SiteFooter } from '../sections/SiteFooter.tsx';
import { SiteHeader } from '../sections/SiteHeader.tsx';
import { PageHead } from './PageHead.tsx';
import type { BaseLayoutProps } from '../api.ts';

export function BaseLayout({ language, page, skipLink, head, header, footer, children }: BaseLayoutProps) {
  return (
    <html lang={language}>
      <PageHead {...head} />
      <body data-page={page}>
        <a className="skip-link" href="#main">
          {skipLink}
        </a>
        <SiteHeader {...header} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter {...footer} />
      </body>
    </html>
  );
}
