/**
 * createHomeSections: the sections of home.yaml -> the props of each section's component, in order, made by the one
 * table of src/render/section-props.ts from the site, its URL policy and its images.
 */
import { ENTRY_KIND_NAMES, entryPath, KINDS, type Site } from '../content/kinds.ts';
import { entriesOf, type UrlPolicy } from '../site/routes.ts';
import type { ContactDelivery, EntryCard, HomeSectionElement } from '../../templates/api.ts';
import type { SiteImages } from '../images/pictures.ts';
import type { ScheduledPost } from '../news/schedule.ts';
import { newsListPath } from '../site/news-routes.ts';
import { createNewsCards } from './news-props.ts';
import { sectionProps, type SectionSources } from './section-props.ts';

export interface SectionInput {
  site: Site;
  urls: UrlPolicy;
  images: SiteImages;
}

export function createHomeSections(input: SectionInput): HomeSectionElement[] {
  const from = sourcesOf(input);
  return input.site.home.sections.map(
    (section) => ({ type: section.type, key: section.id, props: sectionProps(section, from) }) as HomeSectionElement,
  );
}

function sourcesOf({ site, urls, images }: SectionInput): SectionSources {
  const { settings } = site;
  return {
    newTabHint: settings.newTabHint,
    href: (href) => urls.href(href),
    stats: site.stats.map(({ value, label }) => ({ value, label })),
    services: site.services.map(({ slug, title, icon, html, features }) => ({ slug, title, icon, html, features })),
    portfolio: site.portfolio.map(({ slug, title, category, alt }) => ({
      slug,
      title,
      category,
      alt,
      image: images.portfolio[slug]!,
    })),
    about: site.about,
    frame(url, botId) {
      const frame = new URL(url);
      frame.searchParams.set('bot_id', botId);
      return frame.href;
    },
    news: (count) =>
      settings.news && {
        posts: createNewsCards((site.news as ScheduledPost[]).slice(0, count), settings.news, settings.language, urls),
        readMore: settings.news.readMore,
        href: urls.href(newsListPath(1)),
      },
    // checkHomeSections made sure a list section's folder has cards.
    cards: (folder) => createEntryCards(site, urls)[folder] ?? [],
    contact: settings.contact,
    delivery: createContactDelivery(settings.contact.form, urls),
  };
}

/** The cards of each shared folder with pages of its own, by folder name: what a list section may show. */
export function createEntryCards(site: Site, urls: Pick<UrlPolicy, 'href'>): Record<string, EntryCard[]> {
  return Object.fromEntries(
    ENTRY_KIND_NAMES.flatMap((name) => {
      const kind = KINDS[name];
      if (!kind.shared) return [];
      const cards = entriesOf(name, site, []).map(({ slug, title, description }) => ({
        title,
        description,
        href: urls.href(entryPath(kind, slug)),
      }));
      return [[kind.folder, cards]];
    }),
  );
}

/** A site path is a file-like address on this host: base prefixed, no trailing slash added. */
function createContactDelivery(form: Site['settings']['contact']['form'], urls: UrlPolicy): ContactDelivery {
  if (form.endpoint)
    return { mode: 'endpoint', action: form.endpoint.startsWith('/') ? urls.asset(form.endpoint) : form.endpoint };
  if (form.netlify) return { mode: 'netlify', action: urls.href(form.successPage) };
  return { mode: 'mail', subject: form.subject };
}
