/**
 * A page's scan (src/output/scan-html.ts) as one JSON string, the form the build keeps it in, and back.
 * Lists of objects are flat lists of their values, because every page's scan is held until the build ends;
 * read back, a scan has the keys, in the order, that the scan itself had.
 */
import type { PageScan } from './scan-html.ts';

type Flat = [
  ids: string[],
  duplicateIds: string[],
  references: string[],
  canonical: string | null,
  headings: Array<number | string>,
  links: Array<number | string>,
  images: Array<number | string | null>,
  words: number,
  description: string | null,
  title: string | null,
];

export function stringifyScan(scan: PageScan): string {
  const flat: Flat = [
    scan.ids,
    scan.duplicateIds,
    scan.references.flatMap(({ attribute, value }) => [attribute, value]),
    scan.canonical ?? null,
    scan.headings.flatMap(({ level, text, at }) => [level, text, at]),
    scan.links.flatMap(({ href, text, at }) => [href, text, at]),
    scan.images.flatMap(({ src, alt, at }) => [src, alt ?? null, at]),
    scan.words,
    scan.description ?? null,
    scan.title ?? null,
  ];
  return JSON.stringify(flat);
}

export function parseScan(json: string): PageScan {
  const [ids, duplicateIds, references, canonical, headings, links, images, words, description, title] = JSON.parse(
    json,
  ) as Flat;
  const scan: PageScan = {
    ids,
    duplicateIds,
    references: [],
    canonical: canonical ?? undefined,
    headings: [],
    links: [],
    images: [],
    words,
  };
  for (let index = 0; index < references.length; index += 2) {
    scan.references.push({ attribute: references[index]!, value: references[index + 1]! });
  }
  for (let index = 0; index < headings.length; index += 3) {
    scan.headings.push({
      level: headings[index] as number,
      text: headings[index + 1] as string,
      at: headings[index + 2] as number,
    });
  }
  for (let index = 0; index < links.length; index += 3) {
    scan.links.push({ href: links[index] as string, text: links[index + 1] as string, at: links[index + 2] as number });
  }
  for (let index = 0; index < images.length; index += 3) {
    const [src, alt, at] = [images[index] as string, images[index + 1] as string | null, images[index + 2] as number];
    scan.images.push(alt === null ? { src, at } : { src, alt, at });
  }
  if (description !== null) scan.description = description;
  if (title !== null) scan.title = title;
  return scan;
}
