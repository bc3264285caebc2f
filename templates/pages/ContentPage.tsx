import { BaseLayout } from '../layouts/BaseLayout.tsx';
import { Prose } from '../ui/Prose.tsx';
import type { ContentPageProps } from '../api.ts';

export function ContentPage({ layout, page }: ContentPageProps) {
  return (
    <BaseLayout {...layout}>
      <article className="container legal">
        <header className="legal-header">
          <h1>{page.title}</h1>
        </header>
        <Prose html={page.html} />
      </article>
    </BaseLayout>
  );
}
