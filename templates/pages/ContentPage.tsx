import { BaseLayout } from '../layouts/BaseLayout.tsx';
import { Prose } from '../ui/Prose.tsx';
import type { PageProps } from '../types.ts';

export function ContentPage(props: PageProps) {
  const { route, site } = props;
  if (route.page.kind !== 'page') throw new Error(`ContentPage rendered for a ${route.page.kind} route`);
  const { page } = route.page;
  return (
    <BaseLayout {...props} title={site.settings.titleTemplate.replace('%s', page.title)} description={page.description}>
      <article className="container legal">
        <header className="legal-header">
          <h1>{page.title}</h1>
        </header>
        <Prose html={page.html} />
      </article>
    </BaseLayout>
  );
}
