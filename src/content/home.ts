/**
 * content/home.yaml: the home page as `sections:`, an ordered list of typed blocks (the shipped types here, the further
 * ones in sections.ts). All join one union on `type`, so a wrong type or field is an error at its line with the
 * nearest name; home-sections.ts makes each HomeSection, a section as the page shows it.
 */
import { z } from 'zod';
import type { ProcessedImage } from '../images/processed-image.ts';
import { atMost, href, LIST_LIMITS, text, webUrl } from './fields.ts';
import type { Image } from './schema.ts';
import type { DataPath } from './yaml.ts';
import { anchorOf, sectionOf, sectionSchemas } from './sections.ts';

const heading = text.describe('The section\u2019s heading, shown large above it.');
const intro = text.describe('One or two sentences under the heading.');

const link = (what: string) =>
  z
    .strictObject({
      label: text.describe('The words on the button: say where it leads.'),
      href: href.describe('Where it leads: #section, /page, /#section, https://... or mailto:...'),
    })
    .describe(what);

const webLink = (what: string) =>
  z
    .strictObject({
      label: text.describe('The words on the button.'),
      url: webUrl.describe('The address it opens in a new tab, starting with https://.'),
    })
    .describe(what);

const action = (what: string) =>
  z
    .strictObject({
      label: text.describe('The words on the button.'),
      href: href.optional().describe('Where it leads. Optional: without it, the button leads where the text says.'),
    })
    .describe(what);

export const heroSectionSchema = sectionOf(
  'hero',
  'The top of the page: headline, buttons and the figures of stats.yaml.',
  {
    eyebrow: text.optional().describe('A short line above the headline, such as what the studio does. Optional.'),
    headline: text.describe('The page\u2019s main heading: the first thing visitors read.'),
    text: text.describe('A sentence or two under the headline.'),
    primary: link('The main button under the headline.'),
    secondary: link('The second, quieter button beside it.'),
    statsLabel: text.describe('Names the figures of stats.yaml for screen readers; not shown on screen.'),
  },
);

export const servicesSectionSchema = sectionOf('services', 'The services of content/services/, as cards.', {
  heading,
  intro,
});

export const aiDemoSectionSchema = sectionOf('ai-demo', 'A live chat assistant in a frame, from the chat provider.', {
  heading,
  intro,
  frameUrl: webUrl.describe('The chat provider\u2019s embed address, starting with https://.'),
  botId: z
    .string()
    .regex(/^[\w-]+$/, 'must be letters, digits, - or _')
    .describe('Which assistant the frame shows, as the chat provider names it.'),
  frameTitle: text.describe(
    'Names the chat frame for screen readers; also the title of its placeholder while it loads.',
  ),
  unavailable: text
    .optional()
    .describe(
      'Shown in place of the chat when it cannot load (offline, or blocked by a firewall or an extension), above the provider\u2019s button. Optional.',
    ),
  provider: webLink('The button to the chat provider\u2019s site.'),
});

export const portfolioSectionSchema = sectionOf(
  'portfolio',
  'The tiles of content/portfolio/, with a link to more work.',
  {
    heading,
    intro,
    more: webLink('The button to the full portfolio.'),
  },
);

export const aboutSectionSchema = sectionOf('about', 'The text of content/about.md, under its title.', {});

export const contactSectionSchema = sectionOf(
  'contact',
  'Email, WhatsApp and the contact form (their settings are under contact: in site.yaml).',
  {
    heading,
    intro,
    primaryAction: action('The first button ("Get Started Today"); without href it leads to the form.'),
    secondaryAction: action('The second button ("Schedule a Call"); without href it opens the WhatsApp chat.'),
  },
);

/** The types the shipped page is made of, in the spec's order. */
export const shippedSectionSchemas = {
  hero: heroSectionSchema,
  services: servicesSectionSchema,
  'ai-demo': aiDemoSectionSchema,
  portfolio: portfolioSectionSchema,
  about: aboutSectionSchema,
  contact: contactSectionSchema,
};

/** Every section type an editor may write in home.yaml, by its `type`. */
export const homeSectionSchemas = { ...shippedSectionSchemas, ...sectionSchemas };

export type HomeSectionType = keyof typeof homeSectionSchemas;
export type HomeSectionData = z.infer<(typeof homeSectionSchemas)[HomeSectionType]>;

/** The anchor each type gets when the editor names none. The hero's is the page's top: it writes none. */
export const HOME_DEFAULT_IDS = Object.fromEntries(
  Object.entries(homeSectionSchemas).map(([type, schema]) => [type, anchorOf(schema)]),
) as Record<HomeSectionType, string>;

/** Types a page shows once: the hero holds the page's only h1, and the contact form and its buttons have fixed ids. */
export const ONCE_TYPES: ReadonlySet<HomeSectionType> = new Set(['hero', 'contact']);

const [first, ...rest] = Object.values(homeSectionSchemas);

export const homeSectionSchema = z.discriminatedUnion('type', [first!, ...rest]);

export const homeSchema = z.strictObject({
  sections: z
    .array(homeSectionSchema)
    .min(1, 'must list at least one section')
    .max(LIST_LIMITS.sections, atMost(LIST_LIMITS.sections, 'sections'))
    .describe(
      'The home page\u2019s sections, top to bottom. Add one by its type; drag a section by its handle to move it.',
    ),
});

export type HomeContent = z.infer<typeof homeSchema>;

type DataOf<Type extends HomeSectionType> = z.infer<(typeof homeSectionSchemas)[Type]>;

/** A section ready for the page: its anchor, its Markdown fields as HTML, its images by src. */
export type HomeSection = {
  [Type in HomeSectionType]: {
    type: Type;
    id: string;
    data: DataOf<Type>;
    /** The HTML of each Markdown field, by its path inside the section ("items.0.answer"). */
    html: Readonly<Record<string, string>>;
    /** Each image the section names, by src, with its size; processed into pictures by the build. */
    images: Readonly<Record<string, Image>>;
    /** The processed pictures, by src, once the build has made them (src/images/place.ts). */
    pictures?: Readonly<Record<string, ProcessedImage>>;
  };
}[HomeSectionType];

/** What the home page shows, in order. */
export interface HomePageContent {
  sections: HomeSection[];
}

/** Field kinds a section's schema marks with `.meta({ content })`. */
type FieldContent = 'markdown' | 'image';

/** The paths and values of a section's fields of one content kind, walking its schema and data together. */
export function fieldsOf(section: HomeSectionData, content: FieldContent): Array<{ path: DataPath; value: string }> {
  const found: Array<{ path: DataPath; value: string }> = [];
  const visit = (schema: z.ZodType, data: unknown, path: PropertyKey[]) => {
    if (data === undefined) return;
    if (schema instanceof z.ZodOptional) return visit(schema.unwrap() as z.ZodType, data, path);
    if (schema.meta()?.content === content && typeof data === 'string') found.push({ path, value: data });
    else if (schema instanceof z.ZodArray && Array.isArray(data))
      for (const [index, item] of data.entries()) visit(schema.element as z.ZodType, item, [...path, index]);
    else if (schema instanceof z.ZodObject && typeof data === 'object' && data !== null)
      for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>))
        visit(field, (data as Record<string, unknown>)[name], [...path, name]);
  };
  visit(homeSectionSchemas[section.type] as z.ZodType, section, []);
  return found;
}

export function sectionId(section: HomeSectionData): string {
  return section.id ?? (section.type === 'list' ? section.of : HOME_DEFAULT_IDS[section.type]);
}
