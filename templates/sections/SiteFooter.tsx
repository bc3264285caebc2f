import { Picture } from '../ui/Picture.tsx';
import type { PageProps } from '../types.ts';

export function SiteFooter({ site, routes, urls, images }: PageProps) {
  const { name, footer } = site.settings;
  const legal = routes.flatMap((route) => (route.page.kind === 'legal' ? [{ href: route.path, label: route.page.legal.title }] : []));
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
        <FooterLinks id="footer-quick-links" heading={footer.quickLinksHeading} links={footer.quickLinks} href={urls.href} />
        <FooterLinks id="footer-legal" heading={footer.legalHeading} links={legal} href={urls.href} />
      </div>
      <div className="container footer-bottom">
        <p>{footer.copyright}</p>
      </div>
    </footer>
  );
}

type FooterLinksProps = {
  id: string;
  heading: string;
  links: Array<{ href: string; label: string }>;
  href: (target: string) => string;
};

function FooterLinks({ id, heading, links, href }: FooterLinksProps) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {heading}
      </h2>
      <ul className="footer-links">
        {links.map((link) => (
          <li key={link.href}>
            <a href={href(link.href)}>{link.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
