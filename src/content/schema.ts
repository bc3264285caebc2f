/**
 * One schema per content kind; types are inferred from these, never restated (the entry types are in kinds.ts).
 * Every object is strict: an unknown field is almost always a typo.
 */
import { z } from 'zod';
import { adviceSwitchSchema } from '../advice/switches.ts';
import { newsSettingsSchema } from '../news/news-schema.ts';
import type { redirectsSchema } from '../redirects/redirects-schema.ts';
import { contactFormSchema } from './contact-form-schema.ts';
import {
  atMost,
  color,
  LIST_LIMITS,
  email,
  link,
  NO_CONTROL,
  NO_CONTROL_MESSAGE,
  order,
  phone,
  publicPath,
  text,
  webUrl,
} from './fields.ts';

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
  nav: z
    .strictObject({
      label: text,
      menuLabel: text,
      links: z.array(link).min(1).max(LIST_LIMITS.row, atMost(LIST_LIMITS.row, 'links')),
    })
    .meta({ label: 'Navigation' })
    .describe('The menu at the top of every page.'),
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
    quickLinks: z.array(link).min(1).max(LIST_LIMITS.features, atMost(LIST_LIMITS.features, 'links')),
    legalHeading: text,
    copyright: text.describe(
      'The line at the foot of every page, such as "\u00a9 {year} Studio. All rights reserved."; {year} is the year the site is built.',
    ),
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
  .max(LIST_LIMITS.row, atMost(LIST_LIMITS.row, 'stats'))
  .describe('The numbers under the hero, in order.');

export const serviceSchema = z.strictObject({
  title: text,
  order,
  icon: z.enum(['code', 'bot', 'palette', 'chart', 'rocket', 'shield'], {
    error: 'must be one of code, bot, palette, chart, rocket, shield',
  }),
  features: z
    .array(text)
    .min(1, 'must list at least one feature')
    .max(LIST_LIMITS.features, atMost(LIST_LIMITS.features, 'features')),
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

/** content/pages/*.md: a page at /<file name>, listed nowhere; `noindex: true` keeps it out of the sitemap. */
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

export type NewsSettings = NonNullable<SiteFile['news']>;
export type RedirectEntry = z.infer<typeof redirectsSchema>[number];
