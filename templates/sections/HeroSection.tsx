import { ButtonLink } from '../ui/ButtonLink.tsx';
import type { HeroSectionProps } from '../api.ts';

export function HeroSection({ id, eyebrow, headline, text, primary, secondary, statsLabel, stats }: HeroSectionProps) {
  return (
    <section id={id} className="hero" aria-labelledby="hero-title">
      <div className="container hero-inner">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 id="hero-title">{headline}</h1>
        <p className="hero-text">{text}</p>
        <div className="actions">
          <ButtonLink href={primary.href}>{primary.label}</ButtonLink>
          <ButtonLink href={secondary.href} variant="secondary">
            {secondary.label}
          </ButtonLink>
        </div>
        {/* A heading, not aria-label: a <dl> has no role that a label could name. */}
        <h2 id="hero-stats-title" className="visually-hidden">
          {statsLabel}
        </h2>
        <dl className="stats">
          {stats.map((stat) => (
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
