import type { ComponentType } from 'react';
import { BaseLayout } from '../layouts/BaseLayout.tsx';
import { AboutSection } from '../sections/AboutSection.tsx';
import { AiDemoSection } from '../sections/AiDemoSection.tsx';
import { ContactSection } from '../sections/ContactSection.tsx';
import { CtaSection } from '../sections/CtaSection.tsx';
import { FaqSection } from '../sections/FaqSection.tsx';
import { HeroSection } from '../sections/HeroSection.tsx';
import { ListSection } from '../sections/ListSection.tsx';
import { LogosSection } from '../sections/LogosSection.tsx';
import { MediaSection } from '../sections/MediaSection.tsx';
import { NewsSection } from '../sections/NewsSection.tsx';
import { PortfolioSection } from '../sections/PortfolioSection.tsx';
import { PricingSection } from '../sections/PricingSection.tsx';
import { ProseSection } from '../sections/ProseSection.tsx';
import { ServicesSection } from '../sections/ServicesSection.tsx';
import { StatsSection } from '../sections/StatsSection.tsx';
import { TeamSection } from '../sections/TeamSection.tsx';
import { TestimonialsSection } from '../sections/TestimonialsSection.tsx';
import type { HomePageProps, HomeSectionElement, SectionComponents } from '../api.ts';

/** The one table from a section's type to its component: a new type is one line here. */
export const SECTIONS: SectionComponents = {
  hero: HeroSection,
  services: ServicesSection,
  'ai-demo': AiDemoSection,
  portfolio: PortfolioSection,
  about: AboutSection,
  contact: ContactSection,
  testimonials: TestimonialsSection,
  faq: FaqSection,
  cta: CtaSection,
  pricing: PricingSection,
  logos: LogosSection,
  media: MediaSection,
  team: TeamSection,
  prose: ProseSection,
  stats: StatsSection,
  news: NewsSection,
  list: ListSection,
};

function HomeSection({ section }: { section: HomeSectionElement }) {
  // The table pairs each type with its props' component; TypeScript cannot follow the pairing through a lookup.
  const Component = SECTIONS[section.type] as ComponentType<typeof section.props>;
  return <Component {...section.props} />;
}

export function HomePage({ layout, sections }: HomePageProps) {
  return (
    <BaseLayout {...layout}>
      {sections.map((section) => (
        <HomeSection key={section.key} section={section} />
      ))}
    </BaseLayout>
  );
}
