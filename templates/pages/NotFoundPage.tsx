import { BaseLayout } from '../layouts/BaseLayout.tsx';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import type { NotFoundPageProps } from '../api.ts';

export function NotFoundPage({ layout, heading, text, home }: NotFoundPageProps) {
  return (
    <BaseLayout {...layout}>
      <div className="container not-found">
        <h1>{heading}</h1>
        <p>{text}</p>
        <ButtonLink href={home.href}>{home.label}</ButtonLink>
      </div>
    </BaseLayout>
  );
}
