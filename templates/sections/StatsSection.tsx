import { Section } from '../ui/Section.tsx';
import type { StatsSectionProps } from '../api.ts';

/** The hero's figures as a section of their own: the same list, laid out in a row. */
export function StatsSection({ id, heading, intro, items }: StatsSectionProps) {
  return (
    <Section id={id} heading={heading} intro={intro}>
      <dl className="stats stats-row">
        {items.map((stat, index) => (
          <div className="stat" key={index}>
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
