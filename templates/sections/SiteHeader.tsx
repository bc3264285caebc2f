import type { PageProps } from '../types.ts';

export function SiteHeader({ site, urls }: PageProps) {
  const { name, nav } = site.settings;
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <a className="brand" href={urls.href('/')}>
          <img src={urls.asset(site.logo.src)} width={36} height={36} alt="" />
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
                <a href={urls.href(link.href)}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
