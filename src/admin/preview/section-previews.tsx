/**
 * A home-page section as the CMS holds it (`type`, `id`, the type's fields, some half-typed)
 * drawn by the site's component for its type: Markdown fields become HTML, images pictures,
 * links get the base. The shipped types are in shipped-sections.tsx. A type this preview does not
 * know (one added after it) shows its name.
 */
import type { ReactElement } from 'react';
import { CtaSection } from '../../../templates/sections/CtaSection.tsx';
import { FaqSection } from '../../../templates/sections/FaqSection.tsx';
import { ListSection } from '../../../templates/sections/ListSection.tsx';
import { LogosSection } from '../../../templates/sections/LogosSection.tsx';
import { MediaSection } from '../../../templates/sections/MediaSection.tsx';
import { PricingSection } from '../../../templates/sections/PricingSection.tsx';
import { ProseSection } from '../../../templates/sections/ProseSection.tsx';
import { StatsSection } from '../../../templates/sections/StatsSection.tsx';
import { TeamSection } from '../../../templates/sections/TeamSection.tsx';
import { TestimonialsSection } from '../../../templates/sections/TestimonialsSection.tsx';
import type { HomeSectionType } from '../../content/home.ts';
import type { AltImage } from '../../../templates/api.ts';
import { renderMarkdown } from './preview-markdown.ts';
import { type PreviewData, previewImage } from './data.ts';
import { commonOf, type Fields, items, linkOf, optional, text } from './section-fields.ts';
import { shippedDrawers } from './shipped-sections.tsx';

type Draw = (section: Fields) => ReactElement;

/** Every type of homeSectionSchemas with its drawer: a type without one does not compile. */
export function createDrawers(data: PreviewData): Record<HomeSectionType, Draw> {
  return { ...shippedDrawers(data), ...listDrawers(data), ...blockDrawers(data) };
}

/** What the newer section types are drawn with: the site's settings and images, by the preview's data. */
function drawingTools(data: PreviewData) {
  return {
    newTabHint: data.settings.newTabHint,
    link: (value: unknown) => linkOf(data, value),
    picture: (image: unknown, alt: unknown): AltImage => ({ image: previewImage(data, text(image)), alt: text(alt) }),
    common: (section: Fields, type: string) => commonOf(data, section, type),
  };
}

/** The newer types that show a list of items. */
function listDrawers(data: PreviewData) {
  const { newTabHint, link, picture, common } = drawingTools(data);
  return {
    testimonials: (section: Fields) => (
      <TestimonialsSection
        {...common(section, 'testimonials')}
        items={items(section.items).map((item) => ({
          quote: text(item.quote),
          name: text(item.name),
          role: optional(item.role),
          photo: optional(item.image) ? picture(item.image, item.alt) : undefined,
        }))}
      />
    ),
    faq: (section: Fields) => (
      <FaqSection
        {...common(section, 'faq')}
        items={items(section.items).map((item) => ({
          question: text(item.question),
          html: renderMarkdown(item.answer),
        }))}
      />
    ),
    pricing: (section: Fields) => (
      <PricingSection
        {...common(section, 'pricing')}
        plans={items(section.plans).map((plan) => ({
          name: text(plan.name),
          price: text(plan.price),
          period: optional(plan.period),
          features: Array.isArray(plan.features) ? plan.features.map(text) : [],
          button: link(plan.button),
          featured: plan.featured === true,
        }))}
        newTabHint={newTabHint}
      />
    ),
    logos: (section: Fields) => (
      <LogosSection
        {...common(section, 'logos')}
        items={items(section.items).map((item) => ({
          name: text(item.name),
          image: previewImage(data, text(item.image)),
          href: optional(item.href),
        }))}
        newTabHint={newTabHint}
      />
    ),
    team: (section: Fields) => (
      <TeamSection
        {...common(section, 'team')}
        items={items(section.items).map((item) => ({
          name: text(item.name),
          role: text(item.role),
          photo: picture(item.image, item.alt),
        }))}
      />
    ),
  } satisfies Record<string, Draw>;
}

/** The newer types that show one block: a call to action, a picture with text, prose, figures. */
function blockDrawers(data: PreviewData) {
  const { newTabHint, link, picture, common } = drawingTools(data);
  return {
    cta: (section: Fields) => (
      <CtaSection
        {...common(section, 'cta')}
        text={optional(section.text)}
        button={link(section.button)}
        newTabHint={newTabHint}
      />
    ),
    media: (section: Fields) => (
      <MediaSection
        {...common(section, 'media')}
        html={renderMarkdown(section.text)}
        picture={picture(section.image, section.alt)}
        side={section.side === 'left' ? 'left' : 'right'}
      />
    ),
    prose: (section: Fields) => (
      <ProseSection
        id={common(section, 'prose').id}
        heading={optional(section.heading)}
        html={renderMarkdown(section.body)}
      />
    ),
    stats: (section: Fields) => <StatsSection {...common(section, 'stats')} items={items(section.items) as never} />,
    list: (section: Fields) => {
      const cards = data.entries.lists[text(section.of)] ?? [];
      const count = typeof section.count === 'number' ? section.count : undefined;
      return (
        <ListSection
          {...common(section, 'list')}
          id={optional(section.id) ?? (optional(section.of) || 'list')}
          items={cards.slice(0, count)}
        />
      );
    },
  } satisfies Record<string, Draw>;
}

export function renderSection(data: PreviewData, section: Fields, index: number): ReactElement {
  const draw = (createDrawers(data) as Record<string, Draw | undefined>)[text(section.type)];
  if (draw) return <div key={index}>{draw(section)}</div>;
  return (
    <section key={index} className="section">
      <p className="container">{`The preview does not draw sections of type \u201c${text(section.type)}\u201d yet.`}</p>
    </section>
  );
}
