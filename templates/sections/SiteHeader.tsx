import { Picture } from '../ui/Picture.tsx';
import type { SiteHeaderProps } from '../api.ts';

export function SiteHeader({ name, homeHref, logo, nav }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <a className="brand" href={homeHref}>
          <Picture image={logo} width={36} sizes="36px" alt="" loading="priority" />
          <span>{name}</span>
        </a>
        <nav className="site-nav" aria-label={nav.label}>
          <button className="menu-toggle" type="button" aria-expanded="false" aria-controls="site-menu">
            <span className="menu-icon" aria-hidden="true" />
            {nav.menuLabel}
          </button>
          <ul id="site-menu" className="site-menu">
            {nav.links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
