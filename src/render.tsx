/** renderPage: one Route -> a full HTML document. The only caller of react-dom/server. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteError, SiteErrors } from './errors.ts';
import type { Route } from './routes.ts';
import { locateInStack, type Templates } from './templates.ts';
import type { PageProps } from '../templates/types.ts';

const HINT = 'Fix the template at this line; templates receive all their data as props and must not throw.';

export function renderPage(templates: Templates, props: PageProps): string {
  const component = templates.pages[props.route.page.kind];
  try {
    return flatten(`<!DOCTYPE html>${renderToStaticMarkup(createElement(component, props))}`);
  } catch (cause) {
    const error = cause instanceof Error ? cause : new Error(String(cause));
    throw new SiteError({
      code: 'RenderFailed',
      message: `Rendering the page ${props.route.path} failed: ${error.message}`,
      ...(locateInStack(error, templates.locate) ?? { file: 'templates/index.ts' }),
      hint: HINT,
      cause,
    });
  }
}

/**
 * Renders every route. A template line that fails on several pages is one problem: it is
 * reported once, naming all the pages.
 */
export function renderPages(templates: Templates, routes: Route[], propsFor: (route: Route) => PageProps): Array<{ route: Route; html: string }> {
  const pages: Array<{ route: Route; html: string }> = [];
  const failures = new Map<string, { error: SiteError; paths: string[] }>();
  for (const route of routes) {
    try {
      pages.push({ route, html: renderPage(templates, propsFor(route)) });
    } catch (thrown) {
      if (!(thrown instanceof SiteError)) throw thrown;
      const reason = thrown.cause instanceof Error ? thrown.cause.message : thrown.message;
      const key = `${thrown.file}:${thrown.line}:${thrown.column}:${reason}`;
      const failure = failures.get(key);
      if (failure) failure.paths.push(route.path);
      else failures.set(key, { error: thrown, paths: [route.path] });
    }
  }
  if (failures.size === 0) return pages;
  throw new SiteErrors(
    [...failures.values()].map(({ error, paths }) => {
      if (paths.length === 1) return error;
      const reason = error.cause instanceof Error ? error.cause.message : String(error.cause);
      return new SiteError({
        code: error.code,
        message: `Rendering the pages ${paths.join(', ')} failed: ${reason}`,
        file: error.file,
        line: error.line,
        column: error.column,
        frame: error.frame,
        hint: error.hint,
        cause: error.cause,
      });
    }),
  );
}

/**
 * React builds the page by appending thousands of small strings, which V8 keeps as a tree of
 * pieces until something reads the whole string: six times the memory of the text. Any regular
 * expression run over it makes V8 flatten it into one piece (measured: docs/benchmarks.md).
 */
function flatten(html: string): string {
  /\0/.test(html);
  return html;
}
