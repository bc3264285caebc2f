import { BaseLayout } from '../layouts/BaseLayout.tsx';
import { AboutSection } from '../sections/AboutSection.tsx';
import { AiDemoSection } from '../sections/AiDemoSection.tsx';
import { ContactSection } from '../sections/ContactSection.tsx';
import { HeroSection } from '../sections/HeroSection.tsx';
import { PortfolioSection } from '../sections/PortfolioSection.tsx';
import { ServicesSection } from '../sections/ServicesSection.tsx';
import type { HomePageProps } from '../api.ts';

export function HomePage({ layout, hero, services, aiDemo, portfolio, about, contact }: HomePageProps) {
  return (
    <BaseLayout {...layout}>
      <HeroSection {...hero} />
      <ServicesSection {...services} />
      <AiDemoSection {...aiDemo} />
      <PortfolioSection {...portfolio} />
      <AboutSection {...about} />
      <ContactSection {...contact} />
    </BaseLayout>
  );
}
