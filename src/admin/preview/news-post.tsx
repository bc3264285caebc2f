/**
 * A news post as the CMS holds it, drawn as the post page's article (templates/pages/
 * NewsPostPage.tsx without the layout and the neighbours, which follow from other posts): the
 * site's classes, so the stylesheet gives it the site's look.
 */
import { Picture } from '../../../templates/ui/Picture.tsx';
import { Prose } from '../../../templates/ui/Prose.tsx';
import { type PreviewData, previewImage } from './data.ts';
import { renderMarkdown } from './preview-markdown.ts';
import { type Fields, optional, text } from './section-fields.ts';

/** The day as written, named in the site's language as the build names it (src/render/news-props.ts). */
function dayOf(value: unknown, language: string): { datetime: string; label: string } | undefined {
  const written = value instanceof Date ? value.toISOString() : text(value);
  const day = new Date(`${written.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return undefined;
  return {
    datetime: written,
    label: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(day),
  };
}

export function NewsPostPreview({ data, entry }: { data: PreviewData; entry: Fields }) {
  const news = data.settings.news;
  const date = dayOf(entry.date, data.settings.language);
  const author = optional(entry.author);
  const image = optional(entry.image);
  return (
    <article className="container legal news-post">
      <header className="legal-header">
        {entry.draft === true && news && <p className="news-badge">{news.draft}</p>}
        <h1>{text(entry.title)}</h1>
        <p className="news-meta">
          {date && <time dateTime={date.datetime}>{date.label}</time>}
          {author && <span>{news ? `${news.by} ${author}` : author}</span>}
        </p>
      </header>
      {image && (
        <div className="news-post-picture">
          <Picture
            image={previewImage(data, image)}
            alt={text(entry.alt)}
            sizes="(min-width: 48rem) 48rem, 100vw"
            loading="priority"
          />
        </div>
      )}
      <Prose html={renderMarkdown(entry.body)} />
    </article>
  );
}
