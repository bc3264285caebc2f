/** renderPage: one Route -> a full HTML document. The only caller of react-dom/server. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteError } from './errors.ts';
import type { Templates } from './templates.ts';
import type { PageProps } from '../templates/types.ts';

export function renderPage(templates: Templates, props: PageProps): string {
  const component = templates.pages[props.route.page.kind];
  try {
    return `<!DOCTYPE html>${renderToStaticMarkup(createElement(component, props))}`;
  } catch (cause) {
    const error = cause instanceof Error ? cause : new Error(String(cause));
    const frame = new RegExp(`${templates.bundleName.replace(/\./g, '\\.')}:(\\d+):(\\d+)`).exec(error.stack ?? '');
    const origin = frame ? templates.locate(Number(frame[1]), Number(frame[2])) : undefined;
    throw new SiteError({
      code: 'RenderFailed',
      message: `Rendering the page ${props.route.path} failed: ${error.message}`,
      ...(origin ?? { file: `templates/index.ts` }),
      hint: 'Fix the template at this line; templates receive all their data as props and must not throw.',
      cause,
    });
  }
}
