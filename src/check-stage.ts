/**
 * The site check as a stage (checkStage): a page that passed passes again while it, the site's
 * files, the URL policy and the pages its anchors point into are the same. Beside
 * src/page-stages.ts, which renders and advises page by page.
 */
import { hashKey } from './cache/disk.ts';
import type { Codec, Store } from './cache/store.ts';
import { linesCodec, sameEntries } from './cache/codecs.ts';
import {
  checkSite,
  createResolvedLinks,
  type CheckMemo,
  type RenderedPage,
  type ResolvedLinks,
  type SiteCheckInput,
} from './output/check.ts';
import type { PageScan } from './output/scan-html.ts';
import { urlKey } from './stages.ts';

/**
 * The site check; a page that passed is kept by its key under the check's scope, with the keys its anchors'
 * pages had then, and passes again while they are the same. A scope's passes are one value, not one a page.
 */
export function checkStage(
  store: Store,
  input: Omit<SiteCheckInput, 'memo'>,
  { keys, inOrder }: { keys: Map<string, string>; inOrder: readonly string[] },
  scanOf: (page: RenderedPage) => PageScan,
) {
  const scope = checkScopeKey(urlKey(input.urls), input.files, keys);
  const kept = store.peek('page-checks', scope, passedCodec);
  const passes = new Map<string, Anchored>();
  // A file that is no page has the key '': the scope says which files are pages.
  const keyOf = (file: string) => keys.get(file) ?? '';
  const memo: CheckMemo = {
    scan: (page) => scanOf(page),
    passed(_page, index) {
      const key = inOrder[index]!;
      const anchored = kept?.get(key);
      if (!anchored?.every(([file, was]) => keyOf(file) === was)) return false;
      passes.set(key, anchored);
      return true;
    },
    keep(_page, anchored, index) {
      passes.set(
        inOrder[index]!,
        [...anchored].map((file) => [file, keyOf(file)]),
      );
    },
  };
  // How links resolved is the same while the scope is (the output's files, the URL policy).
  const links =
    store.peek<ResolvedLinks>('page-checks-links', scope) ??
    store.keep('page-checks-links', scope, createResolvedLinks());
  const problems = checkSite({ ...input, memo, links });
  if (!sameEntries(kept, passes)) store.keep('page-checks', scope, passes, passedCodec);
  return problems;
}

/** The check's scope: the URL policy, the output's files and which of them are pages. */
function checkScopeKey(scope: string, files: ReadonlySet<string>, keys: Map<string, string>): string {
  return hashKey(scope, [...files].join('\n'), [...keys.keys()].join('\n'));
}

/** The output files a page's anchors point into, with each one's page key when the page passed. */
type Anchored = Array<[file: string, key: string]>;

const passedCodec: Codec<Map<string, Anchored>> = linesCodec();
