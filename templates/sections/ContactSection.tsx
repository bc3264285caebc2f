import { ButtonLink, newTab, NewTabHint } from '../ui/ButtonLink.tsx';
import { ContactForm, type ContactDelivery } from '../ui/ContactForm.tsx';
import { Section } from '../ui/Section.tsx';
import type { PageProps } from '../types.ts';

export function ContactSection({ site, urls }: PageProps) {
  const { contact, newTabHint } = site.settings;
  const { form } = contact;
  const whatsapp = `https://wa.me/${contact.whatsapp.number.replace(/\D/g, '')}`;
  const mailto = `mailto:${contact.email.address}`;
  const actionHref = (href: string | undefined, fallback: string) => (href ? urls.href(href) : fallback);
  // A site path is a file-like address on this host: base prefixed, no trailing slash added.
  const delivery: ContactDelivery = form.endpoint
    ? { mode: 'endpoint', action: form.endpoint.startsWith('/') ? urls.asset(form.endpoint) : form.endpoint }
    : form.netlify
      ? { mode: 'netlify', action: urls.href(form.successPage) }
      : { mode: 'mail', subject: form.subject };
  return (
    <Section id="contact" heading={contact.heading} intro={contact.intro} tone="dark">
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
            <ButtonLink href={actionHref(contact.primaryAction.href, '#contact-form')}>{contact.primaryAction.label}</ButtonLink>
            <ButtonLink
              href={actionHref(contact.secondaryAction.href, whatsapp)}
              variant="ghost"
              newTabHint={newTabHint}
            >
              {contact.secondaryAction.label}
            </ButtonLink>
          </div>
        </div>
        <ContactForm copy={form} address={contact.email.address} delivery={delivery} />
      </div>
    </Section>
  );
}
