import { BaseLayout } from '../layouts/BaseLayout.tsx';
import { Prose } from '../ui/Prose.tsx';
import { TableOfContentsNav } from '../ui/TableOfContentsNav.tsx';
import type { EntryPageProps } from '../api.ts';

export function ContentPage({ layout, entry, toc }: EntryPageProps) {
  return (
    <BaseLayout {...layout}>
      <article className="container legal">
        <header className="legal-header">
          <h1>{entry.title}</h1>
        </header>
        {toc && <TableOfContentsNav {...toc} />}
        <Prose html={entry.html} />
      </article>
    </BaseLayout>
  );
}
