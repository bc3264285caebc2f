/**
 * From the pipeline's values to what adviseSite reads: which content files each route is made
 * from, the rules turned off per file, and the images of public/. Where each kind's files are and
 * which page reads them follow from src/content/kinds.ts.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  contentFile,
  KIND_NAMES,
  KINDS,
  type ContentKind,
  type ContentPage,
  type KindName,
  type Site,
} from '../content/kinds.ts';
import { readImageSize } from '../images/size.ts';
import { changedPlaces } from '../overlay-map.ts';
import type { Route } from '../site/routes.ts';
import type { AdvicePage, PageFindings, SourceImage } from './advise.ts';
import type { PageScan } from '../output/scan-html.ts';
import type { MarkdownFacts } from './markdown.ts';
import type { AdviceSwitch, AdviceSwitches } from './switches.ts';

/** What the Markdown step learnt from a content file's body, and the lines before that body. */
export type MarkdownOf = (file: string) => { facts: MarkdownFacts; lineOffset: number } | undefined;

type Shown = { slug?: string; html?: string; advice?: AdviceSwitch };

/** Each entry of a kind with its file: one for a file kind, every entry for a folder kind. */
function filesOf(entries: Partial<Record<KindName, unknown>>, name: KindName): Array<{ file: string; entry: Shown }> {
  const kind: ContentKind = KINDS[name];
  const loaded = entries[name] as Shown | Shown[] | undefined;
  if (loaded === undefined) return [];
  const list = Array.isArray(loaded) ? loaded : [loaded];
  return list.map((entry) => ({ file: fileOf(kind, entry), entry }));
}

/**
 * The file an entry was written in, made once per entry: dev keeps an unchanged entry as the same
 * object (src/content/load.ts), and this runs for every page of every rebuild.
 */
const entryFiles = new WeakMap<object, string>();
function fileOf(kind: ContentKind, entry: Shown): string {
  let file = entryFiles.get(entry);
  if (file === undefined) entryFiles.set(entry, (file = contentFile(kind, entry.slug)));
  return file;
}

/** The kinds whose bodies the home page shows. */
const HOME_KINDS = KIND_NAMES.filter((name) => KINDS[name].advice === 'home');
/** The kind each routed page kind is made from. */
const ROUTED = new Map(
  KIND_NAMES.flatMap((name) => {
    const kind: ContentKind = KINDS[name];
    return 'route' in kind && kind.route ? [[kind.route, kind] as const] : [];
  }),
);

/** The Markdown bodies a route shows, with the file each was written in. */
export function bodiesShownOn(route: Route, site: Site): Array<{ file: string; html: string }> {
  const { page } = route;
  const kind = ROUTED.get(page.kind as 'legal' | 'page');
  if (kind) {
    const entry = (page.kind === 'legal' ? page.legal : page.kind === 'page' ? page.page : undefined)!;
    return [{ file: fileOf(kind, entry), html: entry.html }];
  }
  if (page.kind !== 'home') return [];
  return HOME_KINDS.flatMap((name) => filesOf(site, name)).map(({ file, entry }) => ({ file, html: entry.html ?? '' }));
}

/**
 * The Markdown part of the advice page each entry is shown on, made once per entry: an entry is the
 * same object while its file and body are (src/content/load.ts; a page's with its pictures placed,
 * src/images/place.ts), and this runs for every page of every dev rebuild.
 */
const entryParts = new WeakMap<object, AdvicePage['markdown']>();

/**
 * An entry's Markdown part, its HTML and facts read when asked for. Made out here, not in
 * createAdvicePages: kept with the entry across dev's saves (entryParts), a getter made there would
 * hold that build's pages and look-ups for as long.
 */
function markdownPart(
  file: string,
  entry: { html?: string },
  found: { lineOffset: number; facts: MarkdownFacts },
): AdvicePage['markdown'][number] {
  return {
    file,
    get html() {
      return entry.html!;
    },
    lineOffset: found.lineOffset,
    get facts() {
      return found.facts;
    },
  };
}

/** The advice pages of a run, and where they were made anew. */
export interface AdvicePages {
  pages: AdvicePage[];
  /**
   * The positions of the pages made in this run, ascending; undefined when every page was (no last
   * run's pages taken): the others are the last run's, the same objects.
   */
  made: number[] | undefined;
  /** The positions of the pages that are not a content page's: made in every run. */
  others: number[];
}

/**
 * The advice page of each rendered page. `last`: the pages the last run read and made (dev): a
 * content page the render stage kept as the same object is the same page with the same entry
 * (src/page-stages.ts), and its advice page is taken as it was, by position, without reading it:
 * only the positions whose rendered page is another object, and those of the other pages, are visited.
 */
export function createAdvicePages(
  rendered: ReadonlyArray<{ route: Route; html: string | Uint8Array }>,
  site: Site,
  markdownOf: MarkdownOf,
  last?: { rendered: readonly object[]; pages: readonly AdvicePage[]; others?: readonly number[] },
): AdvicePages {
  // The HTML and the facts read when the rules run on the page: a warm build runs them on few pages
  // of thousands, and a body the disk cache kept is decoded only then.
  const part = (file: string, entry: { html?: string }): AdvicePage['markdown'] => {
    let made = entryParts.get(entry);
    if (made) return made;
    const found = 'html' in entry ? markdownOf(file) : undefined;
    made = found ? [markdownPart(file, entry, found)] : [];
    entryParts.set(entry, made);
    return made;
  };
  const home = HOME_KINDS.flatMap((name) => filesOf(site, name)).flatMap(({ file, entry }) => part(file, entry));
  const siteFile = contentFile(KINDS.settings);
  const create = (rendered: { route: Route; html: string | Uint8Array }): AdvicePage => {
    const { page } = rendered.route;
    const kind = ROUTED.get(page.kind as 'legal' | 'page');
    if (kind) {
      const entry = (page.kind === 'legal' ? page.legal : page.kind === 'page' ? page.page : undefined)!;
      const file = fileOf(kind, entry);
      const made = page.kind === 'page' ? ContentPageToAdvise : PageToAdvise;
      return new made(rendered, file, part(file, entry));
    }
    return new PageToAdvise(rendered, siteFile, page.kind === 'home' ? home : []);
  };
  const places = last?.others && changedPlaces(last.rendered, rendered);
  if (places) {
    // The last run's pages, with the changed ones and the others made again.
    const pages = last!.pages.slice();
    const made = [...new Set([...places, ...last!.others!])].sort((a, b) => a - b);
    const others: number[] = [];
    for (const index of made) {
      const page = create(rendered[index]!);
      pages[index] = page;
      if (!(page instanceof ContentPageToAdvise)) others.push(index);
    }
    return { pages, made, others };
  }
  const others: number[] = [];
  const pages = rendered.map((rendered, index): AdvicePage => {
    const page = create(rendered);
    if (!(page instanceof ContentPageToAdvise)) others.push(index);
    return page;
  });
  return { pages, made: undefined, others };
}

/**
 * A rendered page as the rules read it, its HTML asked of the page only when they run on it: a
 * warm build runs them on few pages of thousands, and a page the disk cache kept is read from it
 * only then (src/page-stages.ts). A class, made for every page of every build; its HTML is no own
 * property, so a copy names it.
 */
class PageToAdvise implements AdvicePage {
  readonly path: string;
  readonly indexable: boolean;
  readonly file: string;
  readonly markdown: AdvicePage['markdown'];
  found?: PageFindings;
  scan?: PageScan;
  readonly #rendered: { route: Route; html: string | Uint8Array };

  constructor(rendered: { route: Route; html: string | Uint8Array }, file: string, markdown: AdvicePage['markdown']) {
    this.path = rendered.route.path;
    this.indexable = rendered.route.indexable;
    this.file = file;
    this.markdown = markdown;
    this.#rendered = rendered;
  }

  get html(): string | Uint8Array {
    return this.#rendered.html;
  }
}

/**
 * A page of content/pages/: made of its rendered page and its entry alone, which are the same
 * objects while its file is, so the next run may take it as it is (createAdvicePages).
 */
export class ContentPageToAdvise extends PageToAdvise {}

/**
 * The rules turned off in content/site.yaml (the whole site) and in each content file's front
 * matter. `last`: content/pages/ as the last run loaded it (dev), with the rules its pages turned
 * off: while no page that changed turns a rule off or did, they are the same, and the thousands of
 * pages are not read again (an unchanged page is the same object, src/content/load.ts).
 */
export function collectSwitches(
  site: Site,
  pages: readonly ContentPage[],
  last?: { pages: readonly ContentPage[]; pageSwitches: ReadonlyArray<[string, AdviceSwitch]> },
): { switches: AdviceSwitches; pageSwitches: ReadonlyArray<[string, AdviceSwitch]> } {
  let pageSwitches = last && carriedSwitches(pages, last);
  const files = new Map<string, AdviceSwitch>();
  for (const name of KIND_NAMES) {
    if (name === 'settings') continue;
    if (name === 'pages' && pageSwitches) {
      for (const [file, advice] of pageSwitches) files.set(file, advice);
      continue;
    }
    const loaded = (name === 'pages' ? pages : site[name as keyof Site]) as Shown | Shown[] | undefined;
    if (loaded === undefined) continue;
    const found: Array<[string, AdviceSwitch]> = [];
    // Only the entries that turn a rule off are named: this runs over every page of every build.
    for (const entry of Array.isArray(loaded) ? loaded : [loaded])
      if (entry.advice) found.push([fileOf(KINDS[name], entry), entry.advice]);
    for (const [file, advice] of found) files.set(file, advice);
    if (name === 'pages') pageSwitches = found;
  }
  return { switches: { site: site.settings.advice, files }, pageSwitches: pageSwitches ?? [] };
}

function carriedSwitches(
  pages: readonly ContentPage[],
  last: { pages: readonly ContentPage[]; pageSwitches: ReadonlyArray<[string, AdviceSwitch]> },
): ReadonlyArray<[string, AdviceSwitch]> | undefined {
  if (last.pages.length !== pages.length) return undefined;
  for (let index = 0; index < pages.length; index++) {
    const page = pages[index]!;
    const was = last.pages[index]!;
    if (page !== was && (page.advice || was.advice)) return undefined;
  }
  return last.pageSwitches;
}

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg|tiff?|bmp)$/i;

/** The images among the files of public/, with their pixel sizes where the format tells them. */
export async function readSourceImages(
  files: ReadonlyArray<{ path: string; source?: string; size?: number }>,
): Promise<SourceImage[]> {
  const images = files.filter((file) => IMAGE.test(file.path) && file.source !== undefined);
  return Promise.all(
    images.map(async (file) => {
      const bytes = await readFile(file.source!);
      const size = /\.svg$/i.test(file.path) ? undefined : readImageSize(bytes, path.basename(file.path));
      return { path: file.path, bytes: file.size ?? bytes.length, ...size };
    }),
  );
}
