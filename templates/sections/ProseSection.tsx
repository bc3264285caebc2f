import { Prose } from '../ui/Prose.tsx';
import type { ProseSectionProps } from '../api.ts';

export function ProseSection({ id, heading, html }: ProseSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className="section section-plain" aria-labelledby={heading ? headingId : undefined}>
      <div className="container">
        {heading && (
          <header className="section-header">
            <h2 id={headingId}>{heading}</h2>
          </header>
        )}
        <Prose html={html} className="prose prose-section" />
      </div>
    </section>
  );
}
