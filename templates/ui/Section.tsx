import type { ReactNode } from 'react';

/** 'auto': the page alternates backgrounds by position; 'dark' keeps the section dark wherever it is. */
export type SectionTone = 'auto' | 'dark';

export type SectionProps = {
  id: string;
  heading: string;
  intro?: string;
  tone?: SectionTone;
  children: ReactNode;
};

/** A home page section: an anchor target labelled by its own heading, with heading, intro and content on one axis. */
export function Section({ id, heading, intro, tone = 'auto', children }: SectionProps) {
  return (
    <section id={id} className={tone === 'dark' ? 'section section-dark' : 'section'} aria-labelledby={`${id}-title`}>
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
