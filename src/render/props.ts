/**
 * createPageProps: what the generator knows about a page -> the props its template receives (templates/api.ts).
 * Every link is resolved here and each section gets only its own data, so that templates never see the URL policy,
 * an output file name or a function of the generator. Pure.
 */
import type { ComponentType } from 'react';
import type { EntryKindName, EntryOf, Kinds, RoutedEntry, Site } from '../content/kinds.ts';
import type { pages } from '../../templates/index.ts';
import type { SiteImages } from '../images/pictures.ts';
import { entryRoute, type Route, type UrlPolicy } from '../site/routes.ts';
import type {
  AssetLinks,
  EntryPageProps,
  HeadData,
  LayoutProps,
  Link,
  PageKind,
  PagePropsByKind,
  TableOfContents,
} from '../../templates/api.ts';
import { newsListPath } from '../site/news-routes.ts';
import { createHomeSections } from './section-sources.ts';
import { createTocLinks } from './toc.ts';
import { createNewsListProps, createNewsPostProps } from './news-props.ts';

export interface PageInput {
  /** The content every page may show; the pages of content/pages/ are not in it. */
  site: Site;
  route: Route;
  /** The routes a page may link to; content/pages/ is left out, so that one changed page re-renders alone. */
  routes: Route[];
  urls: UrlPolicy;
  /** Hashed asset files, already as links (base included). */
  assets: AssetLinks;
  /** Content images, processed into AVIF, WebP and a fallback, as links with their size. */
  images: SiteImages;
  /** This page's head data: CSP, canonical URL, share tags, icons, JSON-LD. */
  head: HeadData;
}

/** A page's template props, tagged with the page kind (or the entry's template) that picks its component. */
export type PageElement =
  | { [Kind in PageKind]: { kind: Kind; props: PagePropsByKind[Kind] } }[PageKind]
  | { kind: string; props: EntryPageProps<RoutedEntry> };

/** What templates/index.ts's `pages` must hold for the kinds with pages of their own. */
type EntryTemplates = {
  [N in EntryKindName as Kinds[N]['route']['template']]: ComponentType<EntryPageProps<EntryOf<Kinds[N]>>>;
};
type Fits<T extends EntryTemplates> = T;
/**
 * Fails to compile, naming the template, when a kind with pages of its own has no template in templates/index.ts,
 * or its template reads a field its entries lack.
 */
export type ShippedTemplates = Fits<typeof pages>;

export function createPageProps(input: PageInput): PageElement {
  const { site, route, urls } = input;
  const { settings } = site;
  // A function replacement is taken literally: a title holding $& or $` stays as written.
  const titled = (title: string) => settings.titleTemplate.replace('%s', () => title);
  const homeLink = (label: string): Link => ({ label, href: urls.href('/') });
  switch (route.page.kind) {
    case 'home':
      return {
        kind: 'home',
        props: {
          layout: createLayout(input, settings.title, settings.description),
          sections: createHomeSections(input),
        },
      };
    case 'entry': {
      const { of, entry } = route.page;
      const { template, back } = entryRoute(of);
      return {
        kind: template,
        props: {
          layout: createLayout(input, titled(entry.title), entry.description),
          entry,
          toc: createToc(site, entry),
          ...(back && { back: homeLink(back(settings)) }),
        },
      };
    }
    case 'news-list': {
      const news = settings.news!;
      const { page, pages } = route.page;
      // Each further page names its number in its title and description: search engines and the
      // advice's duplicate rules see different pages.
      const label = ` (${news.pageLabel.replace('{page}', String(page)).replace('{pages}', String(pages))})`;
      const suffix = page > 1 ? label : '';
      const layout = createLayout(input, titled(`${news.title}${suffix}`), `${news.description}${suffix}`);
      return {
        kind: 'news-list',
        props: createNewsListProps(route.page, news, { layout, language: settings.language, urls }),
      };
    }
    case 'news-post': {
      const { post } = route.page;
      const layout = createLayout(input, titled(post.title), post.description);
      const context = { layout, language: settings.language, urls };
      return { kind: 'news-post', props: createNewsPostProps(route.page, settings.news!, context) };
    }
    case 'not-found': {
      const { notFound } = settings;
      return {
        kind: 'not-found',
        props: {
          layout: createLayout(input, titled(notFound.title), notFound.description),
          heading: notFound.heading,
          text: notFound.text,
          home: homeLink(notFound.linkLabel),
        },
      };
    }
    case 'redirect': {
      const { moved } = settings;
      return {
        kind: 'redirect',
        props: {
          layout: createLayout(input, titled(moved.title), moved.description),
          heading: moved.heading,
          text: moved.text,
          target: { label: moved.linkLabel, href: route.page.redirect.href },
        },
      };
    }
  }
}

/** The "On this page" list, when the page asks for one and has headings to list. */
function createToc(
  { settings }: Pick<Site, 'settings'>,
  page: { toc?: boolean; html: string },
): TableOfContents | undefined {
  if (!page.toc) return undefined;
  const links = createTocLinks(page.html);
  return links.length > 0 ? { label: settings.toc.label, links } : undefined;
}

/** Head, header and footer: what every page shows around its own content. */
function createLayout(
  { site, route, routes, urls, assets, images, head }: PageInput,
  title: string,
  description: string,
): LayoutProps {
  const { settings } = site;
  const link = ({ label, href }: Link): Link => ({ label, href: urls.href(href) });
  const homeHref = urls.href('/');
  const legalLinks = routes.flatMap((listed) =>
    listed.page.kind === 'entry' ? [{ label: listed.page.entry.title, href: urls.href(listed.path) }] : [],
  );
  const quickLinks = settings.footer.quickLinks.map(link);
  // With posts to read, the footer links /news in the words of site.yaml's news heading, unless a quick link already does.
  const newsHref = site.news?.length && settings.news ? urls.href(newsListPath(1)) : undefined;
  if (newsHref && !quickLinks.some((quick) => quick.href === newsHref))
    quickLinks.push({ label: settings.news!.heading, href: newsHref });
  return {
    language: settings.language,
    page: route.page.kind === 'entry' ? entryRoute(route.page.of).template : route.page.kind,
    skipLink: settings.skipLink,
    head: { head, title, description, assets },
    header: {
      name: settings.name,
      homeHref,
      logo: images.logo,
      nav: { label: settings.nav.label, menuLabel: settings.nav.menuLabel, links: settings.nav.links.map(link) },
    },
    footer: {
      name: settings.name,
      homeHref,
      logo: images.logo,
      tagline: settings.footer.tagline,
      quickLinks: { heading: settings.footer.quickLinksHeading, links: quickLinks },
      legalLinks: { heading: settings.footer.legalHeading, links: legalLinks },
      copyright: settings.footer.copyright,
    },
  };
}
