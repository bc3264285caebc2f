/**
 * The news's schemas: site.yaml's `news:` block and a post's front matter (content/news/*.md),
 * with the post dates they share.
 */
import { z } from 'zod';
import { adviceSwitchSchema } from '../advice/switches.ts';
import { atMost, LIST_LIMITS, publicPath, text } from '../content/fields.ts';

/** site.yaml's `news:` block: the words of /news, its pages and its posts (src/news/). */
export const newsSettingsSchema = z
  .strictObject({
    heading: text.describe('The heading of the /news page, such as "News".'),
    title: text.describe(
      'The title of /news in search results and browser tabs, before the site name: 30 to 60 characters in all.',
    ),
    intro: text.optional().describe('One or two sentences under the heading of /news. Optional.'),
    description: text.describe('The description of /news for search results and link previews.'),
    pageSize: z
      .int({ error: 'must be a whole number' })
      .min(1, 'must be 1 or more')
      .max(100, 'must be at most 100')
      .describe('How many posts one page of /news lists; older posts move to /news/page/2 and on.'),
    feedSize: z
      .int({ error: 'must be a whole number' })
      .min(1, 'must be 1 or more')
      .max(100, 'must be at most 100')
      .describe('How many of the newest posts the feeds (Atom, RSS, JSON Feed) carry.'),
    feedTitle: text.describe('The feeds\u2019 title in feed readers, such as "Northwind Studio news".'),
    feedsLabel: text.describe('The words of the link to the feeds on /news, such as "Subscribe (RSS)".'),
    readMore: text.describe('The words of the link from a listed post to the post, such as "Read the post".'),
    readingTime: text
      .regex(/\{minutes\}/, 'must contain {minutes} where the number goes')
      .describe('How long a post takes to read, with {minutes} where the number goes, such as "{minutes} min read".'),
    by: text.describe('The word before the author\u2019s name, such as "By".'),
    newer: text.describe('The label of the link to the next newer post or page, such as "Newer".'),
    older: text.describe('The label of the link to the next older post or page, such as "Older".'),
    pageLabel: text
      .regex(/\{page\}/, 'must contain {page} where the page number goes')
      .regex(/\{pages\}/, 'must contain {pages} where the number of pages goes')
      .describe('Names a page of the list, such as "Page {page} of {pages}".'),
    back: text.describe('The words of the link from a post back to /news, such as "All news".'),
    draft: text.describe('The badge on a draft seen in dev or a --drafts build, such as "Draft".'),
    scheduled: text
      .regex(/\{date\}/, 'must contain {date} where the date goes')
      .describe('The badge on a post dated later, seen in dev or a --future build, such as "Scheduled for {date}".'),
    homeHeading: text.optional().describe('The heading of the home page\u2019s news section. Optional.'),
  })
  .describe('The /news list, its feeds and the words around posts.');

/** A date as YYYY-MM-DD (the start of that day, UTC), or with a time and zone as 2026-03-01T09:30+01:00. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2}))?$/;
export const postDate = z
  .string({ error: 'must be a date such as 2026-03-01, or with a time and zone such as 2026-03-01T09:30+01:00' })
  .regex(DATE, 'must be a date such as 2026-03-01, or with a time and zone such as 2026-03-01T09:30+01:00')
  .refine(isRealDate, 'must be a day and time that exist (month 1 to 12, a day the month has, hours to 23)')
  .meta({ editor: 'date' });
function isRealDate(value: string): boolean {
  const [, year, month, day, hours = '0', minutes = '0', seconds = '0'] = DATE.exec(value) ?? [];
  const date = new Date(
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds)),
  );
  return (
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day) &&
    date.getUTCHours() === Number(hours) &&
    date.getUTCMinutes() === Number(minutes) &&
    date.getUTCSeconds() === Number(seconds)
  );
}

/**
 * content/news/*.md: a dated post at /news/<file name>, listed newest first on /news and in the
 * feeds. A draft, or a post dated later than the build, is left out of `build` (src/news/schedule.ts).
 */
export const newsSchema = z
  .strictObject({
    title: text.describe('The post\u2019s headline.'),
    date: postDate.describe(
      'When it is published: 2026-03-01 (that day, UTC), or with a time and zone such as 2026-03-01T09:30+01:00. A later date waits for that day.',
    ),
    description: text.describe('One or two sentences: shown on /news, in search results, feeds and link previews.'),
    updated: postDate.optional().describe('When the post last changed in substance, as date is written. Optional.'),
    author: text.optional().describe('Who wrote it, shown under the headline. Optional.'),
    image: publicPath
      .optional()
      .describe(
        'A picture inside public/ shown on /news and above the post, such as /images/news/launch.svg. Optional; needs alt.',
      ),
    alt: text.optional().describe('What the picture shows, for people who cannot see it. Needed with image.'),
    tags: z
      .array(text)
      .max(LIST_LIMITS.features, atMost(LIST_LIMITS.features, 'tags'))
      .optional()
      .describe('Topics of the post, such as [launch, ai]: feeds and link previews carry them. Optional.'),
    draft: z
      .boolean()
      .optional()
      .describe('true keeps the post out of the site until you remove this line (dev still shows it).'),
    advice: adviceSwitchSchema,
  })
  .refine((post) => (post.image === undefined) === (post.alt === undefined), {
    message: 'needs both image and alt, or neither',
    path: ['alt'],
  })
  .refine(
    (post) => post.updated === undefined || Date.parse(dateTime(post.updated)) >= Date.parse(dateTime(post.date)),
    {
      message: 'must not be earlier than date',
      path: ['updated'],
    },
  );

/** A post date as a full ISO date-time: a date alone is the start of that day, UTC. */
export function dateTime(value: string): string {
  if (value.length === 10) return `${value}T00:00:00Z`;
  return /T\d{2}:\d{2}(Z|[+-])/.test(value) ? value.replace(/T(\d{2}:\d{2})/, 'T$1:00') : value;
}
