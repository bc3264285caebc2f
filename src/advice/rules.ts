/**
 * The content-advice rules: what each one looks for, and the thresholds it uses, each with why
 * and where the figure comes from. Plain data: the schema (switches), the rules and the report
 * read it; nothing here runs a rule.
 */
import type { AdviceCode as CatalogueAdviceCode } from '../errors.ts';

export interface Threshold {
  value: number;
  /** One line: why this figure. */
  why: string;
  /** The published guidance it follows. */
  source: string;
}

export interface Rule {
  /** The warning's code: the rule's name in PascalCase. */
  code: CatalogueAdviceCode;
  /** What the rule looks for, in a few words (help texts, the report). */
  summary: string;
  thresholds: Record<string, Threshold>;
}

const GOOGLE_TITLES = 'Google Search Central, "Influencing your title links in search results"';
const GOOGLE_SNIPPETS = 'Google Search Central, "Control your snippets in search results" (meta descriptions)';

export const RULES = {
  'title-length': {
    code: 'TitleLength',
    summary: 'page title (as the search result shows it, with the site name) too short or too long',
    thresholds: {
      min: {
        value: 30,
        why: 'a shorter title wastes the one line a search result gives and rarely says what the page offers',
        source: `${GOOGLE_TITLES}; Yoast SEO's title length check`,
      },
      max: {
        value: 60,
        why: 'search results cut titles at about 600 px, which is about 60 characters',
        source: `${GOOGLE_TITLES}; Moz, "Title tag"`,
      },
    },
  },
  'description-length': {
    code: 'DescriptionLength',
    summary: 'meta description missing, too short or too long',
    thresholds: {
      min: {
        value: 70,
        why: 'a short description leaves the snippet to text the search engine picks from the page',
        source: GOOGLE_SNIPPETS,
      },
      max: {
        value: 160,
        why: 'snippets are cut at about 920 px on desktop, about 155 to 160 characters',
        source: `${GOOGLE_SNIPPETS}; Moz, "Meta description"`,
      },
    },
  },
  'duplicate-title': {
    code: 'DuplicateTitle',
    summary: 'two pages with the same title',
    thresholds: {},
  },
  'duplicate-description': {
    code: 'DuplicateDescription',
    summary: 'two pages with the same description',
    thresholds: {},
  },
  'heading-skip': {
    code: 'HeadingSkip',
    summary: 'a heading more than one level below the one before it (h2 then h4)',
    thresholds: {
      step: {
        value: 1,
        why: 'screen-reader users move by heading level; a skipped level reads as a missing section',
        source: 'WCAG 2.2, 1.3.1 Info and Relationships and 2.4.6 Headings and Labels; W3C WAI tutorial "Headings"',
      },
    },
  },
  'second-h1': {
    code: 'SecondH1',
    summary: 'more than one h1 on a page',
    thresholds: {
      h1: {
        value: 1,
        why: 'the h1 names the page; a second one leaves people and search engines guessing which',
        source: 'W3C WAI tutorial "Headings" (page structure); WCAG 2.4.6 Headings and Labels',
      },
    },
  },
  'vague-link-text': {
    code: 'VagueLinkText',
    summary: 'a link whose text is empty or says nothing on its own ("click here", "read more")',
    thresholds: {},
  },
  'ambiguous-link-text': {
    code: 'AmbiguousLinkText',
    summary: 'the same link text for different targets on one page',
    thresholds: {},
  },
  'alt-missing': {
    code: 'AltMissing',
    summary: 'an image without alt text',
    thresholds: {},
  },
  'alt-length': {
    code: 'AltLength',
    summary: 'alt text longer than a screen reader reads comfortably',
    thresholds: {
      max: {
        value: 125,
        why: 'long alt text is read in one breath and cannot be paused; put detail in the text around the image',
        source:
          'the common 125-character convention (older JAWS versions cut alt text there); WebAIM, "Alternative Text"',
      },
    },
  },
  'alt-redundant': {
    code: 'AltRedundant',
    summary: 'alt text that says "image of", "picture of" or is the file name',
    thresholds: {},
  },
  'image-file-size': {
    code: 'ImageFileSize',
    summary: 'a source image in public/ far heavier than any size the site serves',
    thresholds: {
      max: {
        value: 2 * 1024 * 1024,
        why: 'the site serves artwork at most 800 px wide (src/images/pipeline.ts); a heavier source slows builds, the repository and any page that links it directly',
        source: 'web.dev, "Serve images with correct dimensions" and Lighthouse\'s "Properly size images"',
      },
    },
  },
  'image-dimensions': {
    code: 'ImageDimensions',
    summary: 'a source image in public/ wider or taller than any size the site serves',
    thresholds: {
      max: {
        value: 4000,
        why: 'even twice the widest layout on a high-density screen is far below 4000 px; more is pixels nobody sees',
        source: 'web.dev, "Serve responsive images"',
      },
    },
  },
  'plain-email': {
    code: 'PlainEmail',
    summary: 'an email address written as plain text instead of a mailto: link',
    thresholds: {},
  },
  'plain-phone': {
    code: 'PlainPhone',
    summary: 'a phone number written as plain text instead of a tel: link',
    thresholds: {
      digits: {
        value: 7,
        why: 'fewer digits are more often a figure (a price, a year, an order number) than a phone number',
        source: 'ITU-T E.164 (numbers of up to 15 digits); RFC 3966 (tel: URIs)',
      },
    },
  },
} as const satisfies Record<string, Rule>;

export type RuleName = keyof typeof RULES;
export type AdviceCode = (typeof RULES)[RuleName]['code'];

export const RULE_NAMES = Object.keys(RULES) as RuleName[];

/** Link texts that say nothing about where the link goes (WCAG 2.4.4 Link Purpose; Google's SEO Starter Guide, "Write good link text"). */
export const VAGUE_LINK_TEXTS: ReadonlySet<string> = new Set([
  'click here',
  'click',
  'here',
  'read more',
  'more',
  'learn more',
  'link',
  'this link',
  'this',
  'this page',
  'go',
  'continue',
  'details',
  'more info',
  'info',
]);

/** Openings of alt text that repeat what a screen reader already says ("image"). */
export const REDUNDANT_ALT_OPENINGS =
  /^(an? )?(image|picture|photo|photograph|graphic|screenshot|pic)( of| showing)?\b/i;

export function threshold(rule: RuleName, name: string): number {
  return (RULES[rule].thresholds as Record<string, Threshold>)[name]!.value;
}
