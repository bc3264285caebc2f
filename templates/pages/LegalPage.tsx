import { BaseLayout } from '../layouts/BaseLayout.tsx';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import { Prose } from '../ui/Prose.tsx';
import { TableOfContentsNav } from '../ui/TableOfContentsNav.tsx';
import type { LegalPageProps } from '../api.ts';

export function LegalPage({ layout, legal, toc, back }: LegalPageProps) {
  return (
    <BaseLayout {...layout}>
      <article className="container legal">
        <ButtonLink href={back.href} variant="ghost">
          <span aria-hidden="true">←</span> {back.label}
        </ButtonLink>
        <header className="legal-header">
          <h1>{legal.title}</h1>
          <p className="legal-date">{legal.dateLine}</p>
        </header>
        {toc && <TableOfContentsNav {...toc} />}
        <Prose html={legal.html} />
      </article>
    </BaseLayout>
  );
}
