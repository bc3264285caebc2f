/**
 * The contact form. Without JavaScript it posts (or hands the message to the mail app) on its
 * own; the browser script sends it with fetch and reports in the status region. Validation is
 * the spec's: the email field is type="email" and nothing is required.
 */
import type { ContactDelivery, ContactFormCopy } from '../api.ts';

export type ContactFormProps = {
  copy: ContactFormCopy;
  /** The agency's email address: the mail hand-off's recipient, and offered when sending fails. */
  address: string;
  delivery: ContactDelivery;
};

/** Netlify Forms files submissions under this name; its docs' honeypot field name. */
export const NETLIFY_FORM_NAME = 'contact';
export const TRAP_FIELD = 'bot-field';

export function ContactForm({ copy, address, delivery }: ContactFormProps) {
  const mailto = `mailto:${address}`;
  // Mail mode posts text/plain to the mail app, so nothing typed lands in the page URL.
  const target =
    delivery.mode === 'mail'
      ? {
          action: `${mailto}?subject=${encodeURIComponent(delivery.subject)}`,
          encType: 'text/plain',
          'data-mailto': address,
          'data-subject': delivery.subject,
        }
      : { action: delivery.action };
  const netlify =
    delivery.mode === 'netlify'
      ? { name: NETLIFY_FORM_NAME, 'data-netlify': 'true', 'netlify-honeypot': TRAP_FIELD }
      : {};
  return (
    <form
      id="contact-form"
      className="contact-form"
      aria-labelledby="contact-form-title"
      method="post"
      {...target}
      {...netlify}
    >
      <h3 id="contact-form-title">{copy.heading}</h3>
      {delivery.mode === 'netlify' && <input type="hidden" name="form-name" value={NETLIFY_FORM_NAME} />}
      <div className="form-row">
        <Field name="firstName" label={copy.firstName} autoComplete="given-name" />
        <Field name="lastName" label={copy.lastName} autoComplete="family-name" />
      </div>
      <Field name="email" label={copy.email} type="email" autoComplete="email" />
      <Field name="company" label={copy.company} optional={copy.optional} autoComplete="organization" />
      <div className="field">
        <label htmlFor="contact-message">{copy.message}</label>
        <textarea id="contact-message" name="message" rows={5} />
      </div>
      {/* The spam trap: off screen, inert (never focused) and hidden from screen readers; robots fill it. */}
      <div className="form-trap" aria-hidden="true" inert>
        <label>
          {copy.trap} <input type="text" name={TRAP_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <button className="button button-primary" type="submit">
        {copy.submit}
      </button>
      {delivery.mode === 'mail' ? (
        <p className="form-note">
          <WithEmail text={copy.mailNote} address={address} />
        </p>
      ) : (
        <>
          <div className="form-status" role="status" />
          <template data-state="sending">{copy.sending}</template>
          <template data-state="sent">{copy.sent}</template>
          <template data-state="failed">
            <WithEmail text={copy.failed} address={address} />
          </template>
        </>
      )}
    </form>
  );
}

/** Copy with {email} turned into a mail link to the address. */
function WithEmail({ text, address }: { text: string; address: string }) {
  const [before, ...after] = text.split('{email}');
  return (
    <>
      {before}
      <a href={`mailto:${address}`}>{address}</a>
      {after.join(address)}
    </>
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
