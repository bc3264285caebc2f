import { describe, expect, it } from 'vitest';
import type { HomeSection } from '../../src/content/home.ts';
import type { ContentPage, Site } from '../../src/content/kinds.ts';
import type { SiteImages } from '../../src/images/pictures.ts';
import { createPageProps, type PageElement, type PageInput } from '../../src/render/props.ts';
import { createRoutes, createUrlPolicy, type Route } from '../../src/site/routes.ts';
import type {
  HeadData,
  EntryPageProps,
  HomePageProps,
  PageKind,
  PagePropsByKind,
  SectionPropsByType,
  SectionType,
} from '../../templates/api.ts';

const image = (name: string) => ({
  src: `/sub/assets/images/${name}.png`,
  srcset: `/sub/assets/images/${name}-400.png 400w`,
  width: 400,
  height: 300,
  sources: [
    { type: 'image/avif' as const, srcset: `/sub/assets/images/${name}-400.avif 400w` },
    { type: 'image/webp' as const, srcset: `/sub/assets/images/${name}-400.webp 400w` },
  ],
});

const link = (label: string, href: string) => ({ label, href });

/** A section of home.yaml as the loader hands it over: its anchor, its data, no Markdown or images. */
const section = (data: HomeSection['data'], id: string) =>
  ({ type: data.type, id, data, html: {}, images: {} }) as HomeSection;

const HOME_SECTIONS: HomeSection[] = [
  section(
    {
      type: 'hero',
      headline: 'Hello',
      text: 'We help.',
      primary: link('Start', '/#contact'),
      secondary: link('Work', '#portfolio'),
      statsLabel: 'In numbers',
    },
    'hero',
  ),
  section({ type: 'services', heading: 'Services', intro: 'What we do.' }, 'services'),
  section(
    {
      type: 'ai-demo',
      heading: 'Try it',
      intro: 'A bot.',
      frameUrl: 'https://chat.example/frame?theme=dark',
      botId: 'bot-7',
      frameTitle: 'Chat',
      provider: { label: 'Provider', url: 'https://provider.example/' },
    },
    'ai-demo',
  ),
  section(
    {
      type: 'portfolio',
      heading: 'Work',
      intro: 'Recent.',
      more: { label: 'More', url: 'https://dribbble.example/acme' },
    },
    'portfolio',
  ),
  section({ type: 'about' }, 'about'),
  section(
    {
      type: 'contact',
      heading: 'Contact',
      intro: 'Write to us.',
      primaryAction: { label: 'Write' },
      secondaryAction: { label: 'Call', href: '/terms#fees' },
    },
    'contact',
  ),
];

function createSite(contact: Partial<Site['settings']['contact']> = {}): Site {
  const logo = { src: '/logo.svg', width: 40, height: 40 };
  return {
    settings: {
      name: 'Acme Web',
      shortName: 'Acme',
      url: 'https://acme.example',
      language: 'en-GB',
      description: 'We build websites.',
      title: 'Acme Web: websites',
      titleTemplate: '%s | Acme Web',
      logo: { src: logo.src },
      brand: { color: '#112233', accent: '#445566', background: '#ffffff' },
      newTabHint: '(opens in a new tab)',
      skipLink: 'Skip to content',
      nav: { label: 'Main', menuLabel: 'Menu', links: [link('Services', '/#services'), link('Terms', '/terms')] },
      contact: {
        email: { label: 'Email', address: 'hi@acme.example' },
        whatsapp: { label: 'WhatsApp', number: '+441234567890', display: '+44 1234 567890' },
        form: {
          heading: 'Send a message',
          successPage: '/thanks',
          mailNote: 'Your mail app opens; or write to {email}.',
          sending: 'Sending',
          sent: 'Sent',
          failed: 'Not sent; write to {email}.',
          trap: 'Leave empty',
          subject: 'Enquiry',
          firstName: 'First name',
          lastName: 'Last name',
          email: 'Email',
          company: 'Company',
          optional: '(optional)',
          message: 'Message',
          submit: 'Send',
        },
        ...contact,
      },
      footer: {
        tagline: 'Small and good.',
        quickLinksHeading: 'Quick links',
        quickLinks: [link('About', '/#about'), link('Blog', 'https://blog.example/')],
        legalHeading: 'Legal',
        copyright: '© Acme',
      },
      legal: { backLabel: 'Back home' },
      toc: { label: 'In this text' },
      notFound: {
        title: 'Not found',
        heading: 'Lost?',
        text: 'No page here.',
        linkLabel: 'Home',
        description: 'Nothing here.',
      },
      moved: {
        title: 'Moved',
        heading: 'This page moved',
        text: 'It has a new address.',
        linkLabel: 'Go there',
        description: 'A page that moved.',
      },
    },
    logo,
    stats: [{ value: '12', label: 'years' }],
    services: [{ slug: 'web', title: 'Web', order: 1, icon: 'code', features: ['Fast'], html: '<p>Sites.</p>' }],
    portfolio: [
      {
        slug: 'shop',
        title: 'Shop',
        category: 'E-commerce',
        image: '/shop.png',
        alt: 'A shop',
        order: 1,
        picture: { src: '/shop.png', width: 800, height: 600 },
      },
    ],
    about: { title: 'About us', html: '<p>Us.</p>' },
    home: { sections: HOME_SECTIONS },
    news: [],
    legal: [
      {
        slug: 'terms',
        title: 'Terms',
        dateLine: 'May 2026',
        description: 'The terms.',
        order: 1,
        html: '<p>Terms.</p>',
      },
      {
        slug: 'privacy',
        title: 'Privacy',
        dateLine: 'June 2026',
        description: 'Privacy.',
        order: 2,
        html: '<p>Privacy.</p>',
      },
    ],
  };
}

const head: HeadData = { csp: "default-src 'self'", noindex: false, themeColor: '#112233', icons: [], meta: [] };
const images: SiteImages = { logo: image('logo'), portfolio: { shop: image('shop') } };
const assets = { css: '/sub/assets/site-abc.css', js: '/sub/assets/main-abc.js', jsIntegrity: 'sha256-AAAA' };
const extraPage: ContentPage = { slug: 'team', title: 'Team', description: 'Who we are.', html: '<p>We.</p>' };

/** Every route's props, as the renderer makes them: `--format directory --base /sub/`. */
function propsOf(site = createSite(), page = extraPage): Array<{ route: Route; page: PageElement }> {
  const urls = createUrlPolicy({ format: 'directory', base: '/sub/', siteUrl: undefined }, site.settings.url);
  const routes = createRoutes(site, urls, [page]);
  const listed = routes.filter((route) => !(route.page.kind === 'entry' && route.page.of === 'pages'));
  return routes.map((route) => {
    const input: PageInput = { site, route, routes: listed, urls, assets, images, head };
    return { route, page: createPageProps(input) };
  });
}

function pageOf<Kind extends PageKind>(kind: Kind, site?: Site, page?: ContentPage): PagePropsByKind[Kind] {
  const found = propsOf(site, page).find(({ page }) => page.kind === kind);
  return found!.page.props as PagePropsByKind[Kind];
}

/** The props of the first page shown by an entry template (legal, page). */
function entryPageOf(template: 'legal' | 'page', site?: Site, page?: ContentPage): EntryPageProps<ContentPage> {
  const found = propsOf(site, page).find(({ page }) => page.kind === template);
  return found!.page.props as EntryPageProps<ContentPage>;
}

/** Every value in a props tree that is not a string, number, boolean, undefined, array or plain object. */
function nonPlainValues(value: unknown, at = 'props'): string[] {
  if (value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value)) return [];
  if (Array.isArray(value)) return value.flatMap((item, index) => nonPlainValues(item, `${at}[${index}]`));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.entries(value).flatMap(([key, item]) => nonPlainValues(item, `${at}.${key}`));
  }
  return [`${at}: ${typeof value}`];
}

describe('createPageProps', () => {
  it('gives every page plain data only: no functions, no URL policy, no output file names', () => {
    const pages = propsOf();
    expect(pages.map(({ page }) => page.kind)).toEqual(['home', 'legal', 'legal', 'page', 'not-found']);
    for (const { route, page } of pages) {
      expect(nonPlainValues(page.props)).toEqual([]);
      const text = JSON.stringify(page.props);
      for (const file of pages.map((other) => other.route.file)) expect(text).not.toContain(`"${file}"`);
      expect(text).not.toContain('index.html');
      expect(route.file).toMatch(/\.html$/);
    }
  });

  it('resolves every site link of the layout through the URL policy (base and trailing slash)', () => {
    const { layout } = entryPageOf('legal');
    expect(layout.header.homeHref).toBe('/sub/');
    expect(layout.header.nav.links).toEqual([link('Services', '/sub/#services'), link('Terms', '/sub/terms/')]);
    expect(layout.footer.quickLinks).toEqual({
      heading: 'Quick links',
      links: [link('About', '/sub/#about'), link('Blog', 'https://blog.example/')],
    });
    // One footer link per legal page, in their order; the pages of content/pages/ are not listed.
    expect(layout.footer.legalLinks).toEqual({
      heading: 'Legal',
      links: [link('Terms', '/sub/terms/'), link('Privacy', '/sub/privacy/')],
    });
    expect(layout.header.logo).toBe(images.logo);
    expect(layout.footer.logo).toBe(images.logo);
  });

  it('gives the head its title from the title template, its description, head data and asset links', () => {
    const layouts = propsOf().map(({ page }) => page.props.layout);
    expect(layouts.map((layout) => [layout.page, layout.head.title, layout.head.description])).toEqual([
      ['home', 'Acme Web: websites', 'We build websites.'],
      ['legal', 'Terms | Acme Web', 'The terms.'],
      ['legal', 'Privacy | Acme Web', 'Privacy.'],
      ['page', 'Team | Acme Web', 'Who we are.'],
      ['not-found', 'Not found | Acme Web', 'Nothing here.'],
    ]);
    for (const layout of layouts) {
      expect(layout).toMatchObject({ language: 'en-GB', skipLink: 'Skip to content' });
      expect(layout.head.head).toBe(head);
      expect(layout.head.assets).toEqual(assets);
    }
  });

  it('gives the home page its sections in order, each a type, its anchor and only its own data', () => {
    const home: HomePageProps = pageOf('home');
    expect(Object.keys(home).sort()).toEqual(['layout', 'sections']);
    expect(home.sections.map((one) => [one.type, one.key])).toEqual([
      ['hero', 'hero'],
      ['services', 'services'],
      ['ai-demo', 'ai-demo'],
      ['portfolio', 'portfolio'],
      ['about', 'about'],
      ['contact', 'contact'],
    ]);
    expect(sectionProps(home, 'hero')).toEqual({
      id: undefined,
      eyebrow: undefined,
      headline: 'Hello',
      text: 'We help.',
      primary: link('Start', '/sub/#contact'),
      secondary: link('Work', '#portfolio'),
      statsLabel: 'In numbers',
      stats: [{ value: '12', label: 'years' }],
    });
    expect(sectionProps(home, 'services')).toEqual({
      id: 'services',
      heading: 'Services',
      intro: 'What we do.',
      services: [{ slug: 'web', title: 'Web', icon: 'code', html: '<p>Sites.</p>', features: ['Fast'] }],
    });
    expect(sectionProps(home, 'ai-demo')).toEqual({
      id: 'ai-demo',
      heading: 'Try it',
      intro: 'A bot.',
      frameSrc: 'https://chat.example/frame?theme=dark&bot_id=bot-7',
      frameTitle: 'Chat',
      provider: link('Provider', 'https://provider.example/'),
      newTabHint: '(opens in a new tab)',
    });
    expect(sectionProps(home, 'portfolio')).toEqual({
      id: 'portfolio',
      heading: 'Work',
      intro: 'Recent.',
      items: [{ slug: 'shop', title: 'Shop', category: 'E-commerce', alt: 'A shop', image: images.portfolio.shop }],
      more: link('More', 'https://dribbble.example/acme'),
      newTabHint: '(opens in a new tab)',
    });
    expect(sectionProps(home, 'about')).toEqual({ id: 'about', heading: 'About us', html: '<p>Us.</p>' });
  });

  it('gives a legal page its text and the link home, a content page its text, and the 404 page its copy', () => {
    const legal = entryPageOf('legal');
    expect(legal.entry).toMatchObject({ title: 'Terms', dateLine: 'May 2026', html: '<p>Terms.</p>' });
    expect(legal.back).toEqual(link('Back home', '/sub/'));
    expect(entryPageOf('page').entry).toEqual(extraPage);
    expect(entryPageOf('page').back).toBeUndefined();
    const notFound = pageOf('not-found');
    expect({ heading: notFound.heading, text: notFound.text, home: notFound.home }).toEqual({
      heading: 'Lost?',
      text: 'No page here.',
      home: link('Home', '/sub/'),
    });
  });

  it('gives a page with toc: true its "On this page" list from its own headings, as #id links with the site\'s label', () => {
    const html =
      '<p>Intro.</p>\n<h2 id="fees">Fees</h2>\n<h3 id="late-fees">Late <em>fees</em></h3>\n<h2 id="law">Law</h2>';
    const links = [
      { label: 'Fees', href: '#fees', children: [link('Late fees', '#late-fees')] },
      { label: 'Law', href: '#law', children: [] },
    ];
    const site = createSite();
    site.legal[0] = { ...site.legal[0]!, html, toc: true };
    const [terms, privacy] = propsOf(site).flatMap(({ page }) =>
      page.kind === 'legal' ? [page.props as EntryPageProps<ContentPage>] : [],
    );
    expect(terms!.toc).toEqual({ label: 'In this text', links });
    expect(terms!.entry.html).toBe(html);
    // The same headings without the flag: no list.
    expect(privacy!.toc).toBeUndefined();
    expect(entryPageOf('legal', { ...site, legal: [{ ...site.legal[0]!, toc: undefined }] }).toc).toBeUndefined();
    expect(entryPageOf('page', undefined, { ...extraPage, html, toc: true }).toc).toEqual({
      label: 'In this text',
      links,
    });
    expect(entryPageOf('page', undefined, { ...extraPage, html }).toc).toBeUndefined();
  });

  it('gives no list to a page with toc: true whose text has no h2 or h3 to link to', () => {
    expect(
      entryPageOf('page', undefined, { ...extraPage, html: '<p>Only text.</p><h4 id="deep">Deep</h4>', toc: true }).toc,
    ).toBeUndefined();
  });
});

/** The props of the first section of a type. */
function sectionProps<Type extends SectionType>(home: HomePageProps, type: Type): SectionPropsByType[Type] {
  const found = home.sections.find((one) => one.type === type);
  if (!found) throw new Error(`no ${type} section`);
  return found.props as SectionPropsByType[Type];
}
