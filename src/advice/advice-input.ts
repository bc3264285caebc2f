/**
 * From the pipeline's values to what adviseSite reads: which content files each route is made
 * from, the rules turned off per file, and the images of public/. Knows the content layout
 * (content/legal/<slug>.md, ...) the way the loader does.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ContentPage, Site } from '../content/schema.ts';
import { readImageSize } from '../images/size.ts';
import type { Route } from '../site/routes.ts';
import type { AdvicePage, SourceImage } from './advise.ts';
import type { MarkdownFacts } from './markdown.ts';
import type { AdviceSwitch, AdviceSwitches } from './switches.ts';

/** What the Markdown step learnt from a content file's body, and the lines before that body. */
export type MarkdownOf = (file: string) => { facts: MarkdownFacts; lineOffset: number } | undefined;

export function createAdvicePages(
  rendered: ReadonlyArray<{ route: Route; html: string | Uint8Array }>,
  site: Site,
  markdownOf: MarkdownOf,
): AdvicePage[] {
  const part = (file: string, html: string) => {
    const found = markdownOf(file);
    return found ? [{ file, html, lineOffset: found.lineOffset, facts: found.facts }] : [];
  };
  // Objects written out whole, not spread: this runs for every page of every build.
  return rendered.map(({ route, html }): AdvicePage => {
    const { page, path, indexable } = route;
    if (page.kind === 'legal') {
      const file = `content/legal/${page.legal.slug}.md`;
      return { path, indexable, html, file, markdown: part(file, page.legal.html) };
    }
    if (page.kind === 'page') {
      const file = `content/pages/${page.page.slug}.md`;
      return { path, indexable, html, file, markdown: part(file, page.page.html) };
    }
    if (page.kind === 'home') {
      const markdown = [
        ...site.services.flatMap((service) => part(`content/services/${service.slug}.md`, service.html)),
        ...part('content/about.md', site.about.html),
      ];
      return { path, indexable, html, file: 'content/site.yaml', markdown };
    }
    return { path, indexable, html, file: 'content/site.yaml', markdown: [] };
  });
}

/** The rules turned off in content/site.yaml and in each content file's front matter. */
export function collectSwitches(site: Site, pages: readonly ContentPage[]): AdviceSwitches {
  const files = new Map<string, AdviceSwitch>();
  const add = (file: string, value: AdviceSwitch) => value && files.set(file, value);
  for (const legal of site.legal) add(`content/legal/${legal.slug}.md`, legal.advice);
  for (const page of pages) add(`content/pages/${page.slug}.md`, page.advice);
  for (const service of site.services) add(`content/services/${service.slug}.md`, service.advice);
  for (const item of site.portfolio) add(`content/portfolio/${item.slug}.md`, item.advice);
  add('content/about.md', site.about.advice);
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
