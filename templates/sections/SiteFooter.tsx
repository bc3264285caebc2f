import type { PageProps } from '../types.ts';

export function SiteFooter({ site, routes, urls }: PageProps) {
  const { name, footer } = site.settings;
  const legal = routes.flatMap((route) => (route.page.kind === 'legal' ? [{ path: route.path, title: route.page.legal.title }] : []));
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a className="brand" href={urls.href('/')}>
            <img src={urls.asset(site.logo.src)} width={32} height={32} alt="" />
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
