/**
 * One schema per content kind. Types are inferred from these, never restated.
 * Every object is strict: an unknown field is almost always a typo.
 */
import { z } from 'zod';
import type { EntryOf, Kinds, Site } from './kinds.ts';
import { adviceSwitchSchema } from '../advice/switches.ts';

/**
 * No C0 control character but tab, line feed and carriage return, no DEL, no C1: a YAML escape
 * such as "\0" or "\e" would otherwise land in the pages, the share image or a terminal.
 */
const NO_CONTROL = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;
const NO_CONTROL_MESSAGE =
  'must not contain control characters (such as NUL, ESC or DEL, written in YAML as \\0, \\e or \\x7f)';

export const text = z.string().trim().min(1, 'must not be empty').regex(NO_CONTROL, NO_CONTROL_MESSAGE);
const webUrl = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain, error: 'must be a full web address starting with https://' })
  .regex(NO_CONTROL, NO_CONTROL_MESSAGE);
const email = z.email({ error: 'must be an email address such as hello@example.com' });
const phone = z
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
const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written as # and six hex digits, such as #4f46e5');
const order = z.int({ error: 'must be a whole number' }).min(0, 'must be 0 or more');
const link = z.strictObject({ label: text.describe('The words of the link.'), href });

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

/**
 * contact.form: the labels, the messages the visitor sees, and the delivery: `endpoint`, or
 * `netlify: true`, or neither (the visitor's mail app). Both at once is a mistake worth stopping.
 */
const contactFormSchema = z
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

export const siteFileSchema = z.strictObject({
  name: text,
  /** For home screens and app lists, where the full name does not fit. */
  shortName: text
    .max(12, 'must be at most 12 characters: it sits under an app icon')
    .describe('The name under a home-screen icon, where the full name does not fit (at most 12 characters).'),
  url: webUrl,
  language: z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'must be a language tag such as en or en-GB'),
  description: text,
  title: text,
  titleTemplate: z
    .string()
    .regex(/%s/, 'must contain %s where the page title goes')
    .regex(NO_CONTROL, NO_CONTROL_MESSAGE),
  logo: z.strictObject({ src: publicPath }),
  /** Browser chrome and home-screen colours, and the share image's gradient (color to accent). */
  brand: z
    .strictObject({ color, accent: color, background: color })
    .describe(
      'Colours of the browser bar and home-screen icon, and the gradient (color to accent) of the link-preview image, as #rrggbb.',
    ),
  newTabHint: text,
  skipLink: text,
  nav: z.strictObject({ label: text, menuLabel: text, links: z.array(link).min(1) }),
  hero: z.strictObject({
    eyebrow: text.optional(),
    headline: text,
    text,
    primary: link,
    secondary: link,
    statsLabel: text,
  }),
  services: z.strictObject({ heading: text, intro: text }),
  aiDemo: z.strictObject({
    heading: text,
    intro: text,
    frameUrl: webUrl,
    botId: z.string().regex(/^[\w-]+$/, 'must be letters, digits, - or _'),
    frameTitle: text,
    provider: z.strictObject({ label: text, url: webUrl }),
  }),
  portfolio: z.strictObject({ heading: text, intro: text, more: z.strictObject({ label: text, url: webUrl }) }),
  contact: z.strictObject({
    heading: text,
    intro: text,
    email: z.strictObject({ label: text, address: email }),
    whatsapp: z.strictObject({ label: text, number: phone, display: text }),
    primaryAction: z.strictObject({
      label: text,
      href: href.optional().describe('Where it leads. Empty: the contact form.'),
    }),
    secondaryAction: z.strictObject({
      label: text,
      href: href.optional().describe('Where it leads. Empty: the WhatsApp chat.'),
    }),
    form: contactFormSchema,
  }),
  footer: z.strictObject({
    tagline: text,
    quickLinksHeading: text,
    quickLinks: z.array(link).min(1),
    legalHeading: text,
    copyright: text,
  }),
  legal: z.strictObject({ backLabel: text }),
  /** The "On this page" list of a legal page or page with `toc: true`: its name for screen readers and its heading. */
  toc: z
    .strictObject({ label: text })
    .describe('The list of a page\u2019s sections on a legal page or a page with toc: true.'),
  /** Strict-Transport-Security: subdomains only when every one of them serves https. */
  hsts: z.strictObject({ includeSubDomains: z.boolean() }).optional(),
  notFound: z.strictObject({ title: text, heading: text, text, linkLabel: text, description: text }),
  /** Content-advice rules turned off for the whole site. */
  advice: adviceSwitchSchema,
  cms: z
    .strictObject({
      repo: z
        .string()
        .regex(/^[\w.-]+\/[\w.-]+$/, 'must be owner/name of a GitHub repository, such as northwind/website')
        .describe('The GitHub repository the CMS at /admin/ saves to, as owner/name.'),
      branch: z
        .string()
        .regex(/^[\w./-]+$/, 'must be a branch name such as main')
        .default('main')
        .describe('The branch the site is built from; each change is a pull request into it.'),
      authUrl: webUrl
        .optional()
        .describe(
          'The address of your GitHub OAuth proxy (a Cloudflare Worker, say). Optional: sites on Netlify use Netlify\u2019s.',
        ),
    })
    .optional()
    .describe('Where the CMS at /admin/ saves in production. Absent: only `agency-site dev` edits, locally.'),
});

export const statsSchema = z
  .array(
    z.strictObject({
      value: text.describe('The figure as shown, such as 150+ or 5.0 (kept exactly as written).'),
      label: text.describe('What it counts, such as Happy Clients.'),
    }),
  )
  .min(1, 'must list at least one stat')
  .describe('The numbers under the hero, in order.');

export const serviceSchema = z.strictObject({
  title: text,
  order,
  icon: z.enum(['code', 'bot', 'palette', 'chart', 'rocket', 'shield'], {
    error: 'must be one of code, bot, palette, chart, rocket, shield',
  }),
  features: z.array(text).min(1, 'must list at least one feature'),
  advice: adviceSwitchSchema,
});

export const portfolioSchema = z.strictObject({
  title: text,
  category: text,
  image: publicPath,
  alt: text,
  order,
  advice: adviceSwitchSchema,
});

export const aboutSchema = z.strictObject({ title: text, advice: adviceSwitchSchema });

/** `toc: true` shows an "On this page" list of the page's h2 and h3 headings above its text. */
const toc = z
  .boolean()
  .optional()
  .describe('true: an \u201cOn this page\u201d list of the page\u2019s headings above its text.');

export const legalSchema = z.strictObject({
  title: text,
  dateLine: text,
  description: text,
  order,
  toc,
  advice: adviceSwitchSchema,
});

/**
 * content/pages/*.md: a page of its own at /<file name>, listed nowhere (no footer or menu entry).
 * `noindex: true` keeps it out of the sitemap and search results (the contact form's thank-you page).
 */
export const pageSchema = z.strictObject({
  title: text,
  description: text,
  noindex: z
    .boolean()
    .optional()
    .describe('true: kept out of the sitemap and search results (the contact form\u2019s thank-you page).'),
  toc,
  advice: adviceSwitchSchema,
});

export type SiteFile = z.infer<typeof siteFileSchema>;
export type Stat = z.infer<typeof statsSchema>[number];

export interface Image {
  src: string;
  width: number;
  height: number;
}

export type Service = EntryOf<Kinds['services']>;
export type PortfolioItem = EntryOf<Kinds['portfolio']>;
export type About = EntryOf<Kinds['about']>;
export type LegalPage = EntryOf<Kinds['legal']>;
export type ContentPage = EntryOf<Kinds['pages']>;
export type { Site } from './kinds.ts';

/** What the site's images, favicons and share image are made from. */
export type ImageContent = Pick<Site, 'settings' | 'logo' | 'portfolio'>;
