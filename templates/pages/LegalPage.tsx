import { BaseLayout } from '../layouts/BaseLayout.tsx';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import { Prose } from '../ui/Prose.tsx';
import { TableOfContentsNav } from '../ui/TableOfContentsNav.tsx';
import type { EntryPageProps } from '../api.ts';

/** The fields of content/legal/*.md the page shows. */
type LegalEntry = { title: string; dateLine: string; html: string };

export function LegalPage({ layout, entry, toc, back }: EntryPageProps<LegalEntry>) {
  return (
    <BaseLayout {...layout}>
      <article className="container legal">
        {back && (
          <ButtonLink href={back.href} variant="ghost">
            <span aria-hidden="true">←</span> {back.label}
          </ButtonLink>
        )}
        <header className="legal-header">
          <h1>{entry.title}</h1>
          <p className="legal-date">{entry.dateLine}</p>
        </header>
        {toc && <TableOfContentsNav {...toc} />}
        <Prose html={entry.html} />
      </article>
    </BaseLayout>
  );
}
