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

/** The Markdown bodies a route shows, with the file each was written in. */
export function bodiesShownOn(route: Route, site: Site): Array<{ file: string; html: string }> {
  const { page } = route;
  if (page.kind === 'entry') return [{ file: fileOf(KINDS[page.of], page.entry), html: page.entry.html }];
  if (page.kind !== 'home') return [];
  return HOME_KINDS.flatMap((name) => filesOf(site, name)).map(({ file, entry }) => ({ file, html: entry.html ?? '' }));
}

/**
 * The Markdown part of the advice page each entry is shown on, made once per entry: an entry stays the same
 * object while its file and body do (src/content/load.ts), and this runs for every page of every dev rebuild.
 */
const entryParts = new WeakMap<object, AdvicePage['markdown']>();

/**
 * An entry's Markdown part, its HTML and facts read when asked for. Made out here, not in createAdvicePages,
 * because a getter made there, kept with the entry across dev's saves, would hold that build's pages.
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

/** The advice page of each rendered page. */
export function createAdvicePages(
  rendered: ReadonlyArray<{ route: Route; html: string | Uint8Array }>,
  site: Site,
  markdownOf: MarkdownOf,
): AdvicePage[] {
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
    if (page.kind === 'entry') {
      const file = fileOf(KINDS[page.of], page.entry);
      return new PageToAdvise(rendered, file, part(file, page.entry));
    }
    return new PageToAdvise(rendered, siteFile, page.kind === 'home' ? home : []);
  };
  return rendered.map(create);
}

/**
 * A rendered page as the rules read it, its HTML read only when they run on it (a warm build runs them on
 * few pages, src/page-stages.ts). Its HTML is a getter, not an own property, so a copy must name it.
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

/** The rules turned off in content/site.yaml (the whole site) and in each content file's front matter. */
export function collectSwitches(site: Site, pages: readonly ContentPage[]): AdviceSwitches {
  const files = new Map<string, AdviceSwitch>();
  for (const name of KIND_NAMES) {
    if (name === 'settings') continue;
    const loaded = (name === 'pages' ? pages : site[name as keyof Site]) as Shown | Shown[] | undefined;
    if (loaded === undefined) continue;
    // Only the entries that turn a rule off are named: this runs over every page of every build.
    for (const entry of Array.isArray(loaded) ? loaded : [loaded])
      if (entry.advice) files.set(fileOf(KINDS[name], entry), entry.advice);
  }
  return { site: site.settings.advice, files };
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
