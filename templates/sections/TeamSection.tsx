import { Picture } from '../ui/Picture.tsx';
import { Section } from '../ui/Section.tsx';
import type { TeamSectionProps } from '../api.ts';

/** Two columns on a phone, then columns at least 14rem wide inside a container of at most 72rem. */
const PHOTO_SIZES = '(min-width: 48rem) 17rem, calc(50vw - 1.75rem)';

export function TeamSection({ id, heading, intro, items }: TeamSectionProps) {
  return (
    <Section id={id} heading={heading} intro={intro}>
      <ul className="team-grid">
        {items.map((person, index) => (
          <li className="person" key={index}>
            <Picture image={person.photo.image} alt={person.photo.alt} sizes={PHOTO_SIZES} loading="lazy" />
            <h3 className="person-name">{person.name}</h3>
            <p className="person-role">{person.role}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
