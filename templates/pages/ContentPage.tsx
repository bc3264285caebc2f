import { BaseLayout } from '../layouts/BaseLayout.tsx';
import { Prose } from '../ui/Prose.tsx';
import { TableOfContentsNav } from '../ui/TableOfContentsNav.tsx';
import type { ContentPageProps } from '../api.ts';

export function ContentPage({ layout, page, toc }: ContentPageProps) {
  return (
    <BaseLayout {...layout}>
      <article className="container legal">
        <header className="legal-header">
          <h1>{page.title}</h1>
        </header>
        {toc && <TableOfContentsNav {...toc} />}
        <Prose html={page.html} />
      </article>
    </BaseLayout>
  );
}
