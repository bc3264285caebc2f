/**
 * The shipped section types of home.yaml (hero, services, ai-demo, portfolio, about, contact) and
 * the news section, drawn by the site's components. What they show from other files (stats.yaml,
 * the services, the portfolio, about.md, the posts, site.yaml's contact block) comes from the
 * build through PreviewData; what home.yaml holds comes from the entry being edited.
 */
import type { ReactElement } from 'react';
import { AboutSection } from '../../../templates/sections/AboutSection.tsx';
import { AiDemoSection } from '../../../templates/sections/AiDemoSection.tsx';
import { ContactSection } from '../../../templates/sections/ContactSection.tsx';
import { HeroSection } from '../../../templates/sections/HeroSection.tsx';
import { NewsSection } from '../../../templates/sections/NewsSection.tsx';
import { PortfolioSection } from '../../../templates/sections/PortfolioSection.tsx';
import { ServicesSection } from '../../../templates/sections/ServicesSection.tsx';
import type { ContactAction, ContactSectionProps } from '../../../templates/api.ts';
import type { PreviewData } from './data.ts';
import { commonOf, type Fields, fieldsOf, linkOf, optional, text } from './section-fields.ts';

/**
 * The chat frame stays blank: the admin page's policy lets frames load only from the site, and
 * the provider's page would answer every keystroke with a request.
 */
const BLANK_FRAME = 'about:blank';

export function shippedDrawers(data: PreviewData) {
  const { newTabHint } = data.settings;
  const { entries } = data;
  return {
    hero: (section: Fields) => (
      <HeroSection
        id={optional(section.id)}
        eyebrow={optional(section.eyebrow)}
        headline={text(section.headline)}
        text={text(section.text)}
        primary={linkOf(data, section.primary)}
        secondary={linkOf(data, section.secondary)}
        statsLabel={text(section.statsLabel)}
        stats={data.stats.map(({ value, label }) => ({ value, label }))}
      />
    ),
    services: (section: Fields) => (
      <ServicesSection
        {...commonOf(data, section, 'services')}
        intro={text(section.intro)}
        services={entries.services}
      />
    ),
    'ai-demo': (section: Fields) => (
      <AiDemoSection
        {...commonOf(data, section, 'ai-demo')}
        intro={text(section.intro)}
        frameSrc={BLANK_FRAME}
        frameTitle={text(section.frameTitle)}
        provider={linkOf(data, section.provider, 'url')}
        newTabHint={newTabHint}
      />
    ),
    portfolio: (section: Fields) => (
      <PortfolioSection
        {...commonOf(data, section, 'portfolio')}
        intro={text(section.intro)}
        items={entries.portfolio}
        more={linkOf(data, section.more, 'url')}
        newTabHint={newTabHint}
      />
    ),
    about: (section: Fields) => (
      <AboutSection id={commonOf(data, section, 'about').id} heading={entries.about.title} html={entries.about.html} />
    ),
    contact: (section: Fields) => <ContactSection {...contactOf(data, section)} />,
    news: (section: Fields) => {
      const news = entries.news;
      if (!news) return <p className="container">{'site.yaml has no news: block, which the news section needs.'}</p>;
      const count = typeof section.count === 'number' && section.count > 0 ? section.count : 3;
      return (
        <NewsSection
          {...commonOf(data, section, 'news')}
          posts={news.posts.slice(0, count)}
          readMore={news.readMore}
          more={{ label: text(section.more), href: news.href }}
        />
      );
    },
  } satisfies Record<string, (section: Fields) => ReactElement>;
}

/** The contact section: its copy from the entry, its addresses and form from site.yaml. */
function contactOf(data: PreviewData, section: Fields): ContactSectionProps {
  const { contact, newTabHint } = data.settings;
  const action = (value: unknown): ContactAction => {
    const fields = fieldsOf(value);
    const href = optional(fields.href);
    return { label: text(fields.label), href: href === undefined ? undefined : linkOf(data, fields).href };
  };
  return {
    id: commonOf(data, section, 'contact').id,
    contact: {
      heading: text(section.heading),
      intro: text(section.intro),
      email: { ...contact.email, href: `mailto:${contact.email.address}` },
      whatsapp: {
        label: contact.whatsapp.label,
        display: contact.whatsapp.display,
        href: `https://wa.me/${contact.whatsapp.number.replace(/\D/g, '')}`,
      },
      primaryAction: action(section.primaryAction),
      secondaryAction: action(section.secondaryAction),
      form: contact.form,
      // The preview never sends: the mail app's form is the one with nothing hidden.
      delivery: { mode: 'mail', subject: contact.form.subject },
    },
    newTabHint,
  };
}
