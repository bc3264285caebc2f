/**
 * `check --report`: one summary per page (title, description, headings, words, images, warnings), as text
 * for a terminal and as plain data for the JSON reporter.
 */
import { escapeLine, formatLocation } from '../errors.ts';
import type { PageAdvice } from './advise.ts';
import { threshold } from './rules.ts';

/** Words a minute of an adult reading on a screen (Brysbaert 2019: 238 for non-fiction). */
export const READING_SPEED = 238;

export interface PageReport {
  path: string;
  title: { text: string; length: number; range: [number, number] } | null;
  description: { text: string; length: number; range: [number, number] } | null;
  headings: Array<{ level: number; text: string }>;
  words: number;
  readingMinutes: number;
  images: Array<{ src: string; alt: string | null; bytes: number | null }>;
  /** Total bytes of the images whose size is known. */
  imageBytes: number;
  warnings: Array<{ code: string; location: string; message: string; hint?: string }>;
}

/** The JSON reporter's shape: one entry per page. `sizeOf` gives the bytes of an image the page links. */
export function createPageReports(
  pages: readonly PageAdvice[],
  sizeOf: (src: string) => number | undefined = () => undefined,
): PageReport[] {
  return pages.map((page) => {
    const images = page.images.map(({ src, alt }) => ({ src, alt: alt ?? null, bytes: sizeOf(src) ?? null }));
    const measured = (text: string | undefined, rule: 'title-length' | 'description-length') =>
      text === undefined
        ? null
        : {
            text,
            length: [...text].length,
            range: [threshold(rule, 'min'), threshold(rule, 'max')] as [number, number],
          };
    return {
      path: page.path,
      title: measured(page.title, 'title-length'),
      description: measured(page.description, 'description-length'),
      headings: page.headings,
      words: page.words,
      readingMinutes: Math.max(1, Math.round(page.words / READING_SPEED)),
      images,
      imageBytes: images.reduce((sum, image) => sum + (image.bytes ?? 0), 0),
      warnings: page.warnings.map((warning) => ({
        code: warning.code,
        location: formatLocation(warning),
        message: warning.message,
        hint: warning.hint,
      })),
    };
  });
}

/** The report as text: one block per page, fields aligned, lengths marked when outside their range. */
export function formatPageReports(reports: readonly PageReport[]): string {
  return reports.map(formatPage).join('\n\n');
}

function formatPage(report: PageReport): string {
  const lines = [escapeLine(report.path), '-'.repeat(Math.max(8, report.path.length))];
  const row = (label: string, value: string) => lines.push(`${label.padEnd(13)}${value}`);
  const measured = (field: PageReport['title']) => {
    if (!field) return '(none)';
    const [min, max] = field.range;
    const mark = field.length < min || field.length > max ? ` (outside ${min} to ${max})` : '';
    return `${escapeLine(field.text)} [${field.length} characters${mark}]`;
  };
  row('title', measured(report.title));
  row('description', measured(report.description));
  row('words', `${report.words} (about ${report.readingMinutes} min to read)`);
  row('headings', report.headings.length === 0 ? '(none)' : '');
  for (const heading of report.headings)
    lines.push(`${' '.repeat(13 + (heading.level - 1) * 2)}h${heading.level} ${escapeLine(heading.text)}`);
  row(
    'images',
    report.images.length === 0 ? '(none)' : `${report.images.length}, ${formatSize(report.imageBytes)} known`,
  );
  for (const image of report.images) {
    lines.push(
      `${' '.repeat(13)}${escapeLine(image.src)}  ${image.bytes === null ? '?' : formatSize(image.bytes)}  alt: ${image.alt === null ? '(missing)' : image.alt === '' ? '(decorative)' : `"${escapeLine(image.alt)}"`}`,
    );
  }
  row('warnings', report.warnings.length === 0 ? 'none' : String(report.warnings.length));
  for (const warning of report.warnings)
    lines.push(`${' '.repeat(13)}${escapeLine(warning.location)} [${warning.code}] ${escapeLine(warning.message)}`);
  return lines.join('\n');
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
