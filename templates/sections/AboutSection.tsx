import { Prose } from '../ui/Prose.tsx';
import { Section } from '../ui/Section.tsx';
import type { PageProps } from '../types.ts';

export function AboutSection({ site }: PageProps) {
  return (
    <Section id="about" heading={site.about.title} tone="tinted">
      <Prose html={site.about.html} className="prose about-text" />
    </Section>
  );
}
