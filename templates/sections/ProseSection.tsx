import { Prose } from '../ui/Prose.tsx';
import { Section } from '../ui/Section.tsx';
import type { ProseSectionProps } from '../api.ts';

export function ProseSection({ id, heading, html }: ProseSectionProps) {
  if (heading) {
    return (
      <Section id={id} heading={heading}>
        <Prose html={html} className="prose prose-section measure" />
      </Section>
    );
  }
  return (
    <section id={id} className="section">
      <div className="container">
        <Prose html={html} className="prose prose-section measure" />
      </div>
    </section>
  );
}
