import { Picture } from '../ui/Picture.tsx';
import { Prose } from '../ui/Prose.tsx';
import { Section } from '../ui/Section.tsx';
import type { MediaSectionProps } from '../api.ts';

/** Two columns from 56rem on, each at most half of a 72rem container; one column below. */
const MEDIA_SIZES = '(min-width: 56rem) 34rem, calc(100vw - 2.5rem)';

/** The heading on the page's one axis, like every section's; the text comes first in reading order whichever side the picture is drawn on. */
export function MediaSection({ id, heading, html, picture, side }: MediaSectionProps) {
  return (
    <Section id={id} heading={heading}>
      <div className={`media media-${side}`}>
        <Prose html={html} className="prose media-text" />
        <div className="media-figure">
          <Picture image={picture.image} alt={picture.alt} sizes={MEDIA_SIZES} loading="lazy" />
        </div>
      </div>
    </Section>
  );
}
