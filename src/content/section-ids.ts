/**
 * The ids the layout gives its own elements, which the Markdown processor (and its workers) reserves, so that a
 * heading "Contact" in about.md gets `contact-1` instead of a second `id="contact"` on the page.
 */
import { HOME_DEFAULT_IDS, type HomeSectionType } from './home.ts';

/** Ids the section templates write beyond their own `id` and `id-title`; a test reads templates/ for any not here. */
const SECTION_PART_IDS: Partial<Record<HomeSectionType, readonly string[]>> = {
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
    ...Object.values(HOME_DEFAULT_IDS).flatMap((id) => [id, `${id}-title`]),
    ...Object.values(SECTION_PART_IDS).flat(),
  ]),
].sort();
