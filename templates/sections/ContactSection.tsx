import { ButtonLink, newTab, NewTabHint } from '../ui/ButtonLink.tsx';
import { Section } from '../ui/Section.tsx';
import type { ContactSectionProps } from '../api.ts';

export function ContactSection({ contact, newTabHint }: ContactSectionProps) {
  const { form } = contact;
  const whatsapp = contact.whatsapp.href;
  const mailto = contact.email.href;
  const actionHref = (href: string | undefined, fallback: string) => href ?? fallback;
  // Without an endpoint the form hands the message to the visitor's mail client; nothing lands in the page URL.
  const formTarget = form.endpoint
    ? { action: form.endpoint, method: 'post' }
    : { action: `${mailto}?subject=${encodeURIComponent(form.subject)}`, method: 'post', encType: 'text/plain' };
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
        <form id="contact-form" className="contact-form" aria-labelledby="contact-form-title" data-mailto={form.endpoint ? undefined : contact.email.address} data-subject={form.subject} {...formTarget}>
          <h3 id="contact-form-title">{form.heading}</h3>
          <div className="form-row">
            <Field name="firstName" label={form.firstName} autoComplete="given-name" />
            <Field name="lastName" label={form.lastName} autoComplete="family-name" />
          </div>
          <Field name="email" label={form.email} type="email" autoComplete="email" />
          <Field name="company" label={form.company} optional={form.optional} autoComplete="organization" />
          <div className="field">
            <label htmlFor="contact-message">{form.message}</label>
            <textarea id="contact-message" name="message" rows={5} />
          </div>
          <button className="button button-primary" type="submit">
            {form.submit}
          </button>
          {form.note && <p className="form-note">{form.note}</p>}
        </form>
      </div>
    </Section>
  );
}

type FieldProps = { name: string; label: string; type?: 'text' | 'email'; optional?: string; autoComplete: string };

function Field({ name, label, type = 'text', optional, autoComplete }: FieldProps) {
  const id = `contact-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {optional && <span className="field-optional"> {optional}</span>}
      </label>
      <input id={id} name={name} type={type} autoComplete={autoComplete} />
    </div>
  );
}

