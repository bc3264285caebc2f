/** site.yaml's `contact.form:` block: the form's words and where its messages go. */
import { z } from 'zod';
import { text } from './fields.ts';

/** Where the contact form posts: a full https address, or a path on this site for a function on the same host. */
const formEndpoint = z
  .string()
  // The address is written into every page as it is: a URL parser would drop tabs and line breaks.
  .regex(/^[^\s\u0000-\u001f\u007f-\u009f]*$/, 'must not contain spaces, line breaks or control characters')
  .refine(
    (value) => /^\/(?!\/)[\w\-./]*$/.test(value) || isHttpsUrl(value),
    'must be a full address starting with https:// or a path on this site starting with /, such as /api/contact',
  );
function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      url.hostname !== '' &&
      !url.username &&
      !url.password &&
      !url.hash &&
      !value.includes(' ')
    );
  } catch {
    return false;
  }
}
/** Copy that offers the email address where it says {email}. */
const textWithEmail = text.refine(
  (value) => value.includes('{email}'),
  'must contain {email} where the email address goes',
);

/** contact.form: the labels, the visitor's messages, and delivery by `endpoint`, `netlify: true` or the mail app. */
export const contactFormSchema = z
  .strictObject({
    heading: text,
    endpoint: formEndpoint
      .optional()
      .describe(
        'Where messages go: a form service or any https address that takes a POST (https://formspree.io/f/your-id), or a function on the same host (/api/contact). Leave empty for Netlify Forms or the visitor\u2019s email app.',
      ),
    netlify: z.boolean().optional().describe('true: messages go to Netlify Forms. Not together with endpoint.'),
    /** The thank-you page a form posted without JavaScript lands on (Netlify, or a function that redirects). */
    successPage: z
      .string()
      .regex(/^\/[\w\-./]+$/, 'must be a path on this site such as /thanks')
      .describe('The page a form sent without JavaScript lands on, such as /thanks (content/pages/thanks.md).'),
    subject: text,
    firstName: text,
    lastName: text,
    email: text,
    company: text,
    optional: text,
    message: text,
    submit: text,
    /** Under the form in mail mode: says the mail app opens, and offers {email} if none does. */
    mailNote: textWithEmail.describe(
      'Under the form when sending opens the visitor\u2019s email app; {email} becomes the email address, as a link.',
    ),
    sending: text,
    sent: text,
    failed: textWithEmail.describe('Shown when sending failed; {email} becomes the email address, as a link.'),
    /** Label of the spam trap field, which people and screen readers never meet. */
    trap: text.describe('The label of a trap field for spam robots: people and screen readers never see it.'),
  })
  .superRefine((form, context) => {
    if (form.endpoint !== undefined && form.netlify === true) {
      context.addIssue({
        code: 'custom',
        path: ['netlify'],
        input: form.netlify,
        message: 'cannot be true while "endpoint" is also set: the form can deliver to one place only',
        params: {
          hint: 'Keep "endpoint" to post to your own handler, or keep "netlify: true" for Netlify Forms, and remove the other line.',
        },
      });
    }
  });
