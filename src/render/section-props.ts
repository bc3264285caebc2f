/**
 * createHomeSections: the sections of home.yaml (src/content/home-sections.ts) -> the props of each
 * section's component, in order. One function per type in one table, so a new type is one entry
 * here beside its schema and its template. Links are resolved, Markdown is HTML, images are
 * <picture> sources. Pure.
 */
import type { HomeSection } from '../content/home.ts';
import { ENTRY_KIND_NAMES, entryPath, KINDS, type Site } from '../content/kinds.ts';
import { entriesOf, type UrlPolicy } from '../site/routes.ts';
import type {
  AltImage,
  ContactDelivery,
  ContactFormCopy,
  ContactSectionProps,
  EntryCard,
  HomeSectionElement,
  Link,
  ResponsiveImage,
  SectionPropsByType,
  SectionType,
} from '../../templates/api.ts';
import type { SiteImages } from '../images/pictures.ts';
import type { ScheduledPost } from '../news/schedule.ts';
import { createNewsSectionProps } from './news-props.ts';

export interface SectionInput {
  site: Site;
  urls: UrlPolicy;
  images: SiteImages;
}

type SectionOf<Type extends SectionType> = Extract<HomeSection, { type: Type }>;
type MakeProps = { [Type in SectionType]: (section: SectionOf<Type>, input: SectionInput) => SectionPropsByType[Type] };

const linkOf = ({ label, href }: { label: string; href: string }, urls: UrlPolicy): Link => ({
  label,
  href: urls.href(href),
});

/** A Markdown field's HTML (its links went through the URL policy where its images were placed, src/images/place.ts). */
function htmlOf(section: HomeSection, path: string): string {
  return section.html[path] ?? '';
}

function pictureOf(section: HomeSection, src: string): ResponsiveImage {
  const picture = section.pictures?.[src];
  if (!picture) throw new Error(`createHomeSections: the image ${src} of section "${section.id}" was never made`);
  return picture;
}

function altImage(section: HomeSection, src: string, alt: string): AltImage {
  return { image: pictureOf(section, src), alt };
}

const SECTION_PROPS: MakeProps = {
  hero: ({ data }, { site, urls }) => ({
    id: data.id,
    eyebrow: data.eyebrow,
    headline: data.headline,
    text: data.text,
    primary: linkOf(data.primary, urls),
    secondary: linkOf(data.secondary, urls),
    statsLabel: data.statsLabel,
    stats: site.stats.map(({ value, label }) => ({ value, label })),
  }),
  services: ({ id, data }, { site }) => ({
    id,
    heading: data.heading,
    intro: data.intro,
    services: site.services.map(({ slug, title, icon, html, features }) => ({ slug, title, icon, html, features })),
  }),
  'ai-demo': ({ id, data }, { site }) => {
    const frame = new URL(data.frameUrl);
    frame.searchParams.set('bot_id', data.botId);
    return {
      id,
      heading: data.heading,
      intro: data.intro,
      frameSrc: frame.href,
      frameTitle: data.frameTitle,
      ...(data.unavailable === undefined ? {} : { unavailable: data.unavailable }),
      provider: { label: data.provider.label, href: data.provider.url },
      newTabHint: site.settings.newTabHint,
    };
  },
  portfolio: ({ id, data }, { site, images }) => ({
    id,
    heading: data.heading,
    intro: data.intro,
    items: site.portfolio.map(({ slug, title, category, alt }) => ({
      slug,
      title,
      category,
      alt,
      image: images.portfolio[slug]!,
    })),
    more: { label: data.more.label, href: data.more.url },
    newTabHint: site.settings.newTabHint,
  }),
  about: ({ id }, { site }) => ({ id, heading: site.about.title, html: site.about.html }),
  contact: (section, { site, urls }) => createContactProps(section, site, urls),
  testimonials: (section) => ({
    id: section.id,
    heading: section.data.heading,
    intro: section.data.intro,
    items: section.data.items.map(({ quote, name, role, image, alt }) => ({
      quote,
      name,
      role,
      photo: image && alt ? altImage(section, image, alt) : undefined,
    })),
  }),
  faq: (section) => ({
    id: section.id,
    heading: section.data.heading,
    intro: section.data.intro,
    items: section.data.items.map(({ question }, index) => ({
      question,
      html: htmlOf(section, `items.${index}.answer`),
    })),
  }),
  cta: ({ id, data }, { site, urls }) => ({
    id,
    heading: data.heading,
    text: data.text,
    button: linkOf(data.button, urls),
    newTabHint: site.settings.newTabHint,
  }),
  pricing: ({ id, data }, { site, urls }) => ({
    id,
    heading: data.heading,
    intro: data.intro,
    plans: data.plans.map((plan) => ({
      name: plan.name,
      price: plan.price,
      period: plan.period,
      features: plan.features,
      button: linkOf(plan.button, urls),
      featured: plan.featured ?? false,
    })),
    newTabHint: site.settings.newTabHint,
  }),
  logos: (section, { site, urls }) => ({
    id: section.id,
    heading: section.data.heading,
    intro: section.data.intro,
    items: section.data.items.map(({ name, image, href }) => ({
      name,
      image: pictureOf(section, image),
      href: href === undefined ? undefined : urls.href(href),
    })),
    newTabHint: site.settings.newTabHint,
  }),
  media: (section) => ({
    id: section.id,
    heading: section.data.heading,
    html: htmlOf(section, 'text'),
    picture: altImage(section, section.data.image, section.data.alt),
    side: section.data.side ?? 'right',
  }),
  team: (section) => ({
    id: section.id,
    heading: section.data.heading,
    intro: section.data.intro,
    items: section.data.items.map(({ name, role, image, alt }) => ({
      name,
      role,
      photo: altImage(section, image, alt),
    })),
  }),
  prose: (section) => ({
    id: section.id,
    heading: section.data.heading,
    html: htmlOf(section, 'body'),
  }),
  stats: ({ id, data }) => ({
    id,
    heading: data.heading,
    intro: data.intro,
    items: data.items.map(({ value, label }) => ({ value, label })),
  }),
  // site.yaml's news block is there whenever a post is (src/news/settings.ts), and the section needs a post.
  news: ({ id, data }, { site, urls }) =>
    createNewsSectionProps({ id, ...data }, site.news as ScheduledPost[], site.settings.news!, {
      language: site.settings.language,
      urls,
    }),
  list: ({ id, data }, { site, urls }) => ({
    id,
    heading: data.heading,
    intro: data.intro,
    // checkHomeSections made sure `of` is a folder that has cards.
    items: createEntryCards(site, urls)[data.of]!.slice(0, data.count),
  }),
};

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

export function createHomeSections(input: SectionInput): HomeSectionElement[] {
  return input.site.home.sections.map((section) => {
    const make = SECTION_PROPS[section.type] as (section: HomeSection, input: SectionInput) => unknown;
    return { type: section.type, key: section.id, props: make(section, input) } as HomeSectionElement;
  });
}

function createContactFormCopy(form: Site['settings']['contact']['form']): ContactFormCopy {
  const { heading, firstName, lastName, email, company, optional, message } = form;
  const { submit, mailNote, sending, sent, failed, trap } = form;
  return {
    heading,
    firstName,
    lastName,
    email,
    company,
    optional,
    message,
    submit,
    mailNote,
    sending,
    sent,
    failed,
    trap,
  };
}

/** A site path is a file-like address on this host: base prefixed, no trailing slash added. */
function createContactDelivery(form: Site['settings']['contact']['form'], urls: UrlPolicy): ContactDelivery {
  if (form.endpoint)
    return { mode: 'endpoint', action: form.endpoint.startsWith('/') ? urls.asset(form.endpoint) : form.endpoint };
  if (form.netlify) return { mode: 'netlify', action: urls.href(form.successPage) };
  return { mode: 'mail', subject: form.subject };
}

/** The contact section: its copy from home.yaml, its addresses and form from site.yaml. */
function createContactProps({ id, data }: SectionOf<'contact'>, site: Site, urls: UrlPolicy): ContactSectionProps {
  const { contact, newTabHint } = site.settings;
  const action = ({ label, href }: { label: string; href?: string }) => ({
    label,
    href: href ? urls.href(href) : undefined,
  });
  return {
    id,
    contact: {
      heading: data.heading,
      intro: data.intro,
      email: { ...contact.email, href: `mailto:${contact.email.address}` },
      whatsapp: {
        label: contact.whatsapp.label,
        display: contact.whatsapp.display,
        href: `https://wa.me/${contact.whatsapp.number.replace(/\D/g, '')}`,
      },
      primaryAction: action(data.primaryAction),
      secondaryAction: action(data.secondaryAction),
      form: createContactFormCopy(contact.form),
      delivery: createContactDelivery(contact.form, urls),
    },
    newTabHint,
  };
}
