/**
 * renderPage: one Route -> a full HTML document, as UTF-8 bytes; and the templates' picture for images written in
 * Markdown. The only caller of react-dom/server.
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createError, SiteError, SiteErrors } from '../errors.ts';
import type { Route } from '../site/routes.ts';
import type { PictureProps } from '../../templates/api.ts';
import { createPageProps, type PageInput } from './props.ts';
import { locateInStack, type Templates } from './templates.ts';

export function renderPage(templates: Templates, input: PageInput): Buffer {
  const page = createPageProps(input);
  // The kind picks both the component and its props' shape.
  const component = templates.pages[page.kind] as ComponentType<typeof page.props>;
  try {
    // Bytes, not the string: React's string is a tree of thousands of pieces, and one non-Latin-1 character makes V8
    // store the whole page at two bytes a character; the UTF-8 bytes are what is written and cached anyway.
    return Buffer.from(`<!DOCTYPE html>${renderToStaticMarkup(createElement(component, page.props))}`);
  } catch (cause) {
    throw renderFailed(templates, { paths: [input.route.path] }, cause);
  }
}

/** The templates' `markdown.picture` as markup, so that an image written in Markdown gets the same <picture>. */
export function createPictureRenderer(templates: Templates): (props: PictureProps) => string {
  return (props) => {
    try {
      return renderToStaticMarkup(createElement(templates.markdown.picture, props));
    } catch (cause) {
      throw renderFailed(templates, { picture: props.image.src }, cause);
    }
  };
}

function renderFailed(
  templates: Templates,
  what: { paths: string[] } | { picture: string },
  cause: unknown,
): SiteError {
  const error = cause instanceof Error ? cause : new Error(String(cause));
  const place = locateInStack(error, templates.locate) ?? { file: 'templates/index.ts' };
  return createError('RenderFailed', { ...what, reason: error.message }, { ...place, cause });
}

/** Renders every route; a template line that fails on several pages is reported once, naming all the pages. */
export function renderPages(
  templates: Templates,
  routes: Route[],
  propsFor: (route: Route) => PageInput,
): Array<{ route: Route; html: Buffer }> {
  const pages: Array<{ route: Route; html: Buffer }> = [];
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
      const { file, line, column, frame, cause } = error;
      return createError('RenderFailed', { paths, reason }, { file, line, column, frame, cause });
    }),
  );
}
