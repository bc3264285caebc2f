import { BaseLayout } from '../layouts/BaseLayout.tsx';
import { AboutSection } from '../sections/AboutSection.tsx';
import { AiDemoSection } from '../sections/AiDemoSection.tsx';
import { ContactSection } from '../sections/ContactSection.tsx';
import { HeroSection } from '../sections/HeroSection.tsx';
import { PortfolioSection } from '../sections/PortfolioSection.tsx';
import { ServicesSection } from '../sections/ServicesSection.tsx';
import type { PageProps } from '../types.ts';

export function HomePage(props: PageProps) {
  const { settings } = props.site;
  return (
    <BaseLayout {...props} title={settings.title} description={settings.description}>
      <HeroSection {...props} />
      <ServicesSection {...props} />
      <AiDemoSection {...props} />
      <PortfolioSection {...props} />
      <AboutSection {...props} />
      <ContactSection {...props} />
    </BaseLayout>
  );
}
