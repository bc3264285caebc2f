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
        {/* A heading, not aria-label: a <dl> has no role that a label could name. */}
        <h2 id="hero-stats-title" className="visually-hidden">
          {hero.statsLabel}
        </h2>
        <dl className="stats">
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
