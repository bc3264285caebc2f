/** The field types the content schemas share; src/content/schema.ts builds the kinds from them. */
import { z } from 'zod';

/**
 * No control character but tab, LF and CR, no lone surrogate, no U+FFFE or U+FFFF: a YAML escape such as "\0" would
 * otherwise land in the pages, a terminal, or the feeds, which XML readers then refuse whole.
 */
export const NO_CONTROL = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff\ufffe\uffff]*$/u;
export const NO_CONTROL_MESSAGE =
  'must not contain control characters (such as NUL, ESC or DEL, written in YAML as \\0, \\e or \\x7f) or the non-characters U+FFFE and U+FFFF';

/** How long a list may be: more than any real site needs, and a bound on what one file makes the build do. */
export const LIST_LIMITS = { row: 12, features: 20, items: 50, sections: 60, redirects: 2000, rules: 50 } as const;
export const atMost = (max: number, what: string) => `must list at most ${max} ${what}`;

export const text = z.string().trim().min(1, 'must not be empty').regex(NO_CONTROL, NO_CONTROL_MESSAGE);
export const webUrl = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain, error: 'must be a full web address starting with https://' })
  .regex(NO_CONTROL, NO_CONTROL_MESSAGE);
export const email = z.email({ error: 'must be an email address such as hello@example.com' });
export const phone = z
  .string()
  .regex(/^\+[1-9]\d{6,14}$/, 'must be an international phone number: + and 7 to 15 digits, no spaces');
/** A link target inside the site (/terms, #contact, /#services) or a web or mail address. */
export const href = z
  .string()
  .regex(NO_CONTROL, NO_CONTROL_MESSAGE)
  .regex(
    // A site path never starts with two slashes: //host/path is another site.
    /^(#[A-Za-z][\w-]*|\/(?!\/)[\w\-./]*(#[A-Za-z][\w-]*)?|https:\/\/[^\s]+|mailto:[^\s]+)$/,
    'must be #anchor, /path, /path#anchor, https://... or mailto:...',
  )
  .meta({ label: 'Link' })
  .describe(
    'Where it leads: #anchor (a section of the home page), /path (a page of this site), /path#anchor, https://... or mailto:...',
  );
/** A file inside public/, written as the site path it is served at. */
export const publicPath = z
  .string()
  .regex(
    /^\/(?!.*\.\.)[\w\-./]+\.(svg|png|jpe?g|webp|avif|gif)$/i,
    'must be a path inside public/ such as /images/logo.svg',
  );
export const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written as # and six hex digits, such as #4f46e5');
export const order = z.int({ error: 'must be a whole number' }).min(0, 'must be 0 or more');
export const link = z.strictObject({ label: text.describe('The words of the link.'), href });
