/**
 * checkSite: after rendering, every internal link, #anchor and referenced file of the output
 * must resolve, and canonical URLs must follow the URL policy. Works on the output in memory,
 * so `build` checks exactly what it is about to write and `check` writes nothing.
 */
import { createCodeFrame, SiteError } from './errors.ts';
import type { SourceFile } from './content/load.ts';
import type { Route, UrlPolicy } from './routes.ts';

export interface RenderedPage {
  route: Route;
  html: string;
}

export interface SiteCheckInput {
  pages: RenderedPage[];
  /** Every file the output will hold (pages, assets, public/), relative paths. */
  files: ReadonlySet<string>;
  urls: UrlPolicy;
  /** Content files, to point a broken link back at the line that wrote it. */
  sources: SourceFile[];
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const ORIGIN = 'http://site.invalid';

export function checkSite({ pages, files, urls, sources }: SiteCheckInput): SiteError[] {
  const ids = new Map(pages.map((page) => [page.route.file, collectIds(page.html)]));
  const errors: SiteError[] = [];
  for (const page of pages) {
    const pageUrl = new URL(urls.href(page.route.path), ORIGIN);
    for (const reference of collectReferences(page.html)) {
      if (EXTERNAL.test(reference.value)) continue;
      const url = new URL(reference.value, pageUrl);
      const target = url.pathname === pageUrl.pathname && !reference.value.replace(/#.*/, '') ? page.route.file : resolveFile(url.pathname, urls, files);
      if (target === undefined) {
        errors.push(brokenLink('BrokenLink', page, reference.value, `points at ${url.pathname}, which is not a page or file of this site`, urls, sources));
        continue;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment && target.endsWith('.html') && !ids.get(target)?.has(fragment)) {
        errors.push(brokenLink('BrokenAnchor', page, reference.value, `points at #${fragment}, but ${target} has no element with id="${fragment}"`, urls, sources));
      }
    }
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(page.html)?.[1];
    const expected = urls.absolute(page.route.path);
    if (page.route.indexable && canonical !== expected) {
      errors.push(
        new SiteError({
          code: 'CanonicalMismatch',
          message: `The page ${page.route.path} declares the canonical URL ${canonical ?? '(none)'}, but the URL policy gives ${expected}.`,
          file: page.route.file,
          hint: 'Let the layout take the canonical URL from urls.absolute(route.path).',
        }),
      );
    }
  }
  return errors;
}

/** Output file served for a URL path, the way a static host serves it; undefined if none. */
export function resolveFile(pathname: string, urls: UrlPolicy, files: ReadonlySet<string>): string | undefined {
  if (!pathname.startsWith(urls.base)) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(urls.base.length));
  } catch {
    return undefined;
  }
  const candidates = relative === '' || relative.endsWith('/') ? [`${relative}index.html`] : [relative, `${relative}.html`];
  return candidates.find((candidate) => files.has(candidate));
}

function collectIds(html: string): Set<string> {
  return new Set(Array.from(html.matchAll(/\sid="([^"]+)"/g), (match) => unescape(match[1]!)));
}

function collectReferences(html: string): Array<{ attribute: string; value: string }> {
  const references: Array<{ attribute: string; value: string }> = [];
  // React writes some attributes in camelCase (srcSet); HTML attribute names ignore case.
  for (const match of html.matchAll(/\s(href|src|srcset|poster)="([^"]*)"/gi)) {
    const attribute = match[1]!.toLowerCase();
    const value = unescape(match[2]!);
    const values = attribute === 'srcset' ? value.split(',').map((part) => part.trim().split(/\s+/)[0]!) : [value];
    for (const item of values) if (item !== '') references.push({ attribute, value: item });
  }
  return references;
}

function unescape(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function brokenLink(
  code: 'BrokenLink' | 'BrokenAnchor',
  page: RenderedPage,
  value: string,
  problem: string,
  urls: UrlPolicy,
  sources: SourceFile[],
): SiteError {
  const written = value.startsWith(urls.base) ? `/${value.slice(urls.base.length)}` : value;
  const origin = findInSources(sources, [value, written, written.replace(/\/(#|$)/, '$1')]);
  return new SiteError({
    code,
    message: `A link on the page ${page.route.path} ${problem}.`,
    ...(origin ?? { file: page.route.file }),
    hint:
      code === 'BrokenAnchor'
        ? 'Link to an existing section (#services, #portfolio, #about, #contact) or correct the anchor.'
        : 'Correct the link to an existing page (/, /terms, ...) or add the missing file to public/.',
  });
}

function findInSources(sources: SourceFile[], needles: string[]) {
  for (const source of sources) {
    for (const needle of needles) {
      const patterns = [`](${needle}`, `: ${needle}`, `: "${needle}"`, `"${needle}"`, `<${needle}>`];
      for (const pattern of patterns) {
        const index = source.text.indexOf(pattern);
        if (index === -1) continue;
        const offset = index + pattern.indexOf(needle);
        const before = source.text.slice(0, offset);
        const line = before.split('\n').length;
        const column = offset - before.lastIndexOf('\n');
        return { file: source.file, line, column, frame: createCodeFrame(source.text, line, column) };
      }
    }
  }
  return undefined;
}
