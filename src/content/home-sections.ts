/**
 * The sections of content/home.yaml, checked as a page and made ready for it: anchors given and used once, sections
 * with nothing to show reported, images checked and Markdown rendered. Which fields are Markdown or images follows
 * from the schemas (`content` in their meta).
 */
import { createCodeFrame, createError, type SiteError } from '../errors.ts';
import { checkImage } from '../images/check-image.ts';
import type { MarkdownImage } from '../images/find.ts';
import type { RenderMarkdown } from '../markdown/processor.ts';
import type { LoadContext } from './file.ts';
import { KINDS, LISTABLE_FOLDERS } from './kinds.ts';
import {
  fieldsOf,
  ONCE_TYPES,
  sectionId,
  type HomeContent,
  type HomePageContent,
  type HomeSection,
  type HomeSectionType,
} from './home.ts';
import type { Parsed } from './parse.ts';
import type { Image } from './schema.ts';
import type { Checked } from './source.ts';
import { locateField } from './validate.ts';
import type { DataPath } from './yaml.ts';

/** Entries per folder of content/, for the sections that list one; undefined when the folder could not be read. */
export type HomeListCounts = Readonly<Record<string, number | undefined>>;

/** The folders a section of a type lists; a list section names its own (`of`). */
const LISTED_FOLDER: Partial<Record<HomeSectionType, string>> = {
  services: KINDS.services.folder,
  portfolio: KINDS.portfolio.folder,
  news: KINDS.news.folder,
};

/** Anchors used twice, types a page shows once, and sections with nothing to show, at their lines. */
export function checkHomeSections(parsed: Parsed, home: HomeContent, counts: HomeListCounts): SiteError[] {
  const errors: SiteError[] = [];
  const ids = new Map<string, number>();
  const seen = new Map<HomeSectionType, number>();
  home.sections.forEach((section, index) => {
    const at = (field?: string) => locateField(parsed, field ? ['sections', index, field] : ['sections', index]);
    const item = index + 1;
    const id = sectionId(section);
    const before = seen.get(section.type);
    const repeated = before !== undefined && ONCE_TYPES.has(section.type);
    // A second hero is one mistake: it is not also a second "hero" anchor.
    if (repeated) errors.push(createError('SectionRepeated', { type: section.type, item, other: before }, at('type')));
    const other = ids.get(id);
    if (other === undefined) ids.set(id, item);
    else if (!repeated || section.id !== undefined)
      errors.push(
        createError(
          'DuplicateSectionId',
          { id, item, other, written: section.id !== undefined },
          at(section.id ? 'id' : 'type'),
        ),
      );
    if (before === undefined) seen.set(section.type, item);
    if (section.type === 'list' && !LISTABLE_FOLDERS.includes(section.of)) {
      errors.push(createError('SectionListUnknown', { item, of: section.of, folders: LISTABLE_FOLDERS }, at('of')));
      return;
    }
    const folder = section.type === 'list' ? section.of : LISTED_FOLDER[section.type];
    if (folder && counts[folder] === 0)
      errors.push(createError('SectionEmpty', { type: section.type, item, folder: `content/${folder}` }, at('type')));
  });
  return errors;
}

/** Every image path of every section names an image of public/ with a readable size. */
export async function checkHomeImages(
  context: LoadContext,
  parsed: Parsed,
  home: HomeContent,
): Promise<Checked<Image[]>> {
  const paths = home.sections.flatMap((section, index) =>
    fieldsOf(section, 'image').map(({ path }) => ['sections', index, ...path] as DataPath),
  );
  const checked = await Promise.all(paths.map((path) => checkImage(context, parsed, path)));
  const errors = checked.flatMap((result) => result.errors);
  return errors.length > 0 ? { errors } : { value: checked.map((result) => result.value!), errors };
}

/** Whether any section has a Markdown field: only then is a Markdown processor needed. */
export function hasMarkdownFields(home: HomeContent): boolean {
  return home.sections.some((section) => fieldsOf(section, 'markdown').length > 0);
}

/** The sections with their anchors, their Markdown as HTML and their images by src; raw HTML left out is a warning. */
export function resolveHomeSections(
  parsed: Parsed,
  home: HomeContent,
  images: readonly Image[],
  render: RenderMarkdown,
): { home: HomePageContent; warnings: SiteError[]; bodies: HomeBody[] } {
  const bySrc = new Map(images.map((image) => [image.src, image]));
  const warnings: SiteError[] = [];
  const bodies: HomeBody[] = [];
  const sections = home.sections.map((data, index): HomeSection => {
    const html: Record<string, string> = {};
    for (const { path, value } of fieldsOf(data, 'markdown')) {
      const result = render(value);
      html[path.join('.')] = result.html;
      const field = ['sections', index, ...path];
      const { line } = parsed.located.locate(field);
      // A block scalar (| or >) starts its text on the next line.
      const offset = line - 1 + (/^[|>]/.test(lineText(parsed.text, line)) ? 1 : 0);
      if (result.images)
        bodies.push({ parsed: { ...parsed, body: value, bodyLineOffset: offset }, images: result.images });
      for (const raw of result.rawHtml) {
        const at = raw.line + offset;
        warnings.push(
          createError(
            'RawHtmlRemoved',
            { removed: raw.removed },
            { file: parsed.file, line: at, column: raw.column, frame: createCodeFrame(parsed.text, at, raw.column) },
          ),
        );
      }
    }
    const own = Object.fromEntries(
      fieldsOf(data, 'image').flatMap(({ value }) => (bySrc.has(value) ? [[value, bySrc.get(value)!]] : [])),
    );
    return { type: data.type, id: sectionId(data), data, html, images: own } as HomeSection;
  });
  return { home: { sections }, warnings, bodies };
}

/** A Markdown field that shows images, as a body of the file at its lines, for the images' checks. */
export interface HomeBody {
  parsed: Parsed;
  images: MarkdownImage[];
}

/** The text of a field's value from its column on: where a block scalar's indicator stands. */
function lineText(text: string, line: number): string {
  const lineStart = text.split('\n')[line - 1] ?? '';
  const colon = lineStart.indexOf(': ');
  return colon === -1 ? lineStart.trim() : lineStart.slice(colon + 2).trim();
}
