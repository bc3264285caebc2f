import { Section } from '../ui/Section.tsx';
import { NewsCardList } from '../ui/NewsCardList.tsx';
import type { NewsSectionProps } from '../api.ts';

/** The latest posts on the home page, with a link to all of them. */
export function NewsSection({ id, heading, intro, posts, readMore, more }: NewsSectionProps) {
  return (
    <Section id={id} heading={heading} intro={intro}>
      <NewsCardList posts={posts} readMore={readMore} level="h3" />
      <p className="news-more">
        <a href={more.href}>
          {more.label} <span aria-hidden="true">→</span>
        </a>
      </p>
    </Section>
  );
}
