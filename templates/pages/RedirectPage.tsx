import { BaseLayout } from '../layouts/BaseLayout.tsx';
import type { RedirectPageProps } from '../api.ts';

/** The page at an old path: the browser moves on by itself (a meta refresh); the link is for when it does not. */
export function RedirectPage({ layout, heading, text, target }: RedirectPageProps) {
  return (
    <BaseLayout {...layout}>
      <div className="container not-found">
        <h1>{heading}</h1>
        <p>{text}</p>
        {/* A plain link, never a new tab: this page only stands in for the old address. */}
        <a className="button button-primary" href={target.href}>
          {target.label}
        </a>
      </div>
    </BaseLayout>
  );
}
