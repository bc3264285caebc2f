import { Picture } from '../ui/Picture.tsx';
import { Section } from '../ui/Section.tsx';
import type { TestimonialsSectionProps } from '../api.ts';

export function TestimonialsSection({ id, heading, intro, items }: TestimonialsSectionProps) {
  return (
    <Section id={id} heading={heading} intro={intro}>
      <ul className="quote-grid">
        {items.map((item, index) => (
          <li key={index}>
            <figure className="quote">
              <blockquote>
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className="quote-author">
                {item.photo && (
                  <Picture image={item.photo.image} alt={item.photo.alt} width={48} sizes="48px" loading="lazy" />
                )}
                <span>
                  <span className="quote-name">{item.name}</span>
                  {item.role && <span className="quote-role">{item.role}</span>}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
