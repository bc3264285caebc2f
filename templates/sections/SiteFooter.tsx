import { Picture } from '../ui/Picture.tsx';
import type { LinkList, SiteFooterProps } from '../api.ts';

export function SiteFooter({ name, homeHref, logo, tagline, quickLinks, legalLinks, copyright }: SiteFooterProps) {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a className="brand" href={homeHref}>
            <Picture image={logo} width={32} sizes="32px" alt="" loading="lazy" />
            <span>{name}</span>
          </a>
          <p>{tagline}</p>
        </div>
        <FooterLinks id="footer-quick-links" {...quickLinks} />
        <FooterLinks id="footer-legal" {...legalLinks} />
      </div>
      <div className="container footer-bottom">
        <p>{copyright}</p>
      </div>
    </footer>
  );
}

function FooterLinks({ id, heading, links }: LinkList & { id: string }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {heading}
      </h2>
      <ul className="footer-links">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
