import { Prose } from '../ui/Prose.tsx';
import { Section } from '../ui/Section.tsx';
import { ServiceIcon } from '../ui/ServiceIcon.tsx';
import type { PageProps } from '../types.ts';

export function ServicesSection({ site }: PageProps) {
  const { services } = site.settings;
  return (
    <Section id="services" heading={services.heading} intro={services.intro}>
      <ul className="card-grid">
        {site.services.map((service) => (
          <li className="card" key={service.slug}>
            <span className="card-icon">
              <ServiceIcon name={service.icon} />
            </span>
            <h3 className="card-title">{service.title}</h3>
            <Prose html={service.html} className="card-text" />
            <ul className="feature-list">
              {service.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}
