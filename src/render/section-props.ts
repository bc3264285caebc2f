/**
 * Each section type's props, one function per type in one table, for the build (section-sources.ts) and the CMS
 * preview (src/admin/preview/home-preview.tsx) alike. Pure, and free of Node: the preview runs it in the browser.
 */
import type { HomeSection } from '../content/home.ts';
import type { SiteFile } from '../content/schema.ts';
import type {
  AltImage,
  ContactDelivery,
  ContactSectionProps,
  EntryCard,
  Link,
  NewsCard,
  PortfolioTile,
  ResponsiveImage,
  SectionPropsByType,
  SectionType,
  ServiceCard,
  Stat,
} from '../../templates/api.ts';

/** What the sections show besides their own fields, as the build or the preview has it. */
export interface SectionSources {
  newTabHint: string;
  /** A link of the site's content as the page writes it (base and URL format applied). */
  href(href: string): string;
  stats: Stat[];
  services: ServiceCard[];
  portfolio: PortfolioTile[];
  about: { title: string; html: string };
  /** The chat frame's address for the provider's page and the bot. */
  frame(url: string, botId: string): string;
  /** The latest `count` posts, when site.yaml has its news block. */
  news(count: number): { posts: NewsCard[]; readMore: string; href: string } | undefined;
  /** The cards of a folder with pages of its own. */
  cards(folder: string): EntryCard[];
  contact: SiteFile['contact'];
  delivery: ContactDelivery;
}

type SectionOf<Type extends SectionType> = Extract<HomeSection, { type: Type }>;
type MakeProps = {
  [Type in SectionType]: (section: SectionOf<Type>, from: SectionSources) => SectionPropsByType[Type];
};

const linkOf = ({ label, href }: { label: string; href: string }, from: SectionSources): Link => ({
  label,
  href: from.href(href),
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
  hero: ({ data }, from) => ({
    id: data.id,
    eyebrow: data.eyebrow,
    headline: data.headline,
    text: data.text,
    primary: linkOf(data.primary, from),
    secondary: linkOf(data.secondary, from),
    statsLabel: data.statsLabel,
    stats: from.stats,
  }),
  services: ({ id, data }, from) => ({ id, heading: data.heading, intro: data.intro, services: from.services }),
  'ai-demo': ({ id, data }, from) => ({
    id,
    heading: data.heading,
    intro: data.intro,
    frameSrc: from.frame(data.frameUrl, data.botId),
    frameTitle: data.frameTitle,
    ...(data.unavailable === undefined ? {} : { unavailable: data.unavailable }),
    provider: { label: data.provider.label, href: data.provider.url },
    newTabHint: from.newTabHint,
  }),
  portfolio: ({ id, data }, from) => ({
    id,
    heading: data.heading,
    intro: data.intro,
    items: from.portfolio,
    more: { label: data.more.label, href: data.more.url },
    newTabHint: from.newTabHint,
  }),
  about: ({ id }, from) => ({ id, heading: from.about.title, html: from.about.html }),
  contact: (section, from) => createContactProps(section, from),
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
  cta: ({ id, data }, from) => ({
    id,
    heading: data.heading,
    text: data.text,
    button: linkOf(data.button, from),
    newTabHint: from.newTabHint,
  }),
  pricing: ({ id, data }, from) => ({
    id,
    heading: data.heading,
    intro: data.intro,
    plans: data.plans.map((plan) => ({
      name: plan.name,
      price: plan.price,
      period: plan.period,
      features: plan.features,
      button: linkOf(plan.button, from),
      featured: plan.featured ?? false,
    })),
    newTabHint: from.newTabHint,
  }),
  logos: (section, from) => ({
    id: section.id,
    heading: section.data.heading,
    intro: section.data.intro,
    items: section.data.items.map(({ name, image, href }) => ({
      name,
      image: pictureOf(section, image),
      href: href === undefined ? undefined : from.href(href),
    })),
    newTabHint: from.newTabHint,
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
  news: ({ id, data }, from) => {
    const news = from.news(data.count)!;
    return {
      id,
      heading: data.heading,
      intro: data.intro,
      posts: news.posts,
      readMore: news.readMore,
      more: { label: data.more, href: news.href },
    };
  },
  list: ({ id, data }, from) => ({
    id,
    heading: data.heading,
    intro: data.intro,
    items: from.cards(data.of).slice(0, data.count),
  }),
};

/** The props of a section's component. */
export function sectionProps(section: HomeSection, from: SectionSources): SectionPropsByType[SectionType] {
  return (SECTION_PROPS[section.type] as (section: HomeSection, from: SectionSources) => never)(section, from);
}

/** The contact section: its copy from home.yaml, its addresses and form from site.yaml. */
function createContactProps({ id, data }: SectionOf<'contact'>, from: SectionSources): ContactSectionProps {
  const { email, whatsapp, form } = from.contact;
  const action = ({ label, href }: { label: string; href?: string }) => ({
    label,
    href: href ? from.href(href) : undefined,
  });
  const { heading, firstName, lastName, email: emailLabel, company, optional, message } = form;
  const { submit, mailNote, sending, sent, failed, trap } = form;
  return {
    id,
    contact: {
      heading: data.heading,
      intro: data.intro,
      email: { ...email, href: `mailto:${email.address}` },
      whatsapp: {
        label: whatsapp.label,
        display: whatsapp.display,
        href: `https://wa.me/${whatsapp.number.replace(/\D/g, '')}`,
      },
      primaryAction: action(data.primaryAction),
      secondaryAction: action(data.secondaryAction),
      form: {
        ...{ heading, firstName, lastName, email: emailLabel, company, optional, message },
        ...{ submit, mailNote, sending, sent, failed, trap },
      },
      delivery: from.delivery,
    },
    newTabHint: from.newTabHint,
  };
}
