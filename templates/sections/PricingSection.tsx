import { ButtonLink } from '../ui/ButtonLink.tsx';
import { Section } from '../ui/Section.tsx';
import type { PricingSectionProps } from '../api.ts';

export function PricingSection({ id, heading, intro, plans, newTabHint }: PricingSectionProps) {
  return (
    <Section id={id} heading={heading} intro={intro}>
      <ul className="plan-grid">
        {plans.map((plan, index) => (
          <li className={plan.featured ? 'plan plan-featured' : 'plan'} key={index}>
            <h3 className="plan-name">{plan.name}</h3>
            <p className="plan-price">
              <span className="plan-amount">{plan.price}</span>
              {plan.period && <span className="plan-period">{plan.period}</span>}
            </p>
            <ul className="feature-list">
              {plan.features.map((feature, featureIndex) => (
                <li key={featureIndex}>{feature}</li>
              ))}
            </ul>
            <ButtonLink
              href={plan.button.href}
              variant={plan.featured ? 'primary' : 'secondary'}
              newTabHint={newTabHint}
            >
              {plan.button.label}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}
