/**
 * A link from a published page to a news post this build leaves out (a draft, or dated later) would break on
 * the live site: this says why at the content line that holds the link, in place of the site check's "broken
 * link" for that target. Pure: the pages' scans and the content's text in, errors out.
 */
import { createError, type SiteError } from '../errors.ts';
import type { RenderedPage } from '../output/check.ts';
import type { PageScan } from '../output/scan-html.ts';
import type { SourceFile } from '../content/source.ts';
import { newsPostPath } from '../site/news-routes.ts';
import type { UrlPolicy } from '../site/routes.ts';
import type { HiddenPost } from './schedule.ts';

const ORIGIN = 'http://site.invalid';

/** A site path without the format's trailing slash or .html, to compare links written either way. */
function bare(pathname: string): string {
  return pathname.replace(/(\.html|\/)$/, '');
}

export function findUnpublishedLinks(
  input: {
    pages: readonly RenderedPage[];
    hidden: readonly HiddenPost[];
    urls: UrlPolicy;
    sources: readonly SourceFile[];
  },
  scanOf: (page: RenderedPage) => PageScan,
): SiteError[] {
  const { pages, hidden, urls, sources } = input;
  if (hidden.length === 0) return [];
  const byPath = new Map(hidden.map((post) => [bare(urls.href(newsPostPath(post.slug))), post]));
  const errors = new Map<string, SiteError>();
  for (const page of pages) {
    const from = new URL(urls.href(page.route.path), ORIGIN);
    for (const reference of scanOf(page).references) {
      if (reference.attribute !== 'href') continue;
      const target = new URL(reference.value, from);
      if (target.origin !== ORIGIN) continue;
      const post = byPath.get(bare(target.pathname));
      const key = `${page.route.path} ${reference.value}`;
      if (!post || errors.has(key)) continue;
      const facts = { page: page.route.path, value: reference.value, state: post.state, date: post.date };
      errors.set(key, createError('UnpublishedLink', facts, locate(sources, newsPostPath(post.slug), page)));
    }
  }
  return [...errors.values()];
}

/** The first content line that links to the post's path, else the page's output file. */
function locate(sources: readonly SourceFile[], target: string, page: RenderedPage) {
  const pattern = new RegExp(`${target.replace(/[/-]/g, '\\$&')}(?![\\w-])`);
  for (const source of sources) {
    const match = pattern.exec(source.text);
    if (!match) continue;
    const before = source.text.slice(0, match.index).split('\n');
    return { file: source.file, line: before.length, column: before.at(-1)!.length + 1 };
  }
  return { file: page.route.file };
}

/** The site check's broken links to the posts those errors explain. */
export function withoutExplained(
  problems: SiteError[],
  explained: readonly SiteError[],
  hidden: readonly HiddenPost[],
) {
  if (explained.length === 0) return problems;
  const paths = hidden.map((post) => newsPostPath(post.slug));
  return problems.filter(
    (problem) =>
      problem.code !== 'BrokenLink' ||
      !paths.some((path) =>
        new RegExp(`but \\S*${path.replace(/[/-]/g, '\\$&')}(/|\\.html)? is not a page`).test(problem.message),
      ),
  );
}
