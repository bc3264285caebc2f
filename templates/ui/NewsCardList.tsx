import { Picture } from './Picture.tsx';
import type { NewsCard } from '../api.ts';

export type NewsCardListProps = {
  posts: NewsCard[];
  readMore: string;
  /** The heading level of each post's title: h2 on /news, h3 inside a home page section. */
  level: 'h2' | 'h3';
};

/** Posts as cards: picture (or a drawn cover), date, title, description and a link to the post. */
export function NewsCardList({ posts, readMore, level: Title }: NewsCardListProps) {
  return (
    <ol className="news-cards">
      {posts.map((post) => (
        <li className="news-card" key={post.href}>
          {post.picture ? (
            <Picture
              image={post.picture.image}
              alt={post.picture.alt}
              sizes="(min-width: 72rem) 22rem, (min-width: 48rem) 33vw, 100vw"
              loading="lazy"
            />
          ) : (
            // A post without a picture gets a drawn cover, so cards side by side line up.
            <span className="news-cover" aria-hidden="true" />
          )}
          <div className="news-card-body">
            <p className="news-meta">
              <time dateTime={post.date.datetime}>{post.date.label}</time>
              {post.badge && <span className="news-badge">{post.badge}</span>}
            </p>
            <Title className="news-card-title">
              <a href={post.href}>{post.title}</a>
            </Title>
            <p>{post.description}</p>
            {/* The card's link is its title's (the whole card is its target): this only says so. */}
            <span className="news-read-more" aria-hidden="true">
              {readMore} <span>→</span>
            </span>{' '}
          </div>
        </li>
      ))}
    </ol>
  );
}
