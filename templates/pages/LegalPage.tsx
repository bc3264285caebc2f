import { BaseLayout } from '../layouts/BaseLayout.tsx';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import { Prose } from '../ui/Prose.tsx';
import type { PageProps } from '../types.ts';

export function LegalPage(props: PageProps) {
  const { route, site, urls } = props;
  if (route.page.kind !== 'legal') throw new Error(`LegalPage rendered for a ${route.page.kind} route`);
  const { legal } = route.page;
  return (
    <BaseLayout {...props} title={site.settings.titleTemplate.replace('%s', legal.title)} description={legal.description}>
      <article className="container legal">
        <ButtonLink href={urls.href('/')} variant="ghost">
          <span aria-hidden="true">←</span> {site.settings.legal.backLabel}
        </ButtonLink>
        <header className="legal-header">
          <h1>{legal.title}</h1>
          <p className="legal-date">{legal.dateLine}</p>
        </header>
        <Prose html={legal.html} />
      </article>
    </BaseLayout>
  );
}
