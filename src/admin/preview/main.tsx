/**
 * The admin page's own script, loaded before Decap's bundle, which waits for it (CMS_MANUAL_INIT): it registers
 * each collection's preview, drawn by the site's own components. Previews render to static markup with this
 * bundle's React and hand Decap's React the HTML, so the two copies of React never meet.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createListFormat } from './list-format.ts';
import { showRefusal, watchSaves } from './save-problems.ts';
import { checkEntry } from './schema-check.ts';
import { createKeptFormat, saving } from './kept-formats.ts';
import { renderMarkdown } from './preview-markdown.ts';
import { NewsPostPreview } from './news-post.tsx';
import { renderSection } from './home-preview.tsx';
import type { SectionSources } from '../../render/section-props.ts';
import { SiteSettingsPreview } from './site-settings.tsx';
import { StatsSection } from '../../../templates/sections/StatsSection.tsx';
import { Prose } from '../../../templates/ui/Prose.tsx';
import type { ServiceIconName } from '../../../templates/api.ts';
import { type PreviewData, previewImage } from './data.ts';
import { ENTRY_KIND_NAMES } from '../../content/kinds.ts';

interface DecapEntry {
  get(key: 'data'): { toJS(): Record<string, unknown> } | undefined;
}
interface ImmutableEntry {
  get(key: 'collection' | 'slug' | 'raw' | 'path'): string;
  get(key: 'data'): { toJS(): Record<string, unknown> } | undefined;
}
interface PreviewProps {
  entry: DecapEntry;
}
interface DecapCms {
  init(options?: { config?: Record<string, unknown> }): void;
  registerPreviewStyle(url: string): void;
  registerPreviewTemplate(name: string, component: (props: PreviewProps) => unknown): void;
  registerEventListener(listener: { name: 'preSave'; handler: (event: { entry: ImmutableEntry }) => unknown }): void;
  registerCustomFormat(
    name: string,
    extension: string,
    format: { fromFile(text: string): unknown; toFile(data: unknown): string },
  ): void;
}

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean;
    CMS?: DecapCms;
    /** Decap's createElement. */
    h?: (type: string, props: Record<string, unknown>) => unknown;
  }
}

window.CMS_MANUAL_INIT = true;

const data = JSON.parse(document.getElementById('agency-site-data')?.textContent ?? '{}') as PreviewData;
/** The first section of a type in home.yaml, as written: the copy around a previewed entry. */
const homeSection = (type: string): Record<string, unknown> =>
  data.homeSections.find((section) => section.type === type) ?? {};

type Draw = (fields: Record<string, unknown>) => ReactElement;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = <T,>(value: unknown) => (Array.isArray(value) ? (value as T[]) : []);

/** An entry of a collection the home page shows, in its section there, with the copy home.yaml gives it. */
const inHomeSection = (type: string, shown: Partial<SectionSources>) =>
  renderSection(data, { ...homeSection(type), type }, 0, shown);

const previews: Record<string, Draw> = {
  services: (entry) =>
    inHomeSection('services', {
      services: [
        {
          slug: 'preview',
          title: text(entry.title),
          icon: (text(entry.icon) || 'code') as ServiceIconName,
          html: renderMarkdown(entry.body),
          features: list<string>(entry.features),
        },
      ],
    }),
  portfolio: (entry) =>
    inHomeSection('portfolio', {
      portfolio: [
        {
          slug: 'preview',
          title: text(entry.title),
          category: text(entry.category),
          alt: text(entry.alt),
          image: previewImage(data, text(entry.image)),
        },
      ],
    }),
  about: (entry) => inHomeSection('about', { about: { title: text(entry.title), html: renderMarkdown(entry.body) } }),
  legal: (entry) => (
    <article className="container legal">
      <header className="legal-header">
        <h1>{text(entry.title)}</h1>
        <p className="legal-date">{text(entry.dateLine)}</p>
      </header>
      <Prose html={renderMarkdown(entry.body)} />
    </article>
  ),
  pages: (entry) => (
    <article className="container legal">
      <header className="legal-header">
        <h1>{text(entry.title)}</h1>
      </header>
      <Prose html={renderMarkdown(entry.body)} />
    </article>
  ),
  news: (entry) => <NewsPostPreview data={data} entry={entry} />,
  settings: (entry) => <SiteSettingsPreview data={data} entry={entry} />,
  stats: (entry) => (
    <StatsSection id="numbers" heading={text(homeSection('hero').statsLabel)} items={list(entry.items)} />
  ),
  home: (entry) => (
    <main id="main">
      {list<Record<string, unknown>>(entry.sections).map((section, index) => renderSection(data, section, index))}
    </main>
  ),
};
// A kind with pages of its own that has no drawing above (one added later): its title and text, as a page shows them.
for (const name of ENTRY_KIND_NAMES) previews[name] ??= previews.pages!;

/** One preview: the entry's fields drawn by the site's component, as HTML for Decap's React. */
function previewOf(draw: Draw) {
  return ({ entry }: PreviewProps) => {
    let html: string;
    try {
      html = renderToStaticMarkup(draw(entry.get('data')?.toJS() ?? {}));
    } catch (error) {
      // Half-typed fields can break a component: the pane says so and the editor keeps typing.
      html = `<p class="container">The preview cannot show this yet: ${String(error).replace(/</g, '&lt;')}</p>`;
    }
    return window.h!('div', { className: 'agency-site-preview', dangerouslySetInnerHTML: { __html: html } });
  };
}

document.addEventListener('DOMContentLoaded', () => {
  const cms = window.CMS!;
  cms.registerPreviewStyle(data.stylesheet);
  for (const [name, draw] of Object.entries(previews)) cms.registerPreviewTemplate(name, previewOf(draw));
  cms.registerCustomFormat(
    data.listFormat,
    'yaml',
    createListFormat(data.listField, () => saving.raw),
  );
  cms.registerCustomFormat(data.keptFormat, 'md', createKeptFormat(data.listField));
  const localBackend = new URL('api/v1', location.href.replace(/[?#].*$/, '')).href;
  watchSaves(localBackend);
  // The entry's own schema before saving; a problem stops the save, and the verdict's panel says it.
  cms.registerEventListener({
    name: 'preSave',
    handler: ({ entry }) => {
      const collection = entry.get('collection');
      const name = collection === 'site' ? entry.get('slug') : collection;
      const problems = checkEntry(name, entry.get('data')?.toJS() ?? {}, data.listField);
      if (problems.length > 0) {
        showRefusal(problems);
        throw new Error(problems.join(' '));
      }
      // The text the entry was loaded from, for the kept formats' toFile, which Decap calls next.
      saving.raw = entry.get('raw') || undefined;
      saving.path = entry.get('path') || undefined;
      return undefined;
    },
  });
  cms.init({
    config: {
      // Decap asks for this URL only on localhost and 127.0.0.1: `agency-site dev` answers it.
      local_backend: { url: localBackend },
    },
  });
});
