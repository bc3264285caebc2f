/**
 * One rendered sample of every further home-page section type, with props as the generator will
 * hand them over: Markdown already HTML, images as ready <picture> sources (from `image`).
 */
import type { ReactElement } from 'react';
import type { ResponsiveImage } from '../../templates/api.ts';
import { CtaSection } from '../../templates/sections/CtaSection.tsx';
import { FaqSection } from '../../templates/sections/FaqSection.tsx';
import { LogosSection } from '../../templates/sections/LogosSection.tsx';
import { MediaSection } from '../../templates/sections/MediaSection.tsx';
import { PricingSection } from '../../templates/sections/PricingSection.tsx';
import { ProseSection } from '../../templates/sections/ProseSection.tsx';
import { StatsSection } from '../../templates/sections/StatsSection.tsx';
import { TeamSection } from '../../templates/sections/TeamSection.tsx';
import { TestimonialsSection } from '../../templates/sections/TestimonialsSection.tsx';

export type SampleImages = { photo: ResponsiveImage; wide: ResponsiveImage; logo: ResponsiveImage };

export interface SectionSample {
  type: string;
  id: string;
  element: ReactElement;
}

const newTabHint = '(opens in a new tab)';
const features = ['Custom design', 'Up to 10 pages', 'Hosting for a year'];

export function sectionSamples({ photo, wide, logo }: SampleImages): SectionSample[] {
  return [
    {
      type: 'logos',
      id: 'clients',
      element: (
        <LogosSection
          id="clients"
          heading="Trusted by"
          items={[
            { name: 'Acme', image: logo, href: 'https://acme.example' },
            { name: 'Globex', image: logo },
            { name: 'Initech', image: logo, href: '/#contact' },
            { name: 'Umbrella', image: logo },
          ]}
          newTabHint={newTabHint}
        />
      ),
    },
    {
      type: 'stats',
      id: 'numbers',
      element: (
        <StatsSection
          id="numbers"
          heading="In numbers"
          intro="Ten years of building for small and ambitious businesses."
          items={[
            { value: '150+', label: 'Happy Clients' },
            { value: '200+', label: 'Projects Completed' },
            { value: '5.0', label: 'Average Rating' },
          ]}
        />
      ),
    },
    {
      type: 'media',
      id: 'how-we-work',
      element: (
        <MediaSection
          id="how-we-work"
          heading="How we work"
          html="<p>We start with a <strong>one-week sprint</strong>: your goals, your visitors, a plan.</p><ul><li>Weekly demos</li><li>No lock-in</li></ul>"
          picture={{ image: wide, alt: 'A team around a whiteboard' }}
          side="left"
        />
      ),
    },
    {
      type: 'testimonials',
      id: 'testimonials',
      element: (
        <TestimonialsSection
          id="testimonials"
          heading="What clients say"
          intro="Kind words from people we built for."
          items={[
            {
              quote: 'They shipped our shop in six weeks, and sales doubled in the first quarter.',
              name: 'Ana Lima',
              role: 'Founder, Acme',
              photo: { image: photo, alt: 'Ana Lima' },
            },
            { quote: 'The chatbot answers half our support mail now.', name: 'Tom Berg' },
            { quote: 'Clear, fast and kind.', name: 'Mia Chen', role: 'CEO, Globex' },
          ]}
        />
      ),
    },
    {
      type: 'pricing',
      id: 'pricing',
      element: (
        <PricingSection
          id="pricing"
          heading="Pricing"
          intro="Plain prices, no surprises."
          plans={[
            {
              name: 'Starter',
              price: '$900',
              features,
              button: { label: 'Start small', href: '/#contact' },
              featured: false,
            },
            {
              name: 'Growth',
              price: '$19',
              period: '/month',
              features: [...features, 'Priority support'],
              button: { label: 'Grow with us', href: '/#contact' },
              featured: true,
            },
            {
              name: 'Custom',
              price: 'From $5,000',
              features,
              button: { label: 'Talk to us', href: 'https://cal.example/northwind' },
              featured: false,
            },
          ]}
          newTabHint={newTabHint}
        />
      ),
    },
    {
      type: 'team',
      id: 'team',
      element: (
        <TeamSection
          id="team"
          heading="The team"
          items={['Ana Lima', 'Tom Berg', 'Mia Chen', 'Sam Okafor'].map((name, index) => ({
            name,
            role: ['Founder', 'Developer', 'Designer', 'AI engineer'][index]!,
            photo: { image: photo, alt: `${name}, smiling` },
          }))}
        />
      ),
    },
    {
      type: 'faq',
      id: 'faq',
      element: (
        <FaqSection
          id="faq"
          heading="Questions"
          items={[
            {
              question: 'How long does a website take?',
              html: '<p>Most sites take <strong>four to six weeks</strong>.</p>',
            },
            {
              question: 'Do you host the site?',
              html: '<p>Yes, or we hand it over: see <a href="/terms">our terms</a>.</p>',
            },
          ]}
        />
      ),
    },
    {
      type: 'prose',
      id: 'more',
      element: (
        <ProseSection
          id="more"
          heading="A note on prices"
          html='<p>All prices exclude VAT. Read the <a href="/refund-policy">refund policy</a>.</p>'
        />
      ),
    },
    {
      type: 'cta',
      id: 'get-started',
      element: (
        <CtaSection
          id="get-started"
          heading="Ready to build something together?"
          text="Tell us about your project; we answer within one business day."
          button={{ label: 'Book a free call', href: '/#contact' }}
          newTabHint={newTabHint}
        />
      ),
    },
  ];
}
