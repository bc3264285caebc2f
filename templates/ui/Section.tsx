import type { ReactNode } from 'react';

export type SectionTone = 'plain' | 'tinted' | 'dark';

export type SectionProps = {
  id: string;
  heading: string;
  intro?: string;
  tone?: SectionTone;
  children: ReactNode;
};

/** A home page section: an anchor target labelled by its own heading. */
export function Section({ id, heading, intro, tone = 'plain', children }: SectionProps) {
  return (
    <section id={id} className={`section section-${tone}`} aria-labelledby={`${id}-title`}>
      <div className="container">
        <header className="section-header">
          <h2 id={`${id}-title`}>{heading}</h2>
          {intro && <p className="section-intro">{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}
