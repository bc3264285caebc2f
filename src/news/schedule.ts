/**
 * scheduleNews: which news posts a build shows. A draft or a post dated after the build's `now` is left out
 * everywhere unless the build asks for it (`--drafts`, `--future`; dev asks for both), and then carries its
 * state for the badge. `now` comes from the config, never the clock, so a given now builds the same site.
 */
import type { ResolvedConfig } from '../config.ts';
import type { NewsPost } from '../content/kinds.ts';
import { dateTime } from './news-schema.ts';
import type { ProcessedImage } from '../images/processed-image.ts';

export type PostState = 'published' | 'draft' | 'scheduled';

/** A post as a build shows it: its state, and its picture processed (AVIF, WebP, fallback). */
export type ScheduledPost = NewsPost & { state: PostState; cover?: ProcessedImage };

/** A post this build leaves out, and why. */
export interface HiddenPost {
  slug: string;
  state: Exclude<PostState, 'published'>;
  date: string;
}

export interface NewsSchedule {
  /** Newest first, as content/news/ is sorted. */
  shown: ScheduledPost[];
  hidden: HiddenPost[];
}

/** A post's state at `now`: a draft is a draft whatever its date. */
export function stateOf(post: Pick<NewsPost, 'date' | 'draft'>, now: string): PostState {
  if (post.draft === true) return 'draft';
  return Date.parse(dateTime(post.date)) > Date.parse(now) ? 'scheduled' : 'published';
}

/** `pictures`: the processed images by the site path written in `image` (the Markdown images' set). */
export function scheduleNews(
  posts: readonly NewsPost[],
  config: Pick<ResolvedConfig, 'drafts' | 'future' | 'now'>,
  pictures: Readonly<Record<string, ProcessedImage>> = {},
): NewsSchedule {
  const shown: ScheduledPost[] = [];
  const hidden: HiddenPost[] = [];
  for (const post of posts) {
    const state = stateOf(post, config.now);
    const included = state === 'published' || (state === 'draft' ? config.drafts : config.future);
    if (!included) {
      hidden.push({ slug: post.slug, state, date: post.date });
      continue;
    }
    const cover = post.image === undefined ? undefined : pictures[post.image];
    shown.push({ ...post, state, ...(cover ? { cover } : undefined) });
  }
  return { shown, hidden };
}
