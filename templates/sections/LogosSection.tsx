import { isExternal, newTab } from '../ui/ButtonLink.tsx';
import { Picture } from '../ui/Picture.tsx';
import { Section } from '../ui/Section.tsx';
import type { LogoItem, LogosSectionProps } from '../api.ts';

/** Logos are drawn this tall (CSS pixels); their widths follow their own proportions. */
const LOGO_HEIGHT = 48;

export function LogosSection({ id, heading, intro, items, newTabHint }: LogosSectionProps) {
  return (
    <Section id={id} heading={heading} intro={intro}>
      <ul className="logo-grid">
        {items.map((item, index) => (
          <li key={index}>
            {item.href ? (
              <a className="logo-link" href={item.href} {...(isExternal(item.href) ? newTab : {})}>
                <Logo {...item} />
                {isExternal(item.href) && <span className="visually-hidden"> {newTabHint}</span>}
              </a>
            ) : (
              <Logo {...item} />
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Logo({ name, image }: LogoItem) {
  const width = Math.round((LOGO_HEIGHT * image.width) / image.height);
  return <Picture image={image} alt={name} width={width} sizes={`${width}px`} loading="lazy" />;
}
