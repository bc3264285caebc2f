/**
 * The site-wide rules (titles and descriptions two pages share, the switches, findings merged into
 * warnings) kept from one run to the next (dev): a save takes out and puts in again only the pages
 * whose findings, or whose file's text, changed, where adviseSite goes through every page. The
 * warnings are those adviseSite makes of the same pages: in its order, each with the same pages and
 * code frame (tests/advice/kept-site-rules.test.ts compares them run by run).
 *
 * adviseSite's order: the pages' own findings in the pages' order, then the duplicates in the
 * pages' order, then the images of public/; a warning stands where its first finding does. So each
 * warning is ranked by its first finding's (part, page, place on the page), and kept sorted so.
 */
import type { SiteError } from '../errors.ts';
import {
  checkSourceImages,
  duplicateFinding,
  type AdvicePage,
  type DuplicateKey,
  type PageFindings,
  type SourceImage,
} from './advise.ts';
import {
  createWarning,
  frameOf,
  keysOf,
  madeWarning,
  type Finding,
  type MadeLookup,
  type MadeWarning,
  type MadeWarnings,
  type SourcesByFile,
} from './findings.ts';
import { RULE_NAMES, type RuleName } from './rules.ts';

/** A rank is part * PART + page * PAGE + place: exact in a double for 2^20 pages of 2^20 findings each. */
const PAGE = 2 ** 20;
const PART = 2 ** 41;
const OWN = 0;
const DUPLICATES = 1;
const IMAGES = 2;

const NONE: readonly never[] = Object.freeze([]);

/** A warning as kept: never changed (a run's list stays as it was made); a changed one is a new one. */
interface Merged {
  /** Its rule and place (keysOf). */
  readonly key: string;
  /** The first finding of the key, in adviseSite's order. */
  readonly finding: Finding;
  readonly rank: number;
  /** The positions of the pages it was seen on, ascending; none for an image's. */
  readonly slots: readonly number[];
  readonly pages: string[];
  /** The text of the file its code frame was made from; undefined for none. */
  readonly text: string | undefined;
  readonly warning: SiteError;
}

/** What a run leaves to the next: taken by the next run alone, which changes it in place. */
interface State {
  shape: string;
  paths: readonly string[];
  /** The pages by the file that sets their title and description: its text places their duplicates. */
  slotsOfFile: ReadonlyMap<string, readonly number[]>;
  /** Each page's findings as the rules last read them. */
  found: Array<PageFindings | undefined>;
  /** Each page's own findings, the switches applied. */
  own: Array<readonly Finding[]>;
  duplicates: Array<readonly Finding[]>;
  /** The indexable pages by title and by description, by position, ascending. */
  titles: Map<string, number[]>;
  descriptions: Map<string, number[]>;
  merged: Map<string, Merged>;
  /** The warnings with a code frame, by the file it shows: those a file's change makes again. */
  framed: Map<string, Set<Merged>>;
  /** The warnings by rank, and their SiteErrors in the same order: each run's is a new list. */
  order: readonly Merged[];
  warnings: readonly SiteError[];
}

export interface SiteRulesInput {
  /** The pages, each with its findings (`found`). */
  pages: readonly AdvicePage[];
  /**
   * The positions of the pages that may have other findings than in the last run, when known:
   * every other page is the last run's, the same object.
   */
  visited?: readonly number[];
  sources: SourcesByFile;
  images: readonly SourceImage[];
  isOff: (rule: RuleName, file: string) => boolean;
  /**
   * What the rules read besides the pages' findings and the files' text: the switches, the images,
   * each page's path, indexing and file. The last run's rules are kept only when it is the same.
   */
  shape: string;
  /** The files whose text changed since the last run; undefined when not known: all is made anew. */
  changedFiles: ReadonlySet<string> | undefined;
  /** Warnings an earlier run made, taken where a warning is made anew and is the same (MadeWarnings). */
  made?: MadeWarnings;
}

/** One run's site-wide advice, and what the next run starts from. */
export class KeptSiteRules {
  #state: State | undefined;
  readonly #order: readonly Merged[];
  readonly #warnings: readonly SiteError[];

  constructor(state: State) {
    this.#state = state;
    this.#order = state.order;
    this.#warnings = state.warnings;
  }

  /** The warnings, in adviseSite's order. */
  get warnings(): SiteError[] {
    return this.#warnings.slice();
  }

  /** Each warning with its first finding and its pages, as adviseSite's `merged`. */
  merged(): Array<{ finding: Finding; pages: string[]; warning: SiteError }> {
    return this.#order.map(({ finding, pages, warning }) => ({ finding, pages, warning }));
  }

  /** The warnings by their made key, for a run that merges anew (the map made when first asked). */
  made(): MadeLookup {
    let made: Map<string, MadeWarning> | undefined;
    const order = this.#order;
    return {
      get(key) {
        made ??= new Map(
          order.map(({ finding, text, pages, warning }) => [keysOf(finding).made, { text, pages, warning }]),
        );
        return made.get(key);
      },
    };
  }

  /** What the next run changes; once only (a second taker, or a run that stopped half way, starts anew). */
  take(): State | undefined {
    const state = this.#state;
    this.#state = undefined;
    return state;
  }
}

/**
 * The site-wide rules of this run, from the last run's where it had the same shape; undefined where
 * they cannot be kept (two pages of one path, a finding not of its page): adviseSite then runs.
 */
export function advanceSiteRules(last: KeptSiteRules | undefined, input: SiteRulesInput): KeptSiteRules | undefined {
  const taken = last?.take();
  const kept =
    taken && input.changedFiles && taken.shape === input.shape && taken.paths.length === input.pages.length
      ? taken
      : undefined;
  const state = kept ?? emptyState(input);
  if (!state || !update(state, kept ? input : { ...input, visited: undefined }, kept ? undefined : input.made))
    return undefined;
  return new KeptSiteRules(state);
}

/** No page read yet: the images of public/ alone. */
function emptyState(input: SiteRulesInput): State | undefined {
  const { pages, isOff } = input;
  const paths = pages.map((page) => page.path);
  if (pages.length >= PAGE || new Set(paths).size !== paths.length) return undefined;
  const slotsOfFile = new Map<string, number[]>();
  pages.forEach((page, slot) => {
    const slots = slotsOfFile.get(page.file);
    if (slots) slots.push(slot);
    else slotsOfFile.set(page.file, [slot]);
  });
  const merged = new Map<string, Merged>();
  const order: Merged[] = [];
  const warnings: SiteError[] = [];
  const images = checkSourceImages(input.images).filter((finding) => !isOff(finding.rule, finding.file));
  if (images.length >= PAGE) return undefined;
  images.forEach((finding, place) => {
    const key = keysOf(finding).merge;
    if (merged.has(key)) return;
    const warning = madeWarning(input.made, finding, [], undefined);
    const image: Merged = {
      key,
      finding,
      rank: IMAGES * PART + place,
      slots: NONE,
      pages: [],
      text: undefined,
      warning,
    };
    merged.set(key, image);
    order.push(image);
    warnings.push(warning);
  });
  return {
    shape: input.shape,
    paths,
    slotsOfFile,
    found: new Array(pages.length).fill(undefined),
    own: new Array(pages.length).fill(NONE),
    duplicates: new Array(pages.length).fill(NONE),
    titles: new Map(),
    descriptions: new Map(),
    merged,
    framed: new Map(),
    order,
    warnings,
  };
}

/** The pages whose findings or file changed taken out and put in again; false where they cannot be. */
function update(state: State, input: SiteRulesInput, made: MadeWarnings | undefined): boolean {
  const { again, changed } = pagesAgain(state, input);
  const moves = movePages(state, input, again);
  if (!moves) return false;
  for (const slot of changed) state.found[slot] = input.pages[slot]!.found;
  const gone: Merged[] = [];
  const added: Merged[] = [];
  if (!remerge(state, moves, input.sources, made, { gone, added })) return false;
  reframe(state, input, { gone, added });
  if (gone.length > 0 || added.length > 0) reorder(state, gone, added);
  return true;
}

/**
 * The pages to take out and put in again: those whose findings changed (`changed`: an unchanged
 * page's are the same object), those whose file's text changed (their duplicates' lines), and
 * every page of a title or description whose first page changed (their duplicates name it).
 */
function pagesAgain(state: State, input: SiteRulesInput): { again: Set<number>; changed: number[] } {
  const { pages, changedFiles } = input;
  const again = new Set<number>();
  for (const slot of input.visited ?? pages.keys()) if (pages[slot]!.found !== state.found[slot]) again.add(slot);
  const changed = [...again];
  for (const file of changedFiles ?? []) for (const slot of state.slotsOfFile.get(file) ?? NONE) again.add(slot);
  for (const slot of changed) {
    if (!pages[slot]!.indexable) continue;
    const was = state.found[slot];
    const now = pages[slot]!.found!;
    move(state.titles, slot, was?.title, now.title, again);
    move(state.descriptions, slot, was?.description, now.description, again);
  }
  return { again, changed };
}

type Moves = Map<string, { out: number[]; in: number[]; seen: number }>;

/**
 * Each page of `again` given its findings now; the slots each merge key leaves and joins. The pages
 * are visited one at a time, ascending, so the last slot of a list tells whether the page is in it
 * already (`seen`: in its new findings). Undefined where a page's findings would merge with another's.
 */
function movePages(state: State, input: SiteRulesInput, again: ReadonlySet<number>): Moves | undefined {
  const { pages, sources, isOff } = input;
  const moves: Moves = new Map();
  const movesOf = (key: string) => {
    let found = moves.get(key);
    if (!found) moves.set(key, (found = { out: [], in: [], seen: -1 }));
    return found;
  };
  const leave = (slot: number, findings: readonly Finding[]) => {
    for (const finding of findings) {
      const moved = movesOf(keysOf(finding).merge);
      if (moved.out[moved.out.length - 1] !== slot) moved.out.push(slot);
    }
  };
  const join = (slot: number, findings: readonly Finding[]) => {
    for (const finding of findings) {
      const moved = movesOf(keysOf(finding).merge);
      if (moved.seen === slot) continue;
      moved.seen = slot;
      // In its findings before and now: it stays (and its first finding is looked at again).
      if (moved.out[moved.out.length - 1] === slot) moved.out.pop();
      else moved.in.push(slot);
    }
  };
  for (const slot of [...again].sort((a, b) => a - b)) {
    const page = pages[slot]!;
    const found = page.found!;
    const path = state.paths[slot]!;
    const own = found === state.found[slot] ? state.own[slot]! : ownFindings(found, isOff);
    // A finding of another page, or of a rule that is not a page's own, would merge otherwise.
    if (own !== state.own[slot] && !own.every((finding) => finding.page === path && OWN_RULES.has(finding.rule)))
      return undefined;
    const duplicates = duplicatesOf(state, page, slot, sources, isOff);
    if (own === state.own[slot] && duplicates.length === 0 && state.duplicates[slot]!.length === 0) continue;
    leave(slot, state.own[slot]!);
    leave(slot, state.duplicates[slot]!);
    join(slot, own);
    join(slot, duplicates);
    state.found[slot] = found;
    state.own[slot] = own;
    state.duplicates[slot] = duplicates;
  }
  return moves;
}

/** Each warning a moved key makes, made again where it changed; false where its first finding is not found. */
function remerge(
  state: State,
  moves: Moves,
  sources: SiteRulesInput['sources'],
  made: MadeWarnings | undefined,
  { gone, added }: { gone: Merged[]; added: Merged[] },
): boolean {
  for (const [key, { out, in: joined }] of moves) {
    const was = state.merged.get(key);
    const slots = out.length + joined.length === 0 ? (was?.slots ?? NONE) : reslot(was?.slots ?? NONE, out, joined);
    if (slots.length === 0) {
      if (was) gone.push(unfile(state, was));
      state.merged.delete(key);
      continue;
    }
    const first = slots[0]!;
    const part = DUPLICATE_RULES.has(key.slice(0, key.indexOf('\0')) as RuleName) ? DUPLICATES : OWN;
    const list = part === OWN ? state.own[first]! : state.duplicates[first]!;
    const place = list.findIndex((finding) => keysOf(finding).merge === key);
    if (place === -1) return false;
    const finding = list[place]!;
    const rank = part * PART + first * PAGE + place;
    const paths = was && slots === was.slots ? was.pages : slots.map((slot) => state.paths[slot]!);
    const source = finding.line === undefined ? undefined : sources.get(finding.file);
    const text = source?.text;
    if (was?.finding === finding && was.rank === rank && was.pages === paths && was.text === text) continue;
    const warning =
      was && was.pages === paths && was.text === text && keysOf(was.finding).made === keysOf(finding).made
        ? was.warning
        : madeWarning(made, finding, paths, source);
    if (was) gone.push(unfile(state, was));
    added.push(file(state, { key, finding, rank, slots, pages: paths, text, warning }));
  }
  return true;
}

/** The code frames of the other warnings in files whose text changed. */
function reframe(state: State, input: SiteRulesInput, { gone, added }: { gone: Merged[]; added: Merged[] }): void {
  for (const changed of input.changedFiles ?? NONE) {
    for (const merged of [...(state.framed.get(changed) ?? NONE)]) {
      const source = input.sources.get(changed);
      if (source?.text === merged.text) continue;
      const warning = createWarning(merged.finding, merged.pages, frameOf(merged.finding, source));
      gone.push(unfile(state, merged));
      added.push(file(state, { ...merged, text: source?.text, warning }));
    }
  }
}

/** A warning made the one of its key (and of its file's, with a code frame). */
function file(state: State, merged: Merged): Merged {
  state.merged.set(merged.key, merged);
  if (merged.finding.line === undefined) return merged;
  const framed = state.framed.get(merged.finding.file);
  if (framed) framed.add(merged);
  else state.framed.set(merged.finding.file, new Set([merged]));
  return merged;
}

/** A warning no longer its file's (its key's is replaced or deleted by the caller). */
function unfile(state: State, merged: Merged): Merged {
  const framed = state.framed.get(merged.finding.file);
  framed?.delete(merged);
  if (framed?.size === 0) state.framed.delete(merged.finding.file);
  return merged;
}

const DUPLICATE_RULES: ReadonlySet<RuleName> = new Set(['duplicate-title', 'duplicate-description']);
const IMAGE_RULES: ReadonlySet<RuleName> = new Set(['image-file-size', 'image-dimensions']);
/** The rules of one page (src/advice/page-rules.ts): neither the duplicates nor the images of public/. */
const OWN_RULES: ReadonlySet<RuleName> = new Set(
  RULE_NAMES.filter((rule) => !DUPLICATE_RULES.has(rule) && !IMAGE_RULES.has(rule)),
);

function ownFindings(found: PageFindings, isOff: SiteRulesInput['isOff']): readonly Finding[] {
  const { findings } = found;
  return findings.some((finding) => isOff(finding.rule, finding.file))
    ? findings.filter((finding) => !isOff(finding.rule, finding.file))
    : findings;
}

/** A page's duplicates: its title or description, where an earlier indexable page has it too. */
function duplicatesOf(
  state: State,
  page: AdvicePage,
  slot: number,
  sources: SourcesByFile,
  isOff: SiteRulesInput['isOff'],
): readonly Finding[] {
  if (!page.indexable) return NONE;
  let found: Finding[] | undefined;
  const check = (key: DuplicateKey, value: string | undefined, index: Map<string, number[]>) => {
    if (!value) return;
    const first = index.get(value)![0]!;
    if (first === slot) return;
    const finding = duplicateFinding(page, key, value, state.paths[first]!, sources);
    if (!isOff(finding.rule, finding.file)) (found ??= []).push(finding);
  };
  check('title', page.found!.title, state.titles);
  check('description', page.found!.description, state.descriptions);
  return found ?? NONE;
}

/**
 * A page's title (or description) changed from `was` to `now`: it leaves the one's pages and joins
 * the other's. Where it was or becomes the first, the others' duplicates change: they are found again.
 */
function move(
  index: Map<string, number[]>,
  slot: number,
  was: string | undefined,
  now: string | undefined,
  again: Set<number>,
): void {
  if (was === now) return;
  if (was) {
    const slots = index.get(was)!;
    const at = insertionPoint(slots, slot);
    if (at === 0 && slots.length > 1) for (const other of slots) again.add(other);
    slots.splice(at, 1);
    if (slots.length === 0) index.delete(was);
  }
  if (now) {
    let slots = index.get(now);
    if (!slots) index.set(now, (slots = []));
    const at = insertionPoint(slots, slot);
    slots.splice(at, 0, slot);
    if (at === 0 && slots.length > 1) for (const other of slots) again.add(other);
  }
}

/** Where `slot` is, or goes, in ascending `slots`. */
function insertionPoint(slots: readonly number[], slot: number): number {
  let low = 0;
  let high = slots.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (slots[middle]! < slot) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Ascending `slots` without `out`, with `joined` (both ascending): a new list. */
function reslot(slots: readonly number[], out: readonly number[], joined: readonly number[]): number[] {
  const next: number[] = [];
  let leaving = 0;
  let at = 0;
  for (const slot of slots) {
    if (slot === out[leaving]) {
      leaving++;
      continue;
    }
    while (at < joined.length && joined[at]! < slot) next.push(joined[at++]!);
    next.push(slot);
  }
  while (at < joined.length) next.push(joined[at++]!);
  return next;
}

/**
 * The order without `gone`, with `added` in their places by rank, as new lists: a few found by
 * their ranks (the others' entries not read: thousands, scattered in memory), many merged.
 */
function reorder(state: State, gone: readonly Merged[], added: Merged[]): void {
  const order = state.order.slice();
  const warnings = state.warnings.slice();
  if (gone.length + added.length <= 64) {
    for (const merged of gone) {
      const at = rankPoint(order, merged.rank);
      order.splice(at, 1);
      warnings.splice(at, 1);
    }
    for (const merged of added) {
      const at = rankPoint(order, merged.rank);
      order.splice(at, 0, merged);
      warnings.splice(at, 0, merged.warning);
    }
  } else {
    const leaving = new Set(gone);
    added.sort((a, b) => a.rank - b.rank);
    order.length = 0;
    let at = 0;
    for (const merged of state.order) {
      if (leaving.has(merged)) continue;
      while (at < added.length && added[at]!.rank < merged.rank) order.push(added[at++]!);
      order.push(merged);
    }
    while (at < added.length) order.push(added[at++]!);
    warnings.length = 0;
    for (const merged of order) warnings.push(merged.warning);
  }
  state.order = order;
  state.warnings = warnings;
}

/** Where a rank is, or goes, in an order. */
function rankPoint(order: readonly Merged[], rank: number): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (order[middle]!.rank < rank) low = middle + 1;
    else high = middle;
  }
  return low;
}
