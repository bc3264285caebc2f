/**
 * The stages that work page by page (render, advice; the site check is src/check-stage.ts) and their keys.
 * A page's key stands for everything it is made from: the props all pages share and its own route, or for
 * a content page its file and body; the check and the advice keep what they found on a page by that key.
 */
import { hashKey, LaterBytes } from './cache/disk.ts';
import { textCodec, type Codec, type Store } from './cache/store.ts';
import { keepResult } from './cache/kept-results.ts';
import { linesCodec, sameEntries } from './cache/codecs.ts';
import type { PageFindings } from './advice/advise.ts';
import { sourcesByFile } from './advice/findings.ts';
import { readSourceImages } from './advice/advice-input.ts';
import { runAdviceStage, type AdviceStageInput, type AdviceStageResult } from './advice/stage.ts';
import type { LoadedKinds, LoadedSite } from './content/load.ts';
import { readPageJson, type RenderedPage } from './output/check.ts';
import type { OutputFile } from './output/plan.ts';
import type { OutputRecords } from './output/previous-output.ts';
import { writeOutput } from './output/staging.ts';
import type { PageScan } from './output/scan-html.ts';
import { parseScan } from './output/scan-json.ts';
import type { Publication } from './publish/publication.ts';
import { listedRoutes, renderSitePages, type PagesInput } from './render/site-pages.ts';
import { KINDS, type ContentPage } from './content/kinds.ts';
import type { ContentFile } from './content/file.ts';
import type { Route } from './site/routes.ts';
import { htmlKey, siteJson, sourceKey, urlKey, type Bodies } from './stages.ts';

export interface PagesStageInput extends Omit<PagesInput, 'head'> {
  publication: Publication;
  kinds: LoadedKinds;
  bodies: Bodies;
  /** The content pages before their Markdown images were placed: a page whose HTML changed with them is keyed by it. */
  unplaced: LoadedSite['pages'];
}

/** Every page, kept by its key; `keys`: each page's key by its output file, for the stages after it. */
export function renderPagesStage(
  store: Store,
  input: PagesStageInput,
): { pages: RenderedPage[]; keys: Map<string, string>; inOrder: string[] } {
  const { templates, site, routes, urls, assets, images, publication } = input;
  const listed = listedOf(routes);
  const shared = hashKey(
    templates.hash,
    siteJson(site),
    listed.json,
    urlKey(urls),
    JSON.stringify(assets),
    JSON.stringify(images),
    JSON.stringify(publication.headParts),
  );
  const contentKeyOf = contentPageKeys(store, input);
  const keys = routes.map((route) =>
    route.page.kind === 'entry' && !KINDS[route.page.of].shared
      ? store.join(shared, contentKeyOf(route.page.entry as ContentPage))
      : `${shared} ${route.path} ${route.file} ${route.indexable}${redirectKey(route)}`,
  );
  const html = keys.map((key) => store.peek('page', key, pageCodec));
  const missing = routes.filter((_, index) => html[index] === undefined);
  const made =
    missing.length === 0 ? [] : renderSitePages({ ...input, head: publication.head }, missing, listed.routes);
  const byRoute = new Map(made.map((page) => [page.route, page.html]));
  const pages = routes.map((route, index): RenderedPage => {
    const kept = html[index];
    if (kept instanceof LaterBytes) return new KeptPage(route, kept);
    if (kept !== undefined) return { route, html: kept };
    const rendered = byRoute.get(route)!;
    store.keep('page', keys[index]!, rendered, pageCodec);
    return { route, html: rendered };
  });
  // Two routes to one file (a clash, reported by planOutput): the later one's key.
  const byFile = new Map(routes.map((route, index) => [route.file, keys[index]!]));
  return { pages, keys: byFile, inOrder: keys };
}

interface Listed {
  routes: Route[];
  json: string;
}

/**
 * The pages whose links are `hrefs` (the pages dev's browsers have open), rendered as
 * renderPagesStage renders them, from the same input: dev shows them before the rest of the site.
 */
export function renderOpenPages(input: PagesStageInput, hrefs: ReadonlySet<string>): OpenPage[] {
  const { urls, routes, publication } = input;
  const open = routes.filter((route) => route.page.kind !== 'redirect' && hrefs.has(urls.href(route.path)));
  if (open.length === 0) return [];
  const pages = renderSitePages({ ...input, head: publication.head }, open, listedOf(routes).routes);
  return pages.map(({ route, html }) => ({ href: urls.href(route.path), html: html.toString('utf8') }));
}

export interface OpenPage {
  /** The page's link, as a browser has it open. */
  href: string;
  html: string;
}

function listedOf(routes: readonly Route[]): Listed {
  const listed = listedRoutes(routes);
  return { routes: listed, json: JSON.stringify(listed) };
}

/**
 * A page's HTML as the store keeps it: the bytes rendered now, or those the disk cache kept, read only when
 * asked for (src/cache/store.ts, READ_LATER): a warm build leaves most pages where they are in the output.
 */
type KeptHtml = Buffer | LaterBytes;
const pageCodec: Codec<KeptHtml> = {
  encode: (html) => (html instanceof LaterBytes ? html.bytes() : html),
  decode: (bytes) => bytes,
  decodeLater: (later) => later,
};

/**
 * A page the disk cache kept: its HTML read when first asked for, its length known before (the
 * summary and the advice count bytes). A class: one is made for each of thousands of pages every
 * warm build, and a getter on an object literal is a closure each.
 */
class KeptPage implements RenderedPage {
  readonly route: Route;
  readonly kept: LaterBytes;

  constructor(route: Route, kept: LaterBytes) {
    this.route = route;
    this.kept = kept;
  }

  get html(): Buffer {
    return this.kept.bytes();
  }

  get size(): number {
    return this.kept.length;
  }
}

/** The page at an old path is made from where it leads, which its path does not say. */
function redirectKey(route: Route): string {
  return route.page.kind === 'redirect' ? ` ${JSON.stringify(route.page.redirect)}` : '';
}

/**
 * A content page is made from its file (path, slug, fields) and its body; when its body shows
 * images, from the HTML their pictures made too, since those can change while the Markdown does not.
 */
function contentPageKeys(store: Store, input: PagesStageInput): (page: ContentPage) => string {
  let files: Map<string, ContentFile<unknown>> | undefined;
  let unplaced: Map<string, ContentPage> | undefined;
  let misses = 0;
  return (page) => {
    const kept = pageKeys.get(page);
    if (kept !== undefined) return kept;
    // A dev save keys one page: found by a look through the lists, not two maps of thousands made.
    if (++misses > 1) {
      files ??= new Map(input.kinds.files.pages.map((file) => [file.entry!.slug!, file]));
      unplaced ??= new Map(input.unplaced.map((page) => [page.slug, page]));
    }
    const file = files
      ? files.get(page.slug)!
      : input.kinds.files.pages.find((file) => file.entry!.slug === page.slug)!;
    const before = unplaced ? unplaced.get(page.slug) : input.unplaced.find((other) => other.slug === page.slug);
    const key = store.join(sourceKey(file.source!), htmlKey(input.bodies.get(file.parsed!.file)!));
    const made = page === before ? key : `${key} ${hashKey(page.html)}`;
    pageKeys.set(page, made);
    return made;
  };
}

/**
 * Each content page's key by the page: a page is made once from its file and body while they are
 * the same (assembleSite and placeSiteImages keep it as the same object), so in dev a save keys
 * its own page again, not all of them.
 */
const pageKeys = new WeakMap<ContentPage, string>();

/**
 * What each page's HTML holds (src/output/scan-html.ts), read once per build for the site check and
 * the advice both, and kept by the page's key: a page whose key is the same is not read again.
 */
export function pageScans(store: Store, keys: Map<string, string>): (page: RenderedPage) => PageScan {
  // Kept as JSON, one string a page, and decoded for each reader: decoded, the scans of thousands of pages
  // held much more memory until the build ended (docs/cold-build-diagnosis.md).
  return (page) => {
    const key = keys.get(page.route.file);
    const json =
      key === undefined ? readPageJson(page) : store.step('page-scan', key, () => readPageJson(page), textCodec);
    return parseScan(json);
  };
}

/**
 * The advice; what the rules found on a page is kept by its key and its files' texts, under the
 * site file's: one value for the whole site, not one a page.
 */
export async function adviceStage(
  store: Store,
  input: Omit<AdviceStageInput, 'images' | 'findingsOf'> & { publicFiles: OutputFile[]; publicKey: string },
  keys: Map<string, string>,
): Promise<AdviceStageResult> {
  const { loaded, base, report } = input;
  const sources = sourcesByFile(loaded.sources);
  const hashOf = (file: string) => {
    const source = sources.get(file);
    return source ? sourceKey(source) : '';
  };
  const siteKey = `${hashOf('content/site.yaml')} ${base} ${report}`;
  const kept = store.peek('advice-pages', siteKey, findingsCodec);
  const found = new Map<string, PageFindings>();
  const images = await keepResult(store, 'advice-images', input.publicKey, () => readSourceImages(input.publicFiles));
  const result = runAdviceStage({
    ...input,
    images,
    findingsOf(page, index, find) {
      let key = keys.get(input.pages[index]!.route.file)!;
      key += ` ${hashOf(page.file)}`;
      for (const part of page.markdown) key += ` ${hashOf(part.file)}`;
      const findings = kept?.get(key) ?? find();
      found.set(key, findings);
      return findings;
    },
  });
  if (!sameEntries(kept, found)) store.keep('advice-pages', siteKey, found, findingsCodec);
  return result;
}

const findingsCodec: Codec<Map<string, PageFindings>> = linesCodec();

/**
 * Writes the output, linking what the last build recorded as unchanged; the record is kept for the
 * next build.
 */
export async function writeStage(store: Store, outDir: string, files: OutputFile[]): Promise<void> {
  const last = store.peek('output-files', outDir, recordsCodec);
  const records = await writeOutput(outDir, files, last);
  // Kept only when it changed: a build with nothing changed leaves the cache file as it is.
  const same =
    last?.size === records.size && [...records].every(([file, record]) => `${last.get(file)}` === `${record}`);
  if (!same) store.keep('output-files', outDir, records, recordsCodec);
}

const recordsCodec: Codec<OutputRecords> = linesCodec();
