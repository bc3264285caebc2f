import { ButtonLink } from '../ui/ButtonLink.tsx';
import { Picture } from '../ui/Picture.tsx';
import { Section } from '../ui/Section.tsx';
import type { PageProps } from '../types.ts';

/** Tiles fill a grid of columns at least 19rem wide inside a container of at most 72rem. */
const TILE_SIZES = '(min-width: 62rem) 23rem, (min-width: 41rem) calc(50vw - 2rem), calc(100vw - 2.5rem)';

export function PortfolioSection({ site, images }: PageProps) {
  const { portfolio, newTabHint } = site.settings;
  return (
    <Section id="portfolio" heading={portfolio.heading} intro={portfolio.intro}>
      <ul className="tile-grid">
        {site.portfolio.map((item) => (
          <li key={item.slug}>
            <figure className="tile" tabIndex={0}>
              <Picture image={images.portfolio[item.slug]!} sizes={TILE_SIZES} alt={item.alt} loading="lazy" />
              <figcaption className="tile-caption">
                <span className="tile-category">{item.category}</span>
                <span className="tile-title">{item.title}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="section-more">
        <ButtonLink href={portfolio.more.url} variant="secondary" newTabHint={newTabHint}>
          {portfolio.more.label}
        </ButtonLink>
      </p>
    </Section>
  );
}
