import { ButtonLink } from '../ui/ButtonLink.tsx';
import { Section } from '../ui/Section.tsx';
import type { AiDemoSectionProps } from '../api.ts';

/**
 * The chat frame sits on a drawn chat window: seen while the frame loads (the frame is clear until
 * its page paints), and replaced by the unavailable note when the script finds it cannot load.
 */
export function AiDemoSection({
  id,
  heading,
  intro,
  frameSrc,
  frameTitle,
  unavailable,
  provider,
  newTabHint,
}: AiDemoSectionProps) {
  return (
    <Section id={id} heading={heading} intro={intro}>
      <div className="demo">
        <div className="demo-stage">
          <div className="demo-placeholder" aria-hidden="true">
            <span className="demo-bar">
              <span className="demo-avatar" />
              <span className="demo-name">{frameTitle}</span>
            </span>
            <span className="demo-bubble" />
            <span className="demo-bubble demo-bubble-own" />
            <span className="demo-bubble demo-bubble-short" />
            <span className="demo-typing">
              <span />
              <span />
              <span />
            </span>
            <span className="demo-input" />
          </div>
          {/* The script gives the frame its address as it nears the screen: a third party's page
              costs the visitor nothing until then. Without scripts, the copy in noscript loads it. */}
          <iframe
            className="demo-frame"
            data-src={frameSrc}
            title={frameTitle}
            width={400}
            height={600}
            loading="lazy"
          />
          <noscript>
            <iframe className="demo-frame" src={frameSrc} title={frameTitle} width={400} height={600} loading="lazy" />
          </noscript>
          <div className="demo-fallback">
            <span className="demo-avatar" />
            <p className="demo-fallback-title">{frameTitle}</p>
            {unavailable && <p>{unavailable}</p>}
          </div>
        </div>
        <ButtonLink href={provider.href} newTabHint={newTabHint}>
          {provider.label}
        </ButtonLink>
      </div>
    </Section>
  );
}
