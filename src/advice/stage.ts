/**
 * The content advice over a built site: the rendered pages, the Markdown facts the Markdown step
 * collected, the sources, the images of public/ and the switches into adviseSite. What the rules
 * find on one page may come from the build's keeping (`findingsOf`, src/stages.ts); the rules
 * across pages (duplicates, the switches) run over every page each time.
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
import type { SourceText } from './findings.ts';
import type { AdviceSwitches } from './switches.ts';
import { collectSwitches, createAdvicePages } from './advice-input.ts';
import type { MadeWarnings } from './findings.ts';
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
  /** What the rules find on one page: `advise()`, or what the build kept for the same page and files. */
  findingsOf?: (page: AdvicePage, advise: () => PageFindings) => PageFindings;
  /** The warnings an earlier run made (src/advice/findings.ts). */
  made?: MadeWarnings;
  /** The site-wide advice of the last run, taken again while what it was made from is the same (dev). */
  lastSite?: SiteAdvice;
}

export interface AdviceStageResult extends Pick<AdviceResult, 'warnings'> {
  /** Pages whose rules ran in this build (the others' findings were kept). */
  computed: number;
  /** Set with `report`: one summary per page. */
  report?: PageReport[];
  /** What the site-wide advice was made from, for the next run's `lastSite`. */
  site: SiteAdvice;
}

export function runAdviceStage(input: AdviceStageInput): AdviceStageResult {
  const { loaded, report, base, findingsOf = (_, advise) => advise() } = input;
  const markdown = new Map(loaded.markdown.map((part) => [part.file, part]));
  const sources = new Map(loaded.sources.map((source) => [source.file, source]));
  const context = { sources, base, report };
  let computed = 0;
  const advise = (page: AdvicePage, index: number) => () => {
    computed++;
    const rendered = input.pages[index]!;
    return advisePage({ ...page, scan: input.scanOf?.(rendered) }, context);
  };
  const pages = createAdvicePages(input.pages, loaded.site, (file) => markdown.get(file));
  const lastFound = input.lastSite?.found;
  pages.forEach((page, index) => {
    const found = findingsOf(page, advise(page, index));
    // Found again on a saved page, and the same as before: the same object, so the site-wide advice may stay.
    const last = lastFound?.[index];
    page.found = last && found !== last && sameJson(found, last) ? last : found;
  });
  const switches = collectSwitches(loaded.site, loaded.pages);
  const made = { pages, texts: sources, images: input.images, switches: switchesJson(switches) };
  const kept = input.lastSite && sameSiteInput(input.lastSite, made, base, report);
  // The warnings stay made for the run after this one.
  if (kept && input.made?.last) for (const [key, warning] of input.made.last) input.made.next.set(key, warning);
  const advice = kept
    ? input.lastSite!.advice
    : adviseSite({
        pages,
        sources: loaded.sources,
        images: input.images,
        switches,
        base,
        report,
        made: input.made,
      });
  const site: SiteAdvice = { ...made, found: pages.map((page) => page.found!), base, report, advice };
  if (!report) return { warnings: advice.warnings, computed, site };
  const sizes = new Map(input.output.map((file) => [file.path, byteLength(file)]));
  const sizeOf = (src: string) =>
    sizes.get(decodeURI(src.startsWith(base) ? src.slice(base.length) : src).replace(/^\//, ''));
  return { warnings: advice.warnings, computed, report: createPageReports(advice.pages, sizeOf), site };
}

/**
 * The site-wide advice (duplicates, switches, warnings merged, their code frames) and what it was
 * made from: every page's path, file and findings (by identity), the texts of the files its
 * warnings point into, the images of public/ and the switches.
 */
export interface SiteAdvice {
  pages: readonly Pick<AdvicePage, 'path' | 'indexable' | 'file'>[];
  found: readonly PageFindings[];
  texts: ReadonlyMap<string, SourceText>;
  images: readonly SourceImage[];
  switches: string;
  base: string;
  report: boolean;
  advice: AdviceResult;
}

/**
 * The same pages with the same findings, and the files the warnings point into with the same
 * text (their lines and code frames come from it): the site-wide rules would find the same.
 */
function sameSiteInput(
  last: SiteAdvice,
  now: Pick<SiteAdvice, 'texts' | 'images' | 'switches'> & { pages: readonly AdvicePage[] },
  base: string,
  report: boolean,
): boolean {
  if (last.base !== base || last.report !== report || last.images !== now.images) return false;
  if (last.switches !== now.switches || last.pages.length !== now.pages.length) return false;
  const same = now.pages.every((page, index) => {
    const before = last.pages[index]!;
    return (
      page.found === last.found[index] &&
      page.path === before.path &&
      page.indexable === before.indexable &&
      page.file === before.file
    );
  });
  return (
    same &&
    last.advice.warnings.every(
      (warning) =>
        warning.file === undefined || last.texts.get(warning.file)?.text === now.texts.get(warning.file)?.text,
    )
  );
}

function switchesJson(switches: AdviceSwitches): string {
  return JSON.stringify([switches.site, [...(switches.files ?? [])]]);
}

function sameJson(a: PageFindings, b: PageFindings): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
