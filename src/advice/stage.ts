/**
 * The content advice as a step of buildSite: the rendered pages, the Markdown facts the Markdown
 * step collected, the sources, the images of public/ and the switches into adviseSite. What the
 * rules found on each page is kept in the store by the page's key and the hashes of the files it
 * is made from, so an unchanged page is not read again; the rules across pages (duplicates, the
 * switches) run over every page each time.
 */
import type { Codec, Store } from '../cache/store.ts';
import type { LoadedSite } from '../content/load.ts';
import { scanPage } from '../output/check.ts';
import { byteLength } from '../output/plan.ts';
import type { OutputFile } from '../output/plan.ts';
import type { Route } from '../site/routes.ts';
import { advisePage, adviseSite, type AdviceResult, type PageFindings } from './advise.ts';
import { collectSwitches, createAdvicePages, readSourceImages } from './advice-input.ts';
import { createPageReports, type PageReport } from './page-report.ts';

export interface AdviceStageInput {
  store: Store;
  loaded: LoadedSite;
  pages: ReadonlyArray<{ route: Route; html: string | Uint8Array; key?: string }>;
  publicFiles: readonly OutputFile[];
  /** What stands for the files of public/: the key of their image sizes. */
  publicKey: string;
  /** Every file of the output: the weight of the images the report lists. */
  output: readonly OutputFile[];
  base: string;
  /** Make the per-page report (--report): it also counts each page's words. */
  report: boolean;
}

export interface AdviceStageResult extends Pick<AdviceResult, 'warnings'> {
  /** Pages whose rules ran in this build (the others' findings were kept). */
  computed: number;
  /** Set with `report`: one summary per page. */
  report?: PageReport[];
}

export async function runAdviceStage(input: AdviceStageInput): Promise<AdviceStageResult> {
  const { store, loaded, report, base } = input;
  const markdown = new Map(loaded.markdown.map((part) => [part.file, part]));
  const sources = new Map(loaded.sources.map((source) => [source.file, source]));
  const hashOf = (file: string) => sources.get(file)?.hash ?? '';
  // What a page's findings are made from besides its HTML: the text of its files (lines, front
  // matter) and of content/site.yaml, where the templates' texts are found.
  const siteKey = `${hashOf('content/site.yaml')} ${base} ${report}`;
  const context = { sources, base, report };
  const last = store.peek('advice-pages', 'last', keptCodec);
  const kept: KeptFindings = new Map();
  let computed = 0;
  const pages = createAdvicePages(input.pages, loaded.site, (file) => markdown.get(file)).map((page, index) => {
    const pageKey = input.pages[index]!.key;
    if (pageKey === undefined) return page;
    let key = `${pageKey} ${hashOf(page.file)}`;
    for (const part of page.markdown) key += ` ${hashOf(part.file)}`;
    key += ` ${siteKey}`;
    let found = last?.get(key);
    if (found === undefined) {
      found = advisePage({ ...page, scan: scanPage(input.pages[index]!, store) }, context);
      computed++;
    }
    kept.set(key, found);
    page.found = found;
    return page;
  });
  if (computed > 0 || kept.size !== last?.size) store.keep('advice-pages', 'last', kept, keptCodec);
  const images = await store.step('advice-images', input.publicKey, () => readSourceImages(input.publicFiles));
  const advice = adviseSite({
    pages,
    sources: loaded.sources,
    images,
    switches: collectSwitches(loaded.site, loaded.pages),
    base,
    report,
  });
  if (!report) return { warnings: advice.warnings, computed };
  const sizes = new Map(input.output.map((file) => [file.path, byteLength(file)]));
  const sizeOf = (src: string) =>
    sizes.get(decodeURI(src.startsWith(base) ? src.slice(base.length) : src).replace(/^\//, ''));
  return { warnings: advice.warnings, computed, report: createPageReports(advice.pages, sizeOf) };
}

/**
 * What the rules found on each page of the last build, by the page's key and its files' hashes:
 * one value for the whole site, read and written at once (4000 small values cost several times
 * more to look up one by one).
 */
type KeptFindings = Map<string, PageFindings>;

const keptCodec: Codec<KeptFindings> = {
  encode: (kept) => JSON.stringify([...kept]),
  decode: (bytes) => new Map(JSON.parse(bytes.toString('utf8')) as Array<[string, PageFindings]>),
};
