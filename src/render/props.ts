/**
 * createPageProps: what the generator knows about a page (content, routes, URL policy, images,
 * head data) -> the props its template receives (templates/api.ts). Every link is resolved here
 * and every section gets only its own data, so templates never see the URL policy, an output
 * file name or a function of the generator. Pure.
 */
import type { Site } from '../content/schema.ts';
import type { SiteImages } from '../images/pictures.ts';
import type { Route, UrlPolicy } from '../site/routes.ts';
import type {
  AssetLinks,
  ContactDelivery,
  ContactFormCopy,
  ContactSectionProps,
  HeadData,
  HomePageProps,
  LayoutProps,
  Link,
  PageKind,
  PagePropsByKind,
  TableOfContents,
} from '../../templates/api.ts';
import { createTocLinks } from './toc.ts';

export interface PageInput {
  /** The content every page may show; the pages of content/pages/ are not in it. */
  site: Site;
  route: Route;
  /**
   * Home, legal pages and 404: the routes a page may list or link to. Pages of content/pages/ are
   * left out, so each of them depends only on `site` and itself (one changed page re-renders alone).
   */
  routes: Route[];
  urls: UrlPolicy;
  /** Hashed asset files, already as links (base included). */
  assets: AssetLinks;
  /** Content images, processed into AVIF, WebP and a fallback, as links with their size. */
  images: SiteImages;
  /** This page's head data: CSP, canonical URL, share tags, icons, JSON-LD. */
  head: HeadData;
}

/** A page's template props, tagged with the page kind that picks its component. */
export type PageElement = { [Kind in PageKind]: { kind: Kind; props: PagePropsByKind[Kind] } }[PageKind];

export function createPageProps(input: PageInput): PageElement {
  const { site, route, urls } = input;
  const { settings } = site;
  // A function replacement is taken literally: a title holding $& or $` stays as written.
  const titled = (title: string) => settings.titleTemplate.replace('%s', () => title);
  const homeLink = (label: string): Link => ({ label, href: urls.href('/') });
  switch (route.page.kind) {
    case 'home':
      return { kind: 'home', props: createHomeProps(input, createLayout(input, settings.title, settings.description)) };
    case 'legal': {
      const { legal } = route.page;
      return {
        kind: 'legal',
        props: {
          layout: createLayout(input, titled(legal.title), legal.description),
          legal: { title: legal.title, dateLine: legal.dateLine, html: legal.html },
          toc: createToc(site, legal),
          back: homeLink(settings.legal.backLabel),
        },
      };
    }
    case 'page': {
      const { page } = route.page;
      return {
        kind: 'page',
        props: {
          layout: createLayout(input, titled(page.title), page.description),
          page: { title: page.title, html: page.html },
          toc: createToc(site, page),
        },
      };
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
    listed.page.kind === 'legal' ? [{ label: listed.page.legal.title, href: urls.href(listed.path) }] : [],
  );
  return {
    language: settings.language,
    page: route.page.kind,
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
      quickLinks: { heading: settings.footer.quickLinksHeading, links: settings.footer.quickLinks.map(link) },
      legalLinks: { heading: settings.footer.legalHeading, links: legalLinks },
      copyright: settings.footer.copyright,
    },
  };
}

/** The home page: one props object per section. */
function createHomeProps({ site, urls, images }: PageInput, layout: LayoutProps): HomePageProps {
  const { hero, services, aiDemo, portfolio, newTabHint } = site.settings;
  const frame = new URL(aiDemo.frameUrl);
  frame.searchParams.set('bot_id', aiDemo.botId);
  return {
    layout,
    hero: {
      eyebrow: hero.eyebrow,
      headline: hero.headline,
      text: hero.text,
      primary: { label: hero.primary.label, href: urls.href(hero.primary.href) },
      secondary: { label: hero.secondary.label, href: urls.href(hero.secondary.href) },
      statsLabel: hero.statsLabel,
      stats: site.stats.map(({ value, label }) => ({ value, label })),
    },
    services: {
      heading: services.heading,
      intro: services.intro,
      services: site.services.map(({ slug, title, icon, html, features }) => ({ slug, title, icon, html, features })),
    },
    aiDemo: {
      heading: aiDemo.heading,
      intro: aiDemo.intro,
      frameSrc: frame.href,
      frameTitle: aiDemo.frameTitle,
      provider: { label: aiDemo.provider.label, href: aiDemo.provider.url },
      newTabHint,
    },
    portfolio: {
      heading: portfolio.heading,
      intro: portfolio.intro,
      items: site.portfolio.map(({ slug, title, category, alt }) => ({
        slug,
        title,
        category,
        alt,
        image: images.portfolio[slug]!,
      })),
      more: { label: portfolio.more.label, href: portfolio.more.url },
      newTabHint,
    },
    about: { heading: site.about.title, html: site.about.html },
    contact: createContactProps(site, urls),
  };
}

function createContactFormCopy(form: Site['settings']['contact']['form']): ContactFormCopy {
  const {
    heading,
    firstName,
    lastName,
    email,
    company,
    optional,
    message,
    submit,
    mailNote,
    sending,
    sent,
    failed,
    trap,
  } = form;
  return {
    heading,
    firstName,
    lastName,
    email,
    company,
    optional,
    message,
    submit,
    mailNote,
    sending,
    sent,
    failed,
    trap,
  };
}

/** A site path is a file-like address on this host: base prefixed, no trailing slash added. */
function createContactDelivery(form: Site['settings']['contact']['form'], urls: UrlPolicy): ContactDelivery {
  if (form.endpoint)
    return { mode: 'endpoint', action: form.endpoint.startsWith('/') ? urls.asset(form.endpoint) : form.endpoint };
  if (form.netlify) return { mode: 'netlify', action: urls.href(form.successPage) };
  return { mode: 'mail', subject: form.subject };
}

function createContactProps({ settings }: Pick<Site, 'settings'>, urls: UrlPolicy): ContactSectionProps {
  const { contact, newTabHint } = settings;
  const action = ({ label, href }: { label: string; href?: string }) => ({
    label,
    href: href ? urls.href(href) : undefined,
  });
  return {
    contact: {
      heading: contact.heading,
      intro: contact.intro,
      email: { ...contact.email, href: `mailto:${contact.email.address}` },
      whatsapp: {
        label: contact.whatsapp.label,
        display: contact.whatsapp.display,
        href: `https://wa.me/${contact.whatsapp.number.replace(/\D/g, '')}`,
      },
      primaryAction: action(contact.primaryAction),
      secondaryAction: action(contact.secondaryAction),
      form: createContactFormCopy(contact.form),
      delivery: createContactDelivery(contact.form, urls),
    },
    newTabHint,
  };
}
