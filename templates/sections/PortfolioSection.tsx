import { ButtonLink } from '../ui/ButtonLink.tsx';
import { Picture } from '../ui/Picture.tsx';
import { Section } from '../ui/Section.tsx';
import type { PortfolioSectionProps } from '../api.ts';

/** Tiles fill a grid of columns at least 19rem wide inside a container of at most 72rem. */
const TILE_SIZES = '(min-width: 62rem) 23rem, (min-width: 41rem) calc(50vw - 2rem), calc(100vw - 2.5rem)';

export function PortfolioSection({ id, heading, intro, items, more, newTabHint }: PortfolioSectionProps) {
  return (
    <Section id={id} heading={heading} intro={intro}>
      <ul className="tile-grid">
        {items.map((item) => (
          <li key={item.slug}>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the caption to keyboard users, as hover does */}
            <figure className="tile" tabIndex={0}>
              <Picture image={item.image} sizes={TILE_SIZES} alt={item.alt} loading="lazy" />
              <figcaption className="tile-caption">
                <span className="tile-category">{item.category}</span>
                <span className="tile-title">{item.title}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="section-more">
        <ButtonLink href={more.href} variant="secondary" newTabHint={newTabHint}>
          {more.label}
        </ButtonLink>
      </p>
    </Section>
  );
}
