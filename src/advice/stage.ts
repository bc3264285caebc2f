/**
 * The content advice as a step of buildSite: the rendered pages, the Markdown facts the Markdown
 * step collected, the sources, the images of public/ and the switches into adviseSite. Each
 * page's scan is kept in the store by the page's key, like the check's page scan.
 */
import type { Codec, Store } from '../cache/store.ts';
import type { LoadedSite } from '../content/load.ts';
import { byteLength } from '../output/plan.ts';
import type { PlannedFile } from '../output/staging.ts';
import type { Route } from '../site/routes.ts';
import { adviseSite, scanAdvicePage, type AdviceResult } from './advise.ts';
import type { PageScan } from './html.ts';
import { collectSwitches, createAdvicePages, readSourceImages } from './pages.ts';
import { createReport, type PageReport } from './report.ts';

export interface AdviceStageInput {
  store: Store;
  loaded: LoadedSite;
  pages: ReadonlyArray<{ route: Route; html: string | Uint8Array; key?: string }>;
  publicFiles: readonly PlannedFile[];
  /** What stands for the files of public/: the key of their image sizes. */
  publicKey: string;
  /** Every file of the output: the weight of the images the report lists. */
  output: readonly PlannedFile[];
  base: string;
  /** Make the per-page report (--report): it also counts each page's words. */
  report: boolean;
}

export interface AdviceStageResult extends Pick<AdviceResult, 'warnings'> {
  /** Set with `report`: one summary per page. */
  report?: PageReport[];
}

export async function runAdviceStage(input: AdviceStageInput): Promise<AdviceStageResult> {
  const { store, loaded, report } = input;
  const markdown = new Map(loaded.markdown.map((part) => [part.file, part]));
  const pages = createAdvicePages(input.pages, loaded.site, (file) => markdown.get(file)).map((page, index) => {
    const key = input.pages[index]!.key;
    const scan = () => scanAdvicePage(page, { words: report });
    return { ...page, scan: key === undefined ? scan() : store.step('advice-scan', `${key} ${report}`, scan, scanCodec) };
  });
  const images = await store.step('advice-images', input.publicKey, () => readSourceImages(input.publicFiles));
  const advice = adviseSite({ pages, sources: loaded.sources, images, switches: collectSwitches(loaded.site, loaded.pages), base: input.base, report });
  if (!report) return { warnings: advice.warnings };
  const sizes = new Map(input.output.map((file) => [file.path, byteLength(file)]));
  const sizeOf = (src: string) => sizes.get(decodeURI(src.startsWith(input.base) ? src.slice(input.base.length) : src).replace(/^\//, ''));
  return { warnings: advice.warnings, report: createReport(advice.pages, sizeOf) };
}

/** A scan as JSON: its strings are copies, so no page's text is kept alive by a slice of it. */
const scanCodec: Codec<PageScan> = {
  encode: (scan) => JSON.stringify(scan),
  decode: (bytes) => JSON.parse(bytes.toString('utf8')) as PageScan,
};
