/**
 * The home page's further section types, one strict schema each: `type`, an optional `id` and the type's fields, each
 * with a one-line description that the CMS shows beside it. Adding a type is one entry here plus its template.
 */
import { z } from 'zod';
import { atMost, href, LIST_LIMITS, publicPath, text } from './fields.ts';

export const anchor = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'must be lowercase letters, digits and -, starting with a letter, such as faq or team')
  .optional()
  .describe('The section\u2019s anchor: the menu links to it as /#id. Optional: each type has its usual one.');

const heading = text.describe('The section\u2019s heading, shown large above it.');
const intro = text.optional().describe('One or two sentences under the heading. Optional.');
/** `content` marks the fields the generator turns into HTML or into pictures (src/content/home-sections.ts). */
const markdown = (what: string) =>
  text.describe(`${what} Markdown: **bold**, links, lists.`).meta({ content: 'markdown' });
const image = publicPath
  .describe('A picture inside public/, written as its path such as /images/team/ana.jpg.')
  .meta({ content: 'image' });
const ALT = 'What the picture shows, for people who cannot see it.';
const alt = text.describe(ALT);

const button = z
  .strictObject({
    label: text.describe('The words on the button: say where it leads, such as "Book a call".'),
    href: href.describe('Where it leads: /page, /#section, https://... or mailto:...'),
  })
  .describe('A button: its words and where it leads.');

/** How editors name a type whose key does not say it (the CMS's menu of types; others read as their key). */
const TYPE_LABELS: Readonly<Record<string, string>> = {
  faq: 'FAQ',
  cta: 'Call to action',
  'ai-demo': 'AI demo',
  list: 'List of pages',
};

/** The fields every section has: its type (which template shows it) and its anchor, by default `defaultId`. */
export function sectionOf<Type extends string, Shape extends z.ZodRawShape>(
  type: Type,
  what: string,
  shape: Shape,
  defaultId: string = type,
) {
  const label = TYPE_LABELS[type];
  const tag = z.literal(type).describe(what);
  return z.strictObject({ type: label ? tag.meta({ label }) : tag, id: anchor, ...shape }).meta({ anchor: defaultId });
}

/** The anchor a section of this schema gets when it names none (sectionOf's `defaultId`). */
export const anchorOf = (schema: z.ZodType): string => (schema.meta() as { anchor: string }).anchor;

export const testimonialsSectionSchema = sectionOf('testimonials', 'Quotes from clients.', {
  heading,
  intro,
  items: z
    .array(
      z
        .strictObject({
          quote: text.describe('What the client said, without quotation marks.'),
          name: text.describe('Who said it.'),
          role: text.optional().describe('Their role and company, such as "Founder, Acme". Optional.'),
          image: image.optional().describe('A small portrait of them. Optional; needs alt.'),
          alt: text.optional().describe(`${ALT} Needed with image.`),
        })
        .refine((item) => (item.image === undefined) === (item.alt === undefined), {
          message: 'needs both image and alt, or neither',
          path: ['alt'],
        }),
    )
    .min(1, 'must list at least one quote')
    .max(LIST_LIMITS.items, atMost(LIST_LIMITS.items, 'quotes'))
    .describe('The quotes, in the order shown.')
    .meta({ label: 'Quotes' }),
});

export const faqSectionSchema = sectionOf('faq', 'Questions and answers; each answer opens under its question.', {
  heading,
  intro,
  items: z
    .array(
      z.strictObject({
        question: text.describe('The question, as a visitor would ask it.'),
        answer: markdown('The answer.'),
      }),
    )
    .min(1, 'must list at least one question')
    .max(LIST_LIMITS.items, atMost(LIST_LIMITS.items, 'questions'))
    .describe('The questions, in the order shown.')
    .meta({ label: 'Questions' }),
});

export const ctaSectionSchema = sectionOf(
  'cta',
  'A call to action: a heading, a line of text and one button.',
  {
    heading,
    text: text.optional().describe('A sentence under the heading. Optional.'),
    button,
  },
  'get-started',
);

export const pricingSectionSchema = sectionOf('pricing', 'Plans side by side, each with its price and features.', {
  heading,
  intro,
  plans: z
    .array(
      z.strictObject({
        name: text.describe('The plan\u2019s name, such as Starter.'),
        price: text.describe('The price as shown, such as $19 or "From $2,000".'),
        period: text.optional().describe('What the price is for, such as "/month" or "per project". Optional.'),
        features: z
          .array(text)
          .min(1, 'must list at least one feature')
          .max(LIST_LIMITS.features, atMost(LIST_LIMITS.features, 'features'))
          .describe('What the plan includes, one a line.'),
        button,
        featured: z.boolean().optional().describe('true to make this plan stand out. Optional.'),
      }),
    )
    .min(1, 'must list at least one plan')
    .max(LIST_LIMITS.row, atMost(LIST_LIMITS.row, 'plans'))
    .describe('The plans, in the order shown.'),
});

export const logosSectionSchema = sectionOf(
  'logos',
  'A row of client or partner logos.',
  {
    heading,
    intro,
    items: z
      .array(
        z.strictObject({
          name: text.describe('The client\u2019s or partner\u2019s name; screen readers read it instead of the logo.'),
          image: image.describe('Their logo inside public/, best as SVG, such as /images/clients/acme.svg.'),
          href: href.optional().describe('Their website, https://... Optional.'),
        }),
      )
      .min(1, 'must list at least one logo')
      .max(LIST_LIMITS.items, atMost(LIST_LIMITS.items, 'logos'))
      .describe('The logos, in the order shown.')
      .meta({ label: 'Logos' }),
  },
  'clients',
);

export const mediaSectionSchema = sectionOf(
  'media',
  'Text beside a picture.',
  {
    heading,
    text: markdown('The text beside the picture.'),
    image,
    alt,
    side: z
      .enum(['left', 'right'], { error: 'must be left or right' })
      .optional()
      .describe('Which side the picture is on, on wide screens: left or right (the default).'),
  },
  'feature',
);

export const teamSectionSchema = sectionOf('team', 'The people behind the agency, with photos.', {
  heading,
  intro,
  items: z
    .array(
      z.strictObject({
        name: text.describe('Their name.'),
        role: text.describe('What they do, such as "Lead designer".'),
        image: image.describe('Their photo inside public/, such as /images/team/ana.jpg.'),
        alt,
      }),
    )
    .min(1, 'must list at least one person')
    .max(LIST_LIMITS.items, atMost(LIST_LIMITS.items, 'people'))
    .describe('The people, in the order shown.')
    .meta({ label: 'People' }),
});

export const proseSectionSchema = sectionOf(
  'prose',
  'A section of free text.',
  {
    heading: text.optional().describe('A heading above the text. Optional.'),
    body: markdown('The text.'),
  },
  'more',
);

export const statsSectionSchema = sectionOf(
  'stats',
  'A row of key figures, such as "150+ happy clients".',
  {
    heading,
    intro,
    items: z
      .array(
        z.strictObject({
          value: text.describe('The figure, such as 150+ or 5.0.'),
          label: text.describe('What it counts, such as "Happy Clients".'),
        }),
      )
      .min(1, 'must list at least one figure')
      .max(LIST_LIMITS.row, atMost(LIST_LIMITS.row, 'figures'))
      .describe('The figures, in the order shown.')
      .meta({ label: 'Figures' }),
  },
  'numbers',
);

export const newsSectionSchema = sectionOf('news', 'The latest news posts (content/news/), newest first.', {
  heading,
  intro,
  count: z
    .int({ error: 'must be a whole number' })
    .min(1, 'must be 1 or more')
    .max(12, 'must be at most 12')
    .describe('How many of the latest posts to show, such as 3.'),
  more: text.describe('The words of the link to all posts at /news, such as "All news".'),
});

export const listSectionSchema = sectionOf(
  'list',
  'Cards linking the pages of a folder with pages of their own, such as content/legal/, in its order.',
  {
    of: z
      .string({ error: 'must be the name of a folder of content/' })
      .regex(/^[a-z][a-z0-9-]*$/, 'must be the name of a folder of content/, such as legal')
      .describe('The folder of content/ whose pages it lists, such as legal.'),
    heading,
    intro,
    count: z
      .int({ error: 'must be a whole number' })
      .min(1, 'must be 1 or more')
      .max(LIST_LIMITS.items, `must be at most ${LIST_LIMITS.items}`)
      .optional()
      .describe('How many to show, from the first. Optional: all of them.'),
  },
);

/** The new types by name; the loader joins them with the shipped ones (hero, services, ...) into one union. */
export const sectionSchemas = {
  testimonials: testimonialsSectionSchema,
  faq: faqSectionSchema,
  cta: ctaSectionSchema,
  pricing: pricingSectionSchema,
  logos: logosSectionSchema,
  media: mediaSectionSchema,
  team: teamSectionSchema,
  prose: proseSectionSchema,
  stats: statsSectionSchema,
  news: newsSectionSchema,
  list: listSectionSchema,
};

export type SectionType = keyof typeof sectionSchemas;
