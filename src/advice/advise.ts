/**
 * adviseSite: every content-advice rule over a rendered site. Pure: the rendered pages, what
 * their Markdown held, the content files' text and the images of public/ in; warnings (SiteErrors,
 * never thrown) and a per-page summary for --report out.
 */
import type { SiteError } from '../errors.ts';
import {
  mergeFindings,
  locateKey,
  sourcesByFile,
  switchOff,
  type Finding,
  type SourceText,
  type SourcesByFile,
} from './findings.ts';
import { scanHtml, type PageScan } from '../output/scan-html.ts';
import { checkPage, regionAt, type MarkdownPart, type Regions } from './page-rules.ts';
import { threshold } from './rules.ts';
import { createSwitchFilter, type AdviceSwitches } from './switches.ts';

export interface AdvicePage {
  /** Site path without base: '/', '/terms', '/404'. */
  path: string;
  /** In search results (false for the 404 page): only these have their title and description checked. */
  indexable: boolean;
  html: string | Uint8Array;
  /** The file that sets the page's title and description (content/site.yaml for the home page). */
  file: string;
  /** The Markdown the page shows, with the HTML it became (as the page holds it, to find it there). */
  markdown: ReadonlyArray<MarkdownPart & { html: string }>;
  /** What advisePage found on this page, when a cache kept it; else it is found now. */
  found?: PageFindings;
  /** What the page's HTML holds, when the site check read it already; else it is read now. */
  scan?: PageScan;
}

/**
 * What advisePage found on one page: its findings, and what the site-wide rules and --report read of it.
 * It depends only on the page's HTML, its Markdown and its files' text (JSON-safe), so a cache can keep it.
 */
export interface PageFindings {
  title?: string;
  description?: string;
  findings: Finding[];
  /** With `report`: what the page's summary shows. */
  summary?: Pick<PageAdvice, 'headings' | 'words' | 'images'>;
}

/** A file of public/ that is an image: its size in bytes and, for raster images, in pixels. */
export interface SourceImage {
  /** Path inside public/: images/photo.jpg */
  path: string;
  bytes: number;
  width?: number;
  height?: number;
}

export interface AdviceInput {
  pages: readonly AdvicePage[];
  sources: readonly SourceText[];
  images?: readonly SourceImage[];
  switches?: AdviceSwitches;
  /** --base, '/' by default. */
  base?: string;
  /** Count each page's words, for --report. */
  report?: boolean;
}

/** What --report shows of a page (headings, words and images are counted only with `report`). */
export interface PageAdvice {
  path: string;
  title?: string;
  description?: string;
  headings: Array<{ level: number; text: string }>;
  words: number;
  images: Array<{ src: string; alt?: string }>;
  warnings: SiteError[];
}

export interface AdviceResult {
  warnings: SiteError[];
  pages: PageAdvice[];
  /** Each warning with the finding it was made from (the first seen) and the pages that showed it. */
  merged: ReadonlyArray<{ warning: SiteError; finding: Finding; pages: string[] }>;
}

export function adviseSite(input: AdviceInput): AdviceResult {
  const sources = sourcesByFile(input.sources);
  const isOff = createSwitchFilter(input.switches ?? {});
  const context = { sources, base: input.base ?? '/', report: input.report ?? false };
  const found = input.pages.map((page) => page.found ?? advisePage(page, context));
  const findings = [
    ...found.flatMap((page) => page.findings),
    ...findDuplicates(input.pages, found, sources),
    ...checkSourceImages(input.images ?? []),
  ];
  const merged = mergeFindings(
    findings.filter((finding) => !isOff(finding.rule, finding.file)),
    sources,
  );
  let pages: PageAdvice[] | undefined;
  return {
    warnings: merged.map(({ warning }) => warning),
    merged,
    // Summed up when read (--report): a build without it reads none of them.
    get pages() {
      pages ??= summarizeAll(input.pages, found, merged);
      return pages;
    },
  };
}

function summarizeAll(
  pages: readonly AdvicePage[],
  found: readonly PageFindings[],
  merged: AdviceResult['merged'],
): PageAdvice[] {
  const byPage = new Map<string, SiteError[]>();
  for (const { warning, pages } of merged) {
    for (const page of pages) {
      const list = byPage.get(page);
      if (list) list.push(warning);
      else byPage.set(page, [warning]);
    }
  }
  return pages.map((page, index) => summarize(page.path, found[index]!, byPage.get(page.path) ?? []));
}

/** Every rule that looks at one page alone; the switches are applied later, over the whole site. */
export function advisePage(
  page: AdvicePage,
  { sources, base, report }: { sources: SourcesByFile; base: string; report: boolean },
): PageFindings {
  const html = textOf(page.html);
  const scan = page.scan ?? scanHtml(html);
  const regions = findRegions(html, page.markdown);
  const found: PageFindings = {
    title: scan.title?.trim(),
    description: scan.description?.trim(),
    findings: checkPage({ ...page, scan, regions, base, sources }),
  };
  if (report) {
    const images = [
      ...scan.images.filter((image) => regionAt(regions, image.at) === -1).map(({ src, alt }) => ({ src, alt })),
      ...page.markdown.flatMap((part) => part.facts.images.map(({ src, alt }) => ({ src, alt }))),
    ];
    found.summary = { headings: scan.headings.map(({ level, text }) => ({ level, text })), words: scan.words, images };
  }
  return found;
}

function textOf(html: string | Uint8Array): string {
  return typeof html === 'string' ? html : Buffer.from(html.buffer, html.byteOffset, html.byteLength).toString('utf8');
}

/** Where the page holds the HTML each Markdown part became. */
function findRegions(html: string, markdown: AdvicePage['markdown']): Regions {
  return markdown.map((part): [number, number] => {
    const start = part.html === '' ? -1 : html.indexOf(part.html);
    return start === -1 ? [0, 0] : [start, start + part.html.length];
  });
}

function summarize(path: string, found: PageFindings, warnings: SiteError[]): PageAdvice {
  return {
    path,
    title: found.title,
    description: found.description,
    headings: [],
    words: 0,
    images: [],
    ...found.summary,
    warnings,
  };
}

/** Indexable pages that share a title or a description with an earlier page. */
function findDuplicates(
  pages: readonly AdvicePage[],
  found: readonly PageFindings[],
  sources: SourcesByFile,
): Finding[] {
  const findings: Finding[] = [];
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  const check = (page: AdvicePage, key: DuplicateKey, value: string | undefined, seen: Map<string, string>) => {
    if (!value) return;
    const other = seen.get(value);
    if (other === undefined) seen.set(value, page.path);
    else findings.push(duplicateFinding(page, key, value, other, sources));
  };
  // A loop over every page of every build: no list of rules made per page.
  for (let index = 0; index < pages.length; index++) {
    const page = pages[index]!;
    if (!page.indexable) continue;
    const { title, description } = found[index]!;
    check(page, 'title', title, titles);
    check(page, 'description', description, descriptions);
  }
  return findings;
}

type DuplicateKey = 'title' | 'description';

/** The finding of a page whose title or description (`value`) an earlier page, `other`, has too. */
function duplicateFinding(
  page: Pick<AdvicePage, 'path' | 'file'>,
  key: DuplicateKey,
  value: string,
  other: string,
  sources: SourcesByFile,
): Finding {
  const rule = key === 'title' ? 'duplicate-title' : 'duplicate-description';
  return {
    rule,
    ...locateKey(key, page.file, sources),
    message: `The page ${page.path} has the same ${key} as ${other} ("${value}"): search results show two pages that look alike, and only one may be shown.`,
    hint: `Give each page its own ${key}, saying what sets it apart. ${switchOff(rule, page.file)}`,
    page: page.path,
  };
}

const RASTER = /\.(png|jpe?g|gif|webp|avif|tiff?|bmp)$/i;

/** The images of public/ far larger than any the site serves. */
function checkSourceImages(images: readonly SourceImage[]): Finding[] {
  const findings: Finding[] = [];
  const maxBytes = threshold('image-file-size', 'max');
  const maxPixels = threshold('image-dimensions', 'max');
  for (const image of images) {
    const file = `public/${image.path}`;
    if (image.bytes > maxBytes) {
      findings.push({
        rule: 'image-file-size',
        file,
        message: `The image ${file} is ${(image.bytes / 1024 / 1024).toFixed(1)} MB, more than ${maxBytes / 1024 / 1024} MB: far heavier than any size the site serves.`,
        hint: `Export it smaller (at most 2 to 3 times the largest size it is shown at) and compressed. ${switchOff('image-file-size', file)}`,
      });
    }
    const side = Math.max(image.width ?? 0, image.height ?? 0);
    if (RASTER.test(image.path) && side > maxPixels) {
      findings.push({
        rule: 'image-dimensions',
        file,
        message: `The image ${file} is ${image.width} by ${image.height} pixels, more than ${maxPixels} on a side: no screen shows it that large.`,
        hint: `Scale it down to at most ${maxPixels} pixels on its longest side. ${switchOff('image-dimensions', file)}`,
      });
    }
  }
  return findings;
}
