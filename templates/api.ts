/**
 * The templates' props API: what each page and section receives, as plain data. The generator
 * (src/render/props.ts) maps content, routes and its URL policy onto these shapes, so every
 * href arrives final (base and URL format applied) and every image as ready <picture> sources.
 * Templates import these types and React, nothing else.
 */
import type { ComponentType, ReactNode } from 'react';

/** The pages the generator makes itself; each kind of content with pages of its own adds its template (src/content/kinds.ts). */
export type PageKind = 'home' | 'news-list' | 'news-post' | 'not-found' | 'redirect';

/** A link and its text. */
export interface Link {
  label: string;
  href: string;
}

export interface LinkList {
  heading: string;
  links: Link[];
}

export interface ImageSource {
  type: 'image/avif' | 'image/webp';
  srcset: string;
}

/** An image in AVIF, WebP and a fallback, as links, with its intrinsic size. */
export interface ResponsiveImage {
  /** The fallback <img>: an SVG, or the widest raster in the source's own format. */
  src: string;
  /** Raster fallbacks only: every width of the fallback format. */
  srcset?: string;
  width: number;
  height: number;
  sources: ImageSource[];
}

/** A <meta> tag: Open Graph uses property=, Twitter cards use name=. */
export type MetaTag = { property: string; content: string } | { name: string; content: string };

export interface IconLink {
  rel: 'icon' | 'apple-touch-icon' | 'manifest';
  href: string;
  type?: string;
  sizes?: string;
}

/** Everything a page's <head> needs beyond its title and description. */
export interface HeadData {
  /** The Content-Security-Policy for the page's meta tag. */
  csp: string;
  /** Absolute canonical URL; indexable pages only. */
  canonical?: string;
  /** Pages kept out of search results (the 404 page). */
  noindex: boolean;
  themeColor: string;
  icons: IconLink[];
  /** Open Graph and Twitter card tags except title and description, which the page sets. */
  meta: MetaTag[];
  /** JSON-LD, already escaped for a <script type="application/ld+json"> element. */
  jsonLd?: string;
  /** The news feeds, as <link rel="alternate"> (/news and the home page, when there are posts). */
  feeds?: FeedLink[];
  /** Where the browser goes at once (a meta refresh): the page at an old path of content/redirects.yaml. */
  refresh?: string;
}

/** A feed of the site, for <link rel="alternate" type=... title=... href=...>. */
export interface FeedLink {
  type: 'application/atom+xml' | 'application/rss+xml' | 'application/feed+json';
  title: string;
  href: string;
}

/** The hashed stylesheet and browser script. */
export interface AssetLinks {
  css: string;
  js: string;
  /** The script's Subresource Integrity value: the Content-Security-Policy names the script by it. */
  jsIntegrity: string;
  /** The stylesheet's font files (woff2), preloaded. */
  fonts?: string[];
}

export interface PageHeadProps {
  head: HeadData;
  /** The document title, the site's title template already applied. */
  title: string;
  description: string;
  assets: AssetLinks;
}

export interface SiteHeaderProps {
  name: string;
  homeHref: string;
  logo: ResponsiveImage;
  nav: { label: string; menuLabel: string; links: Link[] };
}

export interface SiteFooterProps {
  name: string;
  homeHref: string;
  logo: ResponsiveImage;
  tagline: string;
  quickLinks: LinkList;
  /** One link per legal page, in their order. */
  legalLinks: LinkList;
  copyright: string;
}

/** The frame every page shares: document head, skip link, header and footer. */
export interface LayoutProps {
  language: string;
  /** The page kind or the entry's template (legal, page), written to <body data-page> for the stylesheet and the browser script. */
  page: string;
  skipLink: string;
  head: PageHeadProps;
  header: SiteHeaderProps;
  footer: SiteFooterProps;
}

export type BaseLayoutProps = LayoutProps & { children: ReactNode };

export interface Stat {
  value: string;
  label: string;
}

export interface HeroSectionProps {
  /** The anchor of the page's top, when the editor names one. */
  id?: string;
  eyebrow?: string;
  headline: string;
  text: string;
  primary: Link;
  secondary: Link;
  /** The hidden heading that names the stats for screen readers. */
  statsLabel: string;
  stats: Stat[];
}

export type ServiceIconName = 'code' | 'bot' | 'palette' | 'chart' | 'rocket' | 'shield';

export interface ServiceCard {
  slug: string;
  title: string;
  icon: ServiceIconName;
  /** The description, Markdown already turned into sanitized HTML. */
  html: string;
  features: string[];
}

export interface ServicesSectionProps {
  id: string;
  heading: string;
  intro: string;
  services: ServiceCard[];
}

export interface AiDemoSectionProps {
  id: string;
  heading: string;
  intro: string;
  /** The chat frame's address, bot id included. */
  frameSrc: string;
  frameTitle: string;
  /** Shown in place of the chat when its frame cannot load. */
  unavailable?: string;
  provider: Link;
  /** Screen-reader text for links that open in a new tab. */
  newTabHint: string;
}

export interface PortfolioTile {
  slug: string;
  title: string;
  category: string;
  alt: string;
  image: ResponsiveImage;
}

export interface PortfolioSectionProps {
  id: string;
  heading: string;
  intro: string;
  items: PortfolioTile[];
  more: Link;
  newTabHint: string;
}

export interface AboutSectionProps {
  id: string;
  heading: string;
  html: string;
}

/** A contact action; without href the template picks its own target. */
export interface ContactAction {
  label: string;
  href?: string;
}

/** Every word the contact form shows; `mailNote` and `failed` say {email} where the address goes. */
export interface ContactFormCopy {
  heading: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The marker after optional fields' labels. */
  company: string;
  optional: string;
  message: string;
  submit: string;
  mailNote: string;
  sending: string;
  sent: string;
  failed: string;
  trap: string;
}

/** Where the message goes, with links already resolved (base and URL format applied). */
export type ContactDelivery =
  | { mode: 'endpoint'; action: string }
  | { mode: 'netlify'; action: string }
  | { mode: 'mail'; subject: string };

export interface ContactDetails {
  heading: string;
  intro: string;
  /** href: the mailto: link. */
  email: { label: string; address: string; href: string };
  /** href: the chat link for the number. */
  whatsapp: { label: string; display: string; href: string };
  primaryAction: ContactAction;
  secondaryAction: ContactAction;
  form: ContactFormCopy;
  delivery: ContactDelivery;
}

export interface ContactSectionProps {
  id: string;
  contact: ContactDetails;
  newTabHint: string;
}

/** The home page: its sections in the order home.yaml lists them. */
export interface HomePageProps {
  layout: LayoutProps;
  sections: HomeSectionElement[];
}

/** A heading of the page's text as a link to its id (`#id`), with the h3 headings under an h2. */
export interface TocLink extends Link {
  children: Link[];
}

/** The "On this page" list: a page's h2 and h3 headings, in their order. */
export interface TableOfContents {
  /** Names the <nav> for screen readers and heads the list. */
  label: string;
  links: TocLink[];
}

/**
 * The page of an entry of a kind with pages of its own (legal pages, content/pages/): its fields as
 * checked, with its Markdown body as `html`. A template names the fields it shows.
 */
export interface EntryPageProps<Entry = { title: string; html: string }> {
  layout: LayoutProps;
  entry: Entry;
  /** Only when the page asks for one (`toc: true`) and its text has h2 or h3 headings. */
  toc?: TableOfContents;
  /** The link back to the home page, for the kinds that show one (legal pages). */
  back?: Link;
}

export interface NotFoundPageProps {
  layout: LayoutProps;
  heading: string;
  text: string;
  home: Link;
}

/** The page left at an old path (content/redirects.yaml): says the page moved and links to its new address. */
export interface RedirectPageProps {
  layout: LayoutProps;
  heading: string;
  text: string;
  /** The new address, final: the browser also goes there by itself (head.refresh). */
  target: Link;
}

export interface PagePropsByKind {
  home: HomePageProps;
  'news-list': NewsListPageProps;
  'news-post': NewsPostPageProps;
  'not-found': NotFoundPageProps;
  redirect: RedirectPageProps;
}

/** A post's date: machine-readable for <time datetime>, and as people read it. */
export interface PostDate {
  datetime: string;
  label: string;
}

/** A post as a list shows it (/news, the home page's news section). */
export interface NewsCard {
  title: string;
  href: string;
  date: PostDate;
  description: string;
  picture?: AltImage;
  /** "Draft" or "Scheduled for ...": only on posts a published build leaves out (dev, --drafts, --future). */
  badge?: string;
}

/** A link to a neighbouring page or post, with rel="prev" (newer) or rel="next" (older). */
export interface Neighbours {
  newer?: Link;
  older?: Link;
}

/** One page of /news. */
export interface NewsListPageProps {
  layout: LayoutProps;
  heading: string;
  intro?: string;
  posts: NewsCard[];
  readMore: string;
  /** "Page 2 of 3", when there is more than one page. */
  pageLabel?: string;
  pagination: Neighbours;
  /** The link to the Atom feed. */
  feeds: Link;
}

/** A news post's page. */
export interface NewsPostPageProps {
  layout: LayoutProps;
  post: {
    title: string;
    date: PostDate;
    updated?: PostDate;
    /** "By Ana Lima", when the post names its author. */
    byline?: string;
    readingTime: string;
    picture?: AltImage;
    html: string;
    badge?: string;
  };
  back: Link;
  /** Labelled links to the newer and older post, their titles as the link text. */
  neighbours: { newerLabel: string; olderLabel: string } & Neighbours;
}

/**
 * What templates/index.ts exports as `pages`: one component per page kind, and one per template a
 * kind of content names (src/render/props.ts checks those against the kinds' entries).
 */
export type PageComponents = { [Kind in PageKind]: ComponentType<PagePropsByKind[Kind]> } & {
  [template: string]: { [Kind in PageKind]: ComponentType<PagePropsByKind[Kind]> }[PageKind] | EntryPageComponent;
};

// biome-ignore lint/suspicious/noExplicitAny: each template names the fields it shows; src/render/props.ts checks them.
type EntryPageComponent = ComponentType<EntryPageProps<any>>;

/*
 * The home page's further section types (src/content/sections.ts holds their schemas). Each gets
 * its anchor as `id` (the editor's, or the type's default) and labels itself with `${id}-title`.
 */

/** A picture with its alt text, ready for <Picture>. */
export interface AltImage {
  image: ResponsiveImage;
  alt: string;
}

export interface Testimonial {
  quote: string;
  name: string;
  role?: string;
  photo?: AltImage;
}

export interface TestimonialsSectionProps {
  id: string;
  heading: string;
  intro?: string;
  items: Testimonial[];
}

export interface FaqItem {
  question: string;
  /** The answer, Markdown already turned into sanitized HTML. */
  html: string;
}

/** The FAQPage JSON-LD is the page's (HeadData.jsonLd), not the section's. */
export interface FaqSectionProps {
  id: string;
  heading: string;
  intro?: string;
  items: FaqItem[];
}

export interface CtaSectionProps {
  id: string;
  heading: string;
  text?: string;
  button: Link;
  newTabHint: string;
}

export interface PricingPlan {
  name: string;
  price: string;
  /** What the price is for, such as "/month"; shown after it. */
  period?: string;
  features: string[];
  button: Link;
  featured: boolean;
}

export interface PricingSectionProps {
  id: string;
  heading: string;
  intro?: string;
  plans: PricingPlan[];
  newTabHint: string;
}

export interface LogoItem {
  /** The client's name: the logo's alt text. */
  name: string;
  image: ResponsiveImage;
  href?: string;
}

export interface LogosSectionProps {
  id: string;
  heading: string;
  intro?: string;
  items: LogoItem[];
  newTabHint: string;
}

/** Where the picture sits beside the text on wide screens. */
export type MediaSide = 'left' | 'right';

export interface MediaSectionProps {
  id: string;
  heading: string;
  /** The text, Markdown already turned into sanitized HTML. */
  html: string;
  picture: AltImage;
  side: MediaSide;
}

export interface TeamMember {
  name: string;
  role: string;
  photo: AltImage;
}

export interface TeamSectionProps {
  id: string;
  heading: string;
  intro?: string;
  items: TeamMember[];
}

/** Without a heading the section is a plain block of text, named by the headings inside it. */
export interface ProseSectionProps {
  id: string;
  heading?: string;
  /** The body, Markdown already turned into sanitized HTML. */
  html: string;
}

/** The home page's latest posts. */
export interface NewsSectionProps {
  id: string;
  heading: string;
  intro?: string;
  posts: NewsCard[];
  readMore: string;
  /** The link to /news. */
  more: Link;
}

/** A page of a folder with pages of their own (content/legal/, ...), as a list section shows it. */
export interface EntryCard {
  title: string;
  description: string;
  href: string;
}

/** Cards linking the pages of one folder, in its order. */
export interface ListSectionProps {
  id: string;
  heading: string;
  intro?: string;
  items: EntryCard[];
}

export interface StatsSectionProps {
  id: string;
  heading: string;
  intro?: string;
  items: Stat[];
}

/** Each section type's props: a type of home.yaml is one entry here and one component (templates/pages/HomePage.tsx). */
export interface SectionPropsByType {
  hero: HeroSectionProps;
  services: ServicesSectionProps;
  'ai-demo': AiDemoSectionProps;
  portfolio: PortfolioSectionProps;
  about: AboutSectionProps;
  contact: ContactSectionProps;
  testimonials: TestimonialsSectionProps;
  faq: FaqSectionProps;
  cta: CtaSectionProps;
  pricing: PricingSectionProps;
  logos: LogosSectionProps;
  media: MediaSectionProps;
  team: TeamSectionProps;
  prose: ProseSectionProps;
  stats: StatsSectionProps;
  news: NewsSectionProps;
  list: ListSectionProps;
}

export type SectionType = keyof SectionPropsByType;

/** One section of the home page: its type picks the component, `key` is its anchor (unique on the page). */
export type HomeSectionElement = {
  [Type in SectionType]: { type: Type; key: string; props: SectionPropsByType[Type] };
}[SectionType];

/** One component per section type. */
export type SectionComponents = { [Type in SectionType]: ComponentType<SectionPropsByType[Type]> };

/** lazy: below the fold. priority: the first image a visitor sees, fetched early. */
export type PictureLoading = 'lazy' | 'priority';

export interface PictureProps {
  image: ResponsiveImage;
  alt: string;
  /** The image's title, as Markdown's `![alt](src "title")` gives it. */
  title?: string;
  /** The sizes attribute: how wide the image is drawn, for picking a width from the srcset. */
  sizes: string;
  loading: PictureLoading;
  /** Drawn width in CSS pixels when the layout does not set it; the height keeps the aspect ratio. */
  width?: number;
}

/**
 * What templates/index.ts exports as `markdown`: the components the generator renders inside
 * Markdown bodies (an image written in Markdown becomes `picture`'s markup, the same as a portfolio image).
 */
export interface MarkdownComponents {
  picture: ComponentType<PictureProps>;
}
