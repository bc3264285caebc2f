import { ButtonLink, newTab, NewTabHint } from '../ui/ButtonLink.tsx';
import { ContactForm } from '../ui/ContactForm.tsx';
import { Section } from '../ui/Section.tsx';
import type { ContactSectionProps } from '../api.ts';

export function ContactSection({ id, contact, newTabHint }: ContactSectionProps) {
  const whatsapp = contact.whatsapp.href;
  const mailto = contact.email.href;
  return (
    <Section id={id} heading={contact.heading} intro={contact.intro} tone="dark">
      <div className="contact-grid">
        <div className="contact-details">
          <ul className="contact-list">
            <li>
              <a className="contact-link" href={mailto}>
                <span className="contact-label">{contact.email.label}</span>
                <span>{contact.email.address}</span>
              </a>
            </li>
            <li>
              <a className="contact-link" href={whatsapp} {...newTab}>
                <span className="contact-label">{contact.whatsapp.label}</span>
                <span>
                  {contact.whatsapp.display}
                  <NewTabHint text={newTabHint} />
                </span>
              </a>
            </li>
          </ul>
          <div className="actions">
            <ButtonLink href={contact.primaryAction.href ?? '#contact-form'}>{contact.primaryAction.label}</ButtonLink>
            <ButtonLink href={contact.secondaryAction.href ?? whatsapp} variant="ghost" newTabHint={newTabHint}>
              {contact.secondaryAction.label}
            </ButtonLink>
          </div>
        </div>
        <ContactForm copy={contact.form} address={contact.email.address} delivery={contact.delivery} />
      </div>
    </Section>
  );
}
