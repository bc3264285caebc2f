import { ButtonLink } from '../ui/ButtonLink.tsx';
import type { CtaSectionProps } from '../api.ts';

export function CtaSection({ id, heading, text, button, newTabHint }: CtaSectionProps) {
  return (
    <section id={id} className="section cta" aria-labelledby={`${id}-title`}>
      <div className="container">
        <div className="cta-panel">
          <h2 id={`${id}-title`}>{heading}</h2>
          {text && <p className="cta-text">{text}</p>}
          <ButtonLink href={button.href} variant="secondary" newTabHint={newTabHint}>
            {button.label}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
