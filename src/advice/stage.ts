/**
 * The content advice over a built site: the rendered pages, Markdown facts, sources, images of public/ and
 * switches into adviseSite. What the rules find on one page may be kept by the caller (`findingsOf`,
 * src/page-stages.ts); the rules across pages (duplicates, the switches, merging) run every time.
 */
import type { LoadedSite } from '../content/load.ts';
import type { PageScan } from '../output/scan-html.ts';
import { byteLength } from '../output/plan.ts';
import type { OutputFile } from '../output/plan.ts';
import type { Route } from '../site/routes.ts';
import {
  advisePage,
  adviseSite,
  type AdvicePage,
  type AdviceResult,
  type PageFindings,
  type SourceImage,
} from './advise.ts';
import { collectSwitches, createAdvicePages } from './advice-input.ts';
import { sourcesByFile } from './findings.ts';
import { createPageReports, type PageReport } from './page-report.ts';

export interface AdviceStageInput {
  loaded: LoadedSite;
  pages: ReadonlyArray<{ route: Route; html: string | Uint8Array }>;
  /** The images of public/ with their sizes (readSourceImages). */
  images: SourceImage[];
  /** A page's scan, the one the site check read (src/page-stages.ts reads each page once for both). */
  scanOf?: (page: { route: Route; html: string | Uint8Array }) => PageScan;
  /** Every file of the output: the weight of the images the report lists. */
  output: readonly OutputFile[];
  base: string;
  /** Make the per-page report (--report): it also counts each page's words. */
  report: boolean;
  /** The findings of the page at `index`: `find()`'s, or kept ones for the same page. Default: find(). */
  findingsOf?: (page: AdvicePage, index: number, find: () => PageFindings) => PageFindings;
}

export interface AdviceStageResult extends Pick<AdviceResult, 'warnings'> {
  /** Pages whose rules ran in this build (the others' findings were kept). */
  computed: number;
  /** Set with `report`: one summary per page. */
  report?: PageReport[];
}

export function runAdviceStage(input: AdviceStageInput): AdviceStageResult {
  const { loaded, report, base } = input;
  const context = { sources: sourcesByFile(loaded.sources), base, report };
  const findingsOf = input.findingsOf ?? ((_page, _index, find) => find());
  let computed = 0;
  const pages = createAdvicePages(input.pages, loaded.site, loaded.markdownOf);
  pages.forEach((page, index) => {
    page.found = findingsOf(page, index, () => {
      computed++;
      // The HTML named: a page's is no own property (src/advice/advice-input.ts).
      return advisePage({ ...page, html: page.html, scan: input.scanOf?.(input.pages[index]!) }, context);
    });
  });
  const advice = adviseSite({
    pages,
    sources: loaded.sources,
    images: input.images,
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
