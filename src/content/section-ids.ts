/**
 * The anchors of the home page's section types, and from them the ids the layout gives its own
 * elements. Plain data with no imports at run time: the Markdown processor (and its worker threads)
 * reserves these ids, so that a heading "Contact" in about.md gets `contact-1` instead of a second
 * `id="contact"` on the page.
 */
import type { SectionType } from './sections.ts';

/** The anchor a further section type gets when it names none. */
export const SECTION_DEFAULT_IDS: Record<SectionType, string> = {
  testimonials: 'testimonials',
  faq: 'faq',
  cta: 'get-started',
  pricing: 'pricing',
  logos: 'clients',
  media: 'feature',
  team: 'team',
  prose: 'more',
  stats: 'numbers',
  news: 'news',
  // A list's anchor is its folder's name (src/content/home-sections.ts); this one only when it has none.
  list: 'list',
};

/** The shipped types' anchors: the spec's. The hero writes its id only when the editor gives one. */
export const SHIPPED_DEFAULT_IDS = {
  hero: 'hero',
  services: 'services',
  'ai-demo': 'ai-demo',
  portfolio: 'portfolio',
  about: 'about',
  contact: 'contact',
} as const;

/**
 * Ids the section templates write beyond the section's own `id` and its heading's `id-title`
 * (templates/sections/, templates/ui/ContactForm.tsx; a test reads the templates for any other).
 */
const SECTION_PART_IDS: Partial<Record<keyof typeof SHIPPED_DEFAULT_IDS | SectionType, readonly string[]>> = {
  hero: ['hero-title', 'hero-stats-title'],
  contact: [
    'contact-form',
    'contact-form-title',
    'contact-message',
    'contact-firstName',
    'contact-lastName',
    'contact-email',
    'contact-company',
  ],
};

/** Ids of the frame around every page (templates/layouts/, SiteHeader, SiteFooter). */
const PAGE_IDS = ['main', 'site-menu', 'footer-quick-links', 'footer-legal'];

/** Every id the layout may give an element of a page, sorted. */
export const LAYOUT_IDS: readonly string[] = [
  ...new Set([
    ...PAGE_IDS,
    ...Object.values({ ...SHIPPED_DEFAULT_IDS, ...SECTION_DEFAULT_IDS }).flatMap((id) => [id, `${id}-title`]),
    ...Object.values(SECTION_PART_IDS).flat(),
  ]),
].sort();
