import { Picture } from '../ui/Picture.tsx';
import { Prose } from '../ui/Prose.tsx';
import type { MediaSectionProps } from '../api.ts';

/** Two columns from 56rem on, each at most half of a 72rem container; one column below. */
const MEDIA_SIZES = '(min-width: 56rem) 34rem, calc(100vw - 2.5rem)';

/** The text comes first in reading order whichever side the picture is drawn on. */
export function MediaSection({ id, heading, html, picture, side }: MediaSectionProps) {
  return (
    <section id={id} className="section section-plain" aria-labelledby={`${id}-title`}>
      <div className={`container media media-${side}`}>
        <div className="media-text">
          <header className="section-header">
            <h2 id={`${id}-title`}>{heading}</h2>
          </header>
          <Prose html={html} />
        </div>
        <div className="media-figure">
          <Picture image={picture.image} alt={picture.alt} sizes={MEDIA_SIZES} loading="lazy" />
        </div>
      </div>
    </section>
  );
}
