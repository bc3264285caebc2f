import { Prose } from '../ui/Prose.tsx';
import { Section } from '../ui/Section.tsx';
import { ServiceIcon } from '../ui/ServiceIcon.tsx';
import type { ServicesSectionProps } from '../api.ts';

export function ServicesSection({ id, heading, intro, services }: ServicesSectionProps) {
  return (
    <Section id={id} heading={heading} intro={intro}>
      <ul className="card-grid">
        {services.map((service) => (
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
