import { ButtonLink } from '../ui/ButtonLink.tsx';
import type { PageProps } from '../types.ts';

export function HeroSection({ site, urls }: PageProps) {
  const { hero } = site.settings;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-inner">
        {hero.eyebrow && <p className="eyebrow">{hero.eyebrow}</p>}
        <h1 id="hero-title">{hero.headline}</h1>
        <p className="hero-text">{hero.text}</p>
        <div className="actions">
          <ButtonLink href={urls.href(hero.primary.href)}>{hero.primary.label}</ButtonLink>
          <ButtonLink href={urls.href(hero.secondary.href)} variant="secondary">
            {hero.secondary.label}
          </ButtonLink>
        </div>
        <dl className="stats" aria-label={hero.statsLabel}>
          {site.stats.map((stat) => (
            <div className="stat" key={stat.label}>
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
