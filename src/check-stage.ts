/**
 * The site check as a stage (checkStage): a page that passed passes again while it, the site's
 * files, the URL policy and the pages its anchors point into are the same; what passed is kept as
 * one value for the whole site. Beside src/page-stages.ts, which renders and advises page by page.
 */
import { asciiJson, hashKey } from './cache/disk.ts';
import type { Codec, Store } from './cache/store.ts';
import { KeptLines, keptLinesCodec } from './cache/codecs.ts';
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
 * The site check; a page that passed passes again while it, the site's files, the URL policy and its
 * anchors' pages are the same. What passed is kept as one value for the whole site (see KeptPasses).
 */
export function checkStage(
  store: Store,
  input: Omit<SiteCheckInput, 'memo'>,
  { keys, inOrder }: { keys: Map<string, string>; inOrder: readonly string[] },
  scanOf: (page: RenderedPage) => PageScan,
) {
  // Which files are pages is part of the step: a file a line names as a page (or as none) is one
  // (or none) now, so a line needs reading only where it names a page whose key changed. The step
  // names the pages in order: what passed last time under it is the same pages in the same order.
  const step = checkStepKey(urlKey(input.urls), input.files, keys);
  const last = store.peek('page-checks', step, passedCodec);
  const aligned = last?.size === input.pages.length ? last : undefined;
  const before = aligned?.keys();
  // A page's entry is at its own position while its key is the same: compared there, no key is hashed.
  const changed: number[] = [];
  if (before)
    for (let index = 0; index < inOrder.length; index++) if (before[index] !== inOrder[index]) changed.push(index);
  const suspects = aligned && changed.length <= SEARCHED_CHANGES ? findSuspects(aligned, input, changed) : undefined;
  // The pages by file, made when a suspect's anchor into another page is read.
  let positions: Map<string, number> | undefined;
  const passedAgain = (file: string) => {
    positions ??= positionsOf(input.pages);
    const at = positions.get(file);
    return at !== undefined && before![at] === inOrder[at];
  };
  const fresh = new Map<number, Anchored>();
  let passed = 0;
  const memo: CheckMemo = {
    scan: (page) => scanOf(page),
    passed(_page, index) {
      if (before?.[index] !== inOrder[index]) return false;
      // A file that was no page (0) is none now (the step).
      const again =
        (suspects !== undefined && !suspects.has(index)) ||
        aligned!.at(index)!.every(([file, page]) => page === 0 || passedAgain(file));
      if (again) passed++;
      return again;
    },
    keep(_page, anchored, index) {
      fresh.set(
        index,
        [...anchored].map((file) => [file, keys.has(file) ? 1 : 0]),
      );
    },
  };
  // How links resolved is the same while the step is (the output's files, the URL policy).
  const links =
    store.peek<ResolvedLinks>('page-checks-links', step) ??
    store.keep('page-checks-links', step, createResolvedLinks());
  const problems = checkSite({ ...input, memo, links });
  // Kept when every page passed (one whose anchors point into a page made without its entry did
  // not): the last run's entries, with those checked now in their places.
  if (problems.length === 0 && fresh.size > 0 && passed + fresh.size === input.pages.length) {
    const kept = aligned
      ? aligned.replacing(inOrder, fresh)
      : new KeptLines(inOrder.map((key, index) => [key, fresh.get(index)!]));
    store.keep('page-checks', step, kept, passedCodec);
  }
  return problems;
}

/**
 * The positions of the entries whose anchors point into a page that changed, found in the entries'
 * bytes when they were read from one block (a warm build's); undefined otherwise.
 */
function findSuspects(
  kept: KeptPasses,
  input: Omit<SiteCheckInput, 'memo'>,
  changed: readonly number[],
): Set<number> | undefined {
  const files = changed.map((index) => input.pages[index]!.route.file);
  return kept.positionsHolding(files.map((file) => `[${asciiJson(file)},1]`));
}

function positionsOf(pages: readonly RenderedPage[]): Map<string, number> {
  return new Map(pages.map((page, at) => [page.route.file, at]));
}

/** The check's step: the URL policy, the output's files and which of them are pages. */
function checkStepKey(scope: string, files: ReadonlySet<string>, keys: Map<string, string>): string {
  return hashKey(scope, [...files].join('\n'), [...keys.keys()].join('\n'));
}

/** Changed pages looked for in the kept passes at most; with more, every entry is read (a few ms). */
const SEARCHED_CHANGES = 16;

/** The output files a page's anchors point into, each marked 1 when it is a page (0: another file). */
type Anchored = Array<[file: string, page: 0 | 1]>;

/**
 * Each page that passed, by its key, with what its anchors point into: kept only when every page
 * passed, so each of those pages is kept too, and is the same while its key is.
 */
type KeptPasses = KeptLines<Anchored>;

// Each entry parsed when asked for: most are not (see checkStage's suspects).
const passedCodec: Codec<KeptPasses> = keptLinesCodec();
