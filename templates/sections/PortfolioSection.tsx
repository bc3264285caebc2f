import { ButtonLink } from '../ui/ButtonLink.tsx';
import { Section } from '../ui/Section.tsx';
import type { PageProps } from '../types.ts';

export function PortfolioSection({ site, urls }: PageProps) {
  const { portfolio, newTabHint } = site.settings;
  return (
    <Section id="portfolio" heading={portfolio.heading} intro={portfolio.intro}>
      <ul className="tile-grid">
        {site.portfolio.map((item) => (
          <li key={item.slug}>
            <figure className="tile" tabIndex={0}>
              <img
                src={urls.asset(item.picture.src)}
                width={item.picture.width}
                height={item.picture.height}
                alt={item.alt}
                loading="lazy"
                decoding="async"
              />
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
