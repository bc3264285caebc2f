/**
 * home.yaml's sections in the CMS preview, drawn as the build draws them: fields the editor is still typing are
 * read leniently by the section's schema and go through the build's props (src/render/section-props.ts) to
 * the site's component. A type this preview does not know shows its name.
 */
import type { ComponentType, ReactElement } from 'react';
import { z } from 'zod';
import {
  fieldsOf,
  homeSectionSchemas,
  sectionId,
  type HomeSection,
  type HomeSectionData,
  type HomeSectionType,
} from '../../content/home.ts';
import { sectionProps, type SectionSources } from '../../render/section-props.ts';
import { SECTIONS } from '../../../templates/pages/HomePage.tsx';
import { type PreviewData, previewImage, sitePath } from './data.ts';
import { renderMarkdown } from './preview-markdown.ts';

/** One section; `shown` stands in for what the build made of other files (the entry being edited). */
export function renderSection(
  data: PreviewData,
  fields: Record<string, unknown>,
  index: number,
  shown: Partial<SectionSources> = {},
): ReactElement {
  const { type } = fields;
  if (typeof type !== 'string' || !Object.hasOwn(homeSectionSchemas, type)) return note(index, unknownType(type));
  if (type === 'news' && !data.entries.news)
    return note(index, 'site.yaml has no news: block, which the news section needs.');
  const section = previewSection(data, type as HomeSectionType, fields);
  const Component = SECTIONS[section.type] as ComponentType<object>;
  return (
    <div key={index}>
      <Component {...sectionProps(section, { ...sourcesOf(data), ...shown })} />
    </div>
  );
}

const unknownType = (type: unknown) =>
  `The preview does not draw sections of type \u201c${typeof type === 'string' ? type : ''}\u201d yet.`;

function note(index: number, text: string): ReactElement {
  return (
    <section key={index} className="section">
      <p className="container">{text}</p>
    </section>
  );
}

/** The section as the page would show it: its Markdown rendered here, its images at a nominal size. */
function previewSection(data: PreviewData, type: HomeSectionType, fields: Record<string, unknown>): HomeSection {
  const section = lenient(homeSectionSchemas[type], fields) as HomeSectionData;
  const html = Object.fromEntries(
    fieldsOf(section, 'markdown').map(({ path, value }) => [path.join('.'), renderMarkdown(value)]),
  );
  const pictures = Object.fromEntries(
    fieldsOf(section, 'image').map(({ value }) => [value, previewImage(data, value)]),
  );
  return { type, id: sectionId(section) || type, data: section, html, images: {}, pictures } as HomeSection;
}

/**
 * A value read by its schema as far as it goes: text that is missing is empty (or absent, where
 * the field is optional), a list that is missing is empty, a choice that is not one is absent.
 */
function lenient(schema: z.ZodType, value: unknown): unknown {
  if (schema instanceof z.ZodOptional) {
    const inner = lenient(schema.unwrap() as z.ZodType, value);
    return inner === '' ? undefined : inner;
  }
  if (schema instanceof z.ZodArray)
    return Array.isArray(value) ? value.map((item) => lenient(schema.element as z.ZodType, item)) : [];
  if (schema instanceof z.ZodObject) {
    const fields = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
    return Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => [
        name,
        lenient(field, fields[name]),
      ]),
    );
  }
  if (schema instanceof z.ZodLiteral) return schema.value;
  if (schema instanceof z.ZodBoolean) return value === true;
  if (schema instanceof z.ZodNumber) return typeof value === 'number' ? value : undefined;
  if (schema instanceof z.ZodEnum) return schema.options.includes(value as never) ? value : undefined;
  return typeof value === 'string' ? value : '';
}

/** What the sections show from other files, as the build made it for the admin page (PreviewData). */
function sourcesOf(data: PreviewData): SectionSources {
  const { entries, settings } = data;
  return {
    newTabHint: settings.newTabHint,
    href: (href) => sitePath(data, href || '#'),
    stats: data.stats,
    services: entries.services,
    portfolio: entries.portfolio,
    about: entries.about,
    // The admin page's policy lets frames load only from the site, and the provider's page would
    // answer every keystroke with a request.
    frame: () => 'about:blank',
    news: (count) => entries.news && { ...entries.news, posts: entries.news.posts.slice(0, count > 0 ? count : 3) },
    cards: (folder) => entries.lists[folder] ?? [],
    contact: settings.contact,
    // The preview never sends: the mail app's form is the one with nothing hidden.
    delivery: { mode: 'mail', subject: settings.contact.form.subject },
  };
}
