import { Prose } from '../ui/Prose.tsx';
import { Section } from '../ui/Section.tsx';
import type { AboutSectionProps } from '../api.ts';

export function AboutSection({ id, heading, html }: AboutSectionProps) {
  return (
    <Section id={id} heading={heading}>
      <Prose html={html} className="prose about-text measure" />
    </Section>
  );
}
