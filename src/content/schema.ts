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
export const webUrl = z
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

/** site.yaml's `news:` block: the words of /news, its pages and its posts (src/news/). */
const newsSettingsSchema = z
  .strictObject({
    heading: text.describe('The heading of the /news page, such as "News".'),
    title: text.describe(
      'The title of /news in search results and browser tabs, before the site name: 30 to 60 characters in all.',
    ),
    intro: text.optional().describe('One or two sentences under the heading of /news. Optional.'),
    description: text.describe('The description of /news for search results and link previews.'),
    pageSize: z
      .int({ error: 'must be a whole number' })
      .min(1, 'must be 1 or more')
      .max(100, 'must be at most 100')
      .describe('How many posts one page of /news lists; older posts move to /news/page/2 and on.'),
    feedSize: z
      .int({ error: 'must be a whole number' })
      .min(1, 'must be 1 or more')
      .max(100, 'must be at most 100')
      .describe('How many of the newest posts the feeds (Atom, RSS, JSON Feed) carry.'),
    feedTitle: text.describe('The feeds\u2019 title in feed readers, such as "Northwind Studio news".'),
    feedsLabel: text.describe('The words of the link to the feeds on /news, such as "Subscribe (RSS)".'),
    readMore: text.describe('The words of the link from a listed post to the post, such as "Read the post".'),
    readingTime: text
      .regex(/\{minutes\}/, 'must contain {minutes} where the number goes')
      .describe('How long a post takes to read, with {minutes} where the number goes, such as "{minutes} min read".'),
    by: text.describe('The word before the author\u2019s name, such as "By".'),
    newer: text.describe('The label of the link to the next newer post or page, such as "Newer".'),
    older: text.describe('The label of the link to the next older post or page, such as "Older".'),
    pageLabel: text
      .regex(/\{page\}/, 'must contain {page} where the page number goes')
      .regex(/\{pages\}/, 'must contain {pages} where the number of pages goes')
      .describe('Names a page of the list, such as "Page {page} of {pages}".'),
    back: text.describe('The words of the link from a post back to /news, such as "All news".'),
    draft: text.describe('The badge on a draft seen in dev or a --drafts build, such as "Draft".'),
    scheduled: text
      .regex(/\{date\}/, 'must contain {date} where the date goes')
      .describe('The badge on a post dated later, seen in dev or a --future build, such as "Scheduled for {date}".'),
    homeHeading: text.optional().describe('The heading of the home page\u2019s news section. Optional.'),
  })
  .describe('The /news list, its feeds and the words around posts.');

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
    .describe('Colours of the browser bar and home-screen icon, and the gradient of the link-preview image.'),
  newTabHint: text,
  skipLink: text,
  nav: z.strictObject({ label: text, menuLabel: text, links: z.array(link).min(1) }),
  /** The contact section's addresses and form (its heading, intro and buttons are in home.yaml). */
  contact: z
    .strictObject({
      email: z
        .strictObject({
          label: text.describe('The words above the address, such as "Email us".'),
          address: email.describe('Where visitors write, such as hello@example.com.'),
        })
        .describe('The email address the contact section shows.'),
      whatsapp: z
        .strictObject({
          label: text.describe('The words above the number, such as "Chat on WhatsApp".'),
          number: phone.describe('The number as + and digits, no spaces, such as +15551234567.'),
          display: text.describe('The number as visitors read it, such as +1 555 123 4567.'),
        })
        .describe('The WhatsApp chat the contact section offers.'),
      form: contactFormSchema,
    })
    .describe('The addresses and the form of the home page\u2019s contact section, and where messages go.'),
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
    .describe('The list of a page\u2019s sections on a legal page or a page with "toc: true" in its front matter.'),
  /** Strict-Transport-Security: subdomains only when every one of them serves https. */
  hsts: z.strictObject({ includeSubDomains: z.boolean() }).optional(),
  notFound: z.strictObject({ title: text, heading: text, text, linkLabel: text, description: text }),
  /** The page left at each old path of content/redirects.yaml, for hosts that do not read _redirects. */
  moved: z
    .strictObject({
      title: text.describe('The browser tab title of a moved page.'),
      heading: text.describe('The heading a visitor sees if the browser does not move on by itself.'),
      text: text.describe('One sentence under the heading: the page has a new address.'),
      linkLabel: text.describe('The label of the link to the new address.'),
      description: text.describe('The meta description of a moved page.'),
    })
    .describe('The words of the small page left at each old path listed in content/redirects.yaml.'),
  /** Content-advice rules turned off for the whole site. */
  advice: adviceSwitchSchema,
  /** The /news list, its feeds and the words around posts: needed once content/news/ holds a post. */
  news: newsSettingsSchema.optional(),
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

/** A date as YYYY-MM-DD (the start of that day, UTC), or with a time and zone as 2026-03-01T09:30+01:00. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2}))?$/;
export const postDate = z
  .string({ error: 'must be a date such as 2026-03-01, or with a time and zone such as 2026-03-01T09:30+01:00' })
  .regex(DATE, 'must be a date such as 2026-03-01, or with a time and zone such as 2026-03-01T09:30+01:00')
  .refine(isRealDate, 'must be a day and time that exist (month 1 to 12, a day the month has, hours to 23)');
function isRealDate(value: string): boolean {
  const [, year, month, day, hours = '0', minutes = '0', seconds = '0'] = DATE.exec(value) ?? [];
  const date = new Date(
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds)),
  );
  return (
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day) &&
    date.getUTCHours() === Number(hours) &&
    date.getUTCMinutes() === Number(minutes) &&
    date.getUTCSeconds() === Number(seconds)
  );
}

/**
 * content/news/*.md: a dated post at /news/<file name>, listed newest first on /news and in the
 * feeds. A draft, or a post dated later than the build, is left out of `build` (src/news/schedule.ts).
 */
export const newsSchema = z
  .strictObject({
    title: text.describe('The post\u2019s headline.'),
    date: postDate.describe(
      'When it is published: 2026-03-01 (that day, UTC), or with a time and zone such as 2026-03-01T09:30+01:00. A later date waits for that day.',
    ),
    description: text.describe('One or two sentences: shown on /news, in search results, feeds and link previews.'),
    updated: postDate.optional().describe('When the post last changed in substance, as date is written. Optional.'),
    author: text.optional().describe('Who wrote it, shown under the headline. Optional.'),
    image: publicPath
      .optional()
      .describe(
        'A picture inside public/ shown on /news and above the post, such as /images/news/launch.svg. Optional; needs alt.',
      ),
    alt: text.optional().describe('What the picture shows, for people who cannot see it. Needed with image.'),
    tags: z
      .array(text)
      .optional()
      .describe('Topics of the post, such as [launch, ai]: feeds and link previews carry them. Optional.'),
    draft: z
      .boolean()
      .optional()
      .describe('true keeps the post out of the site until you remove this line (dev still shows it).'),
    advice: adviceSwitchSchema,
  })
  .refine((post) => (post.image === undefined) === (post.alt === undefined), {
    message: 'needs both image and alt, or neither',
    path: ['alt'],
  })
  .refine(
    (post) => post.updated === undefined || Date.parse(dateTime(post.updated)) >= Date.parse(dateTime(post.date)),
    {
      message: 'must not be earlier than date',
      path: ['updated'],
    },
  );

/** A post date as a full ISO date-time: a date alone is the start of that day, UTC. */
export function dateTime(value: string): string {
  if (value.length === 10) return `${value}T00:00:00Z`;
  return /T\d{2}:\d{2}(Z|[+-])/.test(value) ? value.replace(/T(\d{2}:\d{2})/, 'T$1:00') : value;
}
/**
 * content/redirects.yaml: old paths that must keep working. The build writes _redirects
 * (Netlify, Cloudflare Pages) and a small page at each old path (src/redirects/).
 */
export const redirectsSchema = z
  .array(
    z
      .strictObject({
        from: z
          .string()
          .regex(
            /^\/(?!.*\/\/)(?!(?:.*\/)?\.)[\w\-.~/]*$/,
            'must be a path on this site such as /old-page: / then letters, digits, - _ . ~ and /, with no ? or #',
          )
          .refine(
            (value) => !/\.[^./]*$/.test(value) || /\.html?$/.test(value),
            'must be a page path such as /old-page or /old-page.html: a host serves a file with another ending as a download',
          )
          .describe('The old path on this site, such as /services/seo or /old-page.html: it must not be a page now.'),
        to: z
          .string()
          .regex(NO_CONTROL, NO_CONTROL_MESSAGE)
          .regex(
            /^(\/(?!\/)[^\s?]*|https?:\/\/[^\s/?#]+[^\s]*)$/,
            'must be a path on this site such as /terms or /#contact, or a full address starting with https://',
          )
          .describe(
            'Where visitors go instead: a page of this site (/terms, /#contact), a file of public/ (/images/x.png) or a full http(s) address.',
          ),
        status: z
          .union([z.literal(301), z.literal(302)], {
            error: 'must be 301 (moved for good, the default) or 302 (moved for now)',
          })
          .optional()
          .describe('301 when the page moved for good (the default), 302 when it will come back.'),
      })
      .describe('One old path and where it leads now.'),
  )
  .describe('Redirects from old paths to their new addresses.');

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
export type NewsPost = EntryOf<Kinds['news']>;
export type NewsSettings = NonNullable<SiteFile['news']>;
export type RedirectEntry = z.infer<typeof redirectsSchema>[number];
export type { Site } from './kinds.ts';

/** What the site's images, favicons and share image are made from. */
export type ImageContent = Pick<Site, 'settings' | 'logo' | 'portfolio'>;
