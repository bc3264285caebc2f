/**
 * The site check as a stage (checkStage): a page that passed passes again while it, the site's
 * files, the URL policy and the pages its anchors point into are the same; what passed is kept as
 * one value for the whole site. Beside src/page-stages.ts, which renders and advises page by page.
 */
import { asciiJson, hashKey } from './cache/disk.ts';
import type { Codec, Store } from './cache/store.ts';
import { KeptLines, keptLinesCodec } from './cache/codecs.ts';
import { checkSite, type CheckMemo, type RenderedPage, type SiteCheckInput } from './output/check.ts';
import type { PageScan } from './output/scan-html.ts';
import { sameInOrder } from './same-order.ts';
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
  // (or none) now, so a line needs reading only where it names a page whose key changed.
  const step = checkStepKey(store, urlKey(input.urls), input.files, keys);
  const last = store.peek('page-checks', step, passedCodec);
  const kept: KeptPasses = new KeptLines();
  // Where every page passed last time (the usual case) and pages are as many, a page's entry is at
  // its own position while its key is the same: compared there, no key of 4000 is hashed.
  const before = last?.keys();
  const aligned = before?.length === input.pages.length;
  // Made when a page's anchors are read (a suspect's): a page is asked at its own index first.
  let positions: Map<string, number> | undefined;
  const positionOf = (file: string, key: string, index?: number) => {
    if (!aligned) return last?.positionOf(key);
    if (index === undefined) {
      positions ??= new Map(input.pages.map((page, at) => [page.route.file, at]));
      index = positions.get(file)!;
    }
    return before![index] === key ? index : undefined;
  };
  // A page passed last time with the key it has now: its file and its output were the same then.
  const passedAgain = (file: string) => {
    const key = keys.get(file);
    return key !== undefined && positionOf(file, key) !== undefined;
  };
  // The entries that name a page whose key changed, found in the block's bytes; the others' anchors
  // all point into pages that pass again, and are not read. Undefined: every entry is read (also
  // when many pages changed: each is a search of the whole block).
  const changed = aligned ? input.pages.filter((_, index) => before![index] !== inOrder[index]) : [];
  const suspects =
    aligned && changed.length <= SEARCHED_CHANGES
      ? last!.positionsHolding(changed.map((page) => `[${asciiJson(page.route.file)},1]`))
      : undefined;
  let fresh = 0;
  const memo: CheckMemo = {
    scan: (page) => scanOf(page),
    passed(page, index) {
      const key = inOrder[index]!;
      const position = positionOf(page.route.file, key, index);
      if (position === undefined) return false;
      // A file that was no page (0) is none now; a page is the same as when this one passed.
      const read = suspects === undefined || suspects.has(position);
      if (read && !last!.at(position)!.every(([file, page]) => (page ? passedAgain(file) : !keys.has(file))))
        return false;
      kept.push(key, last!.entryAt(position)!);
      return true;
    },
    keep(page, anchored) {
      fresh++;
      kept.push(
        keys.get(page.route.file)!,
        [...anchored].map((file) => [file, keys.has(file) ? 1 : 0]),
      );
    },
  };
  const problems = checkSite({ ...input, memo });
  if (problems.length === 0 && (fresh > 0 || kept.size !== last?.size))
    store.keep('page-checks', step, kept, passedCodec);
  return problems;
}

/**
 * The check's step: the URL policy, the output's files and which of them are pages. The lists are
 * joined and hashed again only when they changed (in dev, the last run's are kept to compare with:
 * a save of a page's text changes neither).
 */
function checkStepKey(store: Store, scope: string, files: ReadonlySet<string>, keys: Map<string, string>): string {
  const last = store.peek<CheckStep>('page-checks-step', 'last');
  if (last?.scope === scope && sameInOrder(files, last.files) && sameInOrder(keys.keys(), last.pages)) return last.step;
  const made = { scope, files: [...files], pages: [...keys.keys()] };
  const step = hashKey(scope, made.files.join('\n'), made.pages.join('\n'));
  store.keep<CheckStep>('page-checks-step', 'last', { ...made, step });
  return step;
}

interface CheckStep {
  scope: string;
  files: string[];
  pages: string[];
  step: string;
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
