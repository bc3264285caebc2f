import { BaseLayout } from '../layouts/BaseLayout.tsx';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import type { PageProps } from '../types.ts';

export function NotFoundPage(props: PageProps) {
  const { site, urls } = props;
  const { notFound, titleTemplate } = site.settings;
  return (
    <BaseLayout {...props} title={titleTemplate.replace('%s', notFound.title)} description={notFound.description}>
      <div className="container not-found">
        <h1>{notFound.heading}</h1>
        <p>{notFound.text}</p>
        <ButtonLink href={urls.href('/')}>{notFound.linkLabel}</ButtonLink>
      </div>
    </BaseLayout>
  );
}
