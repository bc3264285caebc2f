import { Section } from '../ui/Section.tsx';
import type { ListSectionProps } from '../api.ts';

/** Cards linking the pages of one folder: each card is its title's link. */
export function ListSection({ id, heading, intro, items }: ListSectionProps) {
  return (
    <Section id={id} heading={heading} intro={intro}>
      <ul className="card-grid">
        {items.map((item) => (
          <li className="card link-card" key={item.href}>
            <h3 className="card-title">
              <a href={item.href}>{item.title}</a>
            </h3>
            <p className="card-text">{item.description}</p>
            <span className="link-card-arrow" aria-hidden="true">
              →
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
