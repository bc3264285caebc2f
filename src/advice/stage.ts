/**
 * The content advice over a built site: the rendered pages, the Markdown facts the Markdown step
 * collected, the sources, the images of public/ and the switches into adviseSite. What the rules
 * find on one page may come from the build's keeping (`kept`, src/page-stages.ts); the rules
 * across pages (duplicates, the switches, merging) run again only when what they read changed:
 * otherwise the last run's warnings are taken, with the code frames of changed files made again.
 */
import { createHash } from 'node:crypto';
import type { LoadedSite } from '../content/load.ts';
import type { SiteError } from '../errors.ts';
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
import type { AdviceSwitches } from './switches.ts';
import { collectSwitches, createAdvicePages } from './advice-input.ts';
import { createWarning, frameOf, sourcesByFile, type Finding, type SourcesByFile } from './findings.ts';
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
  /** What the build kept of the last run (src/page-stages.ts): without it, every rule runs on every page. */
  kept?: KeptAdvice;
}

/**
 * What the last run found, as the build keeps it: each page's findings by its key (a key stands
 * for everything they are made from), the keys in the last run's order, and its site-wide advice.
 */
export interface KeptAdvice {
  /** The key of the page at this position of the run's pages. */
  keyOf(page: AdvicePage, index: number): string;
  /** The findings kept for a key, if any. */
  found(key: string): PageFindings | undefined;
  /** The findings the last run kept at a position of its order (lastKeys). */
  foundAt(position: number): PageFindings | undefined;
  /** Findings made now, for the next run. */
  keep(key: string, found: PageFindings): void;
  /** The last run's pages' keys in their order, when kept. */
  lastKeys(): readonly string[] | undefined;
  /** A version of a file's text (its hash): a code frame is made again when its file's changed. */
  versionOf(file: string): string;
  /** The last run's site-wide advice. */
  site?: SiteAdvice;
}

export interface AdviceStageResult extends Pick<AdviceResult, 'warnings'> {
  /** Pages whose rules ran in this build (the others' findings were kept). */
  computed: number;
  /** Set with `report`: one summary per page. */
  report?: PageReport[];
  /** What the site-wide advice was made from and made, for the next run's `kept.site`. */
  site: SiteAdvice;
  /** Each page's key, in order (with `kept`). */
  keys?: string[];
}

export function runAdviceStage(input: AdviceStageInput): AdviceStageResult {
  const { loaded, report, base, kept } = input;
  const sources = sourcesByFile(loaded.sources);
  const context = { sources, base, report };
  let computed = 0;
  const pages = createAdvicePages(input.pages, loaded.site, loaded.markdownOf);
  const keys = kept && pages.map((page, index) => kept.keyOf(page, index));
  // What the site-wide rules read besides the findings, as one digest (a JSON list: unambiguous).
  const pagesDigest = digestPages(pages);
  const before = kept?.lastKeys();
  // `lookUp`: false where the key cannot be kept (the page's own changed, and pages did not move).
  const foundOf = (index: number, lookUp = true): PageFindings => {
    const page = pages[index]!;
    if (page.found) return page.found;
    const key = keys?.[index];
    // At its own position while the page's key is the same (a lookup by key indexes every key kept).
    let found =
      key === undefined || !lookUp ? undefined : before?.[index] === key ? kept!.foundAt(index) : kept!.found(key);
    if (!found) {
      computed++;
      // The HTML named: a page's is no own property (src/advice/advice-input.ts).
      found = advisePage({ ...page, html: page.html, scan: input.scanOf?.(input.pages[index]!) }, context);
      if (key !== undefined) kept!.keep(key, found);
    }
    page.found = found;
    return found;
  };
  const switches = collectSwitches(loaded.site, loaded.pages);
  const shape = createHash('sha256')
    .update(JSON.stringify([base, report, switchesJson(switches), input.images, pagesDigest]))
    .digest('base64url');
  const versionOf = kept?.versionOf ?? (() => '');
  const lastSite = kept?.site;
  const carried = lastSite && !report ? carrySite(kept!, lastSite, shape, keys!, { foundOf, sources }) : undefined;
  if (lastSite && carried) {
    // All taken as they were: the same value, which the disk cache then writes back as it read it.
    const same = carried.every((made, index) => made === lastSite.warnings[index]);
    const site: SiteAdvice = same ? lastSite : { shape, warnings: carried };
    return { warnings: carried.map(warningOf), computed, site, keys };
  }
  for (let index = 0; index < pages.length; index++) foundOf(index);
  const advice = adviseSite({
    pages,
    sources: loaded.sources,
    images: input.images,
    switches,
    base,
    report,
  });
  const site: SiteAdvice = { shape, warnings: madeSiteWarnings(advice.merged, versionOf) };
  if (!report) return { warnings: advice.warnings, computed, site, keys };
  const sizes = new Map(input.output.map((file) => [file.path, byteLength(file)]));
  const sizeOf = (src: string) =>
    sizes.get(decodeURI(src.startsWith(base) ? src.slice(base.length) : src).replace(/^\//, ''));
  return { warnings: advice.warnings, computed, report: createPageReports(advice.pages, sizeOf), site, keys };
}

/**
 * The site-wide advice (duplicates, switches, warnings merged, their code frames) and a digest of
 * what it was made from besides the pages' findings (each page's path and file, the switches, the
 * images of public/); the findings are those kept with it, in the pages' order (kept.lastKeys).
 */
export interface SiteAdvice {
  shape: string;
  warnings: MadeSiteWarning[];
}

/** A warning as the site-wide advice made it: from its finding, for its pages, with its file's version then. */
export interface MadeSiteWarning {
  finding: Finding;
  pages: string[];
  /** The version (kept.versionOf) of the file its code frame shows; '' for none. */
  version: string;
  frame?: string;
  /** Made when first asked for: the last run's, read from the disk cache, holds the rest only. */
  warning?: SiteError;
}

/** The site-wide advice's warnings as kept: each with the version of the file its code frame shows. */
function madeSiteWarnings(merged: AdviceResult['merged'], versionOf: (file: string) => string): MadeSiteWarning[] {
  return merged.map(({ finding, pages, warning }) => ({
    finding,
    pages,
    version: finding.line === undefined ? '' : versionOf(finding.file),
    frame: warning.frame,
    warning,
  }));
}

function warningOf(made: MadeSiteWarning): SiteError {
  made.warning ??= createWarning(made.finding, made.pages, made.frame);
  return made.warning;
}

/**
 * The last run's warnings, when the site-wide rules would find the same: the same pages and
 * switches, and on each page whose key changed the same findings as before. A warning whose file
 * changed gets its code frame made again from the file's text, unless its line came from that
 * text (a duplicate's, found by the site-wide rules): then everything is made again.
 */
function carrySite(
  kept: KeptAdvice,
  last: SiteAdvice,
  shape: string,
  keys: readonly string[],
  {
    foundOf,
    sources,
  }: {
    foundOf: (index: number, lookUp: boolean) => PageFindings;
    sources: SourcesByFile;
  },
): MadeSiteWarning[] | undefined {
  // The findings kept are the last run's, saved with its site-wide advice, in its pages' order.
  const before = kept.lastKeys();
  if (last.shape !== shape || before?.length !== keys.length) return undefined;
  for (let index = 0; index < keys.length; index++) {
    if (keys[index] === before[index]) continue;
    const was = kept.foundAt(index);
    // A key holds the page's path: with the same paths in the same order, no other page had this one.
    if (!was || !sameJson(foundOf(index, false), was)) return undefined;
  }
  const warnings: MadeSiteWarning[] = [];
  for (const made of last.warnings) {
    const { finding } = made;
    const version = finding.line === undefined ? '' : kept.versionOf(finding.file);
    if (version === made.version) {
      warnings.push(made);
      continue;
    }
    if (finding.rule === 'duplicate-title' || finding.rule === 'duplicate-description') return undefined;
    warnings.push({ finding, pages: made.pages, version, frame: frameOf(finding, sources.get(finding.file)) });
  }
  return warnings;
}

/**
 * What the site-wide rules read of every page besides its findings (its path, whether it is
 * indexable, its file), as one digest: each ended by a NUL (which none of them holds).
 */
function digestPages(pages: readonly AdvicePage[]): string {
  const digest = createHash('sha256');
  for (const page of pages) digest.update(`${page.path}\0${page.indexable ? 1 : 0}\0${page.file}\0`);
  return digest.digest('base64url');
}

function switchesJson(switches: AdviceSwitches): string {
  return JSON.stringify([switches.site, [...(switches.files ?? [])]]);
}

function sameJson(a: PageFindings, b: PageFindings): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
