import type { TableOfContents } from '../api.ts';

/**
 * The "On this page" list: plain links to the page's own headings, h3 nested under h2. The label
 * names the <nav> and shows above the list; the visible copy is hidden from screen readers, which
 * already announce it as the navigation's name. No id of its own, so no heading can clash with it.
 */
export function TableOfContentsNav({ label, links }: TableOfContents) {
  return (
    <nav className="toc" aria-label={label}>
      <p className="toc-title" aria-hidden="true">
        {label}
      </p>
      <ol>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
            {link.children.length > 0 && (
              <ol>
                {link.children.map((child) => (
                  <li key={child.href}>
                    <a href={child.href}>{child.label}</a>
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
