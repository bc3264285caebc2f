import { Prose } from '../ui/Prose.tsx';
import { Section } from '../ui/Section.tsx';
import type { FaqSectionProps } from '../api.ts';

/** Each answer opens under its question without JavaScript; the FAQPage JSON-LD is in the page's head. */
export function FaqSection({ id, heading, intro, items }: FaqSectionProps) {
  return (
    <Section id={id} heading={heading} intro={intro}>
      <div className="faq-list measure">
        {items.map((item, index) => (
          <details className="faq-item" key={index}>
            <summary>{item.question}</summary>
            <Prose html={item.html} className="prose faq-answer" />
          </details>
        ))}
      </div>
    </Section>
  );
}
