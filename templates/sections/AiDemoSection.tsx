import { ButtonLink } from '../ui/ButtonLink.tsx';
import { Section } from '../ui/Section.tsx';
import type { AiDemoSectionProps } from '../api.ts';

export function AiDemoSection({ id, heading, intro, frameSrc, frameTitle, provider, newTabHint }: AiDemoSectionProps) {
  return (
    <Section id={id} heading={heading} intro={intro} tone="tinted">
      <div className="demo">
        <iframe className="demo-frame" src={frameSrc} title={frameTitle} width={400} height={600} loading="lazy" />
        <ButtonLink href={provider.href} newTabHint={newTabHint}>
          {provider.label}
        </ButtonLink>
      </div>
    </Section>
  );
}
