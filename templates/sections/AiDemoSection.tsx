import { ButtonLink } from '../ui/ButtonLink.tsx';
import { Section } from '../ui/Section.tsx';
import type { PageProps } from '../types.ts';

export function AiDemoSection({ site }: PageProps) {
  const { aiDemo, newTabHint } = site.settings;
  const frame = new URL(aiDemo.frameUrl);
  frame.searchParams.set('bot_id', aiDemo.botId);
  return (
    <Section id="ai-demo" heading={aiDemo.heading} intro={aiDemo.intro} tone="tinted">
      <div className="demo">
        <iframe className="demo-frame" src={frame.href} title={aiDemo.frameTitle} width={400} height={600} loading="lazy" />
        <ButtonLink href={aiDemo.provider.url} newTabHint={newTabHint}>
          {aiDemo.provider.label}
        </ButtonLink>
      </div>
    </Section>
  );
}
