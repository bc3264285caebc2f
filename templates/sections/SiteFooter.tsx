import { Picture } from '../ui/Picture.tsx';
import type { PageProps } from '../types.ts';

export function SiteFooter({ site, routes, urls, images }: PageProps) {
  const { name, footer } = site.settings;
  const legal = routes.flatMap((route) => (route.page.kind === 'legal' ? [{ path: route.path, title: route.page.legal.title }] : []));
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a className="brand" href={urls.href('/')}>
            <Picture image={images.logo} width={32} sizes="32px" alt="" loading="lazy" />
            <span>{name}</span>
          </a>
          <p>{footer.tagline}</p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="footer-heading">
            {footer.quickLinksHeading}
          </h2>
          <ul className="footer-links">
            {footer.quickLinks.map((link) => (
              <li key={link.href}>
                <a href={urls.href(link.href)}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="footer-heading">
            {footer.legalHeading}
          </h2>
          <ul className="footer-links">
            {legal.map((page) => (
              <li key={page.path}>
                <a href={urls.href(page.path)}>{page.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>{footer.copyright}</p>
      </div>
    </footer>
  );
}
