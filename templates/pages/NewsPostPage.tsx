import { BaseLayout } from '../layouts/BaseLayout.tsx';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import { Picture } from '../ui/Picture.tsx';
import { Prose } from '../ui/Prose.tsx';
import type { NewsPostPageProps } from '../api.ts';

/** A news post: headline, date, author and reading time, the text, then the newer and older post. */
export function NewsPostPage({ layout, post, back, neighbours }: NewsPostPageProps) {
  return (
    <BaseLayout {...layout}>
      <article className="container legal news-post">
        <ButtonLink href={back.href} variant="ghost">
          <span aria-hidden="true">←</span> {back.label}
        </ButtonLink>
        <header className="legal-header">
          {post.badge && <p className="news-badge">{post.badge}</p>}
          <h1>{post.title}</h1>
          <p className="news-meta">
            <time dateTime={post.date.datetime}>{post.date.label}</time>
            {post.byline && <span>{post.byline}</span>}
            <span>{post.readingTime}</span>
          </p>
        </header>
        {post.picture && (
          <div className="news-post-picture">
            <Picture
              image={post.picture.image}
              alt={post.picture.alt}
              sizes="(min-width: 48rem) 48rem, 100vw"
              loading="priority"
            />
          </div>
        )}
        <Prose html={post.html} />
        {(neighbours.newer || neighbours.older) && (
          <nav className="news-neighbours" aria-label={`${neighbours.newerLabel} / ${neighbours.olderLabel}`}>
            {neighbours.newer && (
              <a rel="prev" href={neighbours.newer.href}>
                <span className="news-neighbour-label">← {neighbours.newerLabel}</span>
                {neighbours.newer.label}
              </a>
            )}
            {neighbours.older && (
              <a rel="next" href={neighbours.older.href}>
                <span className="news-neighbour-label">{neighbours.olderLabel} →</span>
                {neighbours.older.label}
              </a>
            )}
          </nav>
        )}
      </article>
    </BaseLayout>
  );
}
