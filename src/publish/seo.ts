/**
 * What search engines and link previews read: sitemap.xml, robots.txt, and each page's head data
 * (canonical URL, Open Graph and Twitter card tags, the organisation's JSON-LD on the home page).
 * Every URL comes from the one URL policy. Pure: no I/O.
 */
import type { Site } from '../content/kinds.ts';
import type { IconLink } from './favicons.ts';
import type { Route, UrlPolicy } from '../site/routes.ts';
import type { ShareImage } from './share-image.ts';
import type { HeadData, MetaTag } from '../../templates/api.ts';
import { escapeXml } from './xml.ts';
import { createFeedLinks } from './feeds.ts';
import { createArticleMeta, createBlogPosting, postInstant } from './news-head.ts';
import type { ScheduledPost } from '../news/schedule.ts';

/** The head data's shape is the templates' (templates/api.ts); this module fills it. */
export type { HeadData, MetaTag };

export const SITEMAP_FILE = 'sitemap.xml';
export const ROBOTS_FILE = 'robots.txt';

export interface HeadInput {
  site: Site;
  route: Route;
  urls: UrlPolicy;
  share: ShareImage;
  icons: IconLink[];
  csp: string;
  /** Link of the processed logo (base included), for the organisation's logo. */
  logo: string;
}

export function createHead({ site, route, urls, share, icons, csp, logo }: HeadInput): HeadData {
  const { settings } = site;
  // The page at an old path names its new address as the canonical one, and sends the browser there.
  const moved = route.page.kind === 'redirect' ? route.page.redirect : undefined;
  const canonical = moved ? moved.absolute : route.indexable ? urls.absolute(route.path) : undefined;
  const image = urls.absoluteAsset(share.path);
  const post = route.page.kind === 'news-post' ? route.page.post : undefined;
  const meta: MetaTag[] = [
    { property: 'og:type', content: post ? 'article' : 'website' },
    ...(post ? createArticleMeta(post) : []),
    { property: 'og:site_name', content: settings.name },
    ...(canonical ? [{ property: 'og:url', content: canonical }] : []),
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: String(share.width) },
    { property: 'og:image:height', content: String(share.height) },
    { property: 'og:image:alt', content: share.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: share.alt },
  ];
  return {
    csp,
    canonical,
    noindex: !route.indexable,
    themeColor: settings.brand.color,
    icons,
    meta,
    jsonLd: route.page.kind === 'home' ? renderJsonLd(createHomeJsonLd(site, urls, logo)) : undefined,
    ...newsHead(site, route, urls, absoluteLogo(urls, logo)),
    ...(moved ? { refresh: moved.href } : undefined),
  };
}

/** The organisation, and with faq sections on the page the FAQPage their questions make, as one graph. */
function createHomeJsonLd(site: Site, urls: UrlPolicy, logo: string): Record<string, unknown> {
  const organization = createOrganization(site, urls, logo);
  const faq = createFaqPage(site);
  if (!faq) return organization;
  const { '@context': context, ...node } = organization;
  return { '@context': context, '@graph': [node, faq] };
}

/** schema.org FAQPage: every question of every faq section, each with its answer as HTML. */
export function createFaqPage(site: Pick<Site, 'home'>): Record<string, unknown> | undefined {
  const questions = site.home.sections.flatMap((section) =>
    section.type === 'faq'
      ? section.data.items.map(({ question }, index) => ({
          '@type': 'Question',
          name: question,
          acceptedAnswer: { '@type': 'Answer', text: (section.html[`items.${index}.answer`] ?? '').trim() },
        }))
      : [],
  );
  return questions.length > 0 ? { '@type': 'FAQPage', mainEntity: questions } : undefined;
}

/** The feeds on the home page and /news; a post's BlogPosting. */
function newsHead(site: Site, route: Route, urls: UrlPolicy, logo: string): Pick<HeadData, 'feeds' | 'jsonLd'> {
  const { page } = route;
  const feeds = page.kind === 'home' || page.kind === 'news-list' ? createFeedLinks(site as FeedSite, urls) : undefined;
  if (page.kind === 'news-post') return { jsonLd: renderJsonLd(createBlogPosting(page.post, site, urls, logo)) };
  return feeds ? { feeds } : {};
}

type FeedSite = Site & { news: ScheduledPost[] };

/** The processed logo's link as an absolute URL. */
function absoluteLogo(urls: UrlPolicy, logo: string): string {
  const base = urls.asset('');
  return logo.startsWith(base) ? urls.absoluteAsset(logo.slice(base.length)) : logo;
}

/** schema.org Organization: who runs the site and how to reach them. */
export function createOrganization(site: Site, urls: UrlPolicy, logo: string): Record<string, unknown> {
  const { name, description, contact } = site.settings;
  const origin = urls.absoluteAsset('');
  const base = urls.asset('');
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name,
    url: urls.absolute('/'),
    logo: logo.startsWith(base) ? `${origin}${logo.slice(base.length)}` : logo,
    description,
    email: contact.email.address,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: contact.email.address,
      telephone: contact.whatsapp.number,
      url: urls.absolute('/#contact'),
    },
  };
}

/** JSON for an inline data block: nothing in it can close the element or start markup. */
export function renderJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** sitemap.xml: the absolute URL of every indexable route, in route order. */
export function renderSitemap(routes: Route[], urls: UrlPolicy): string {
  const entries = routes
    .filter((route) => route.indexable)
    .map((route) => {
      const loc = `<loc>${escapeXml(urls.absolute(route.path))}</loc>`;
      if (route.page.kind !== 'news-post') return `  <url>${loc}</url>`;
      const { post } = route.page;
      return `  <url>${loc}<lastmod>${postInstant(post.updated ?? post.date)}</lastmod></url>`;
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything may be crawled; the sitemap is named by its absolute URL. */
export function renderRobots(urls: UrlPolicy): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${urls.absoluteAsset(SITEMAP_FILE)}\n`;
}
