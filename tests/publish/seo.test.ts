import { beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig, type Options } from '../../src/config.ts';
import type { Site } from '../../src/content/kinds.ts';
import { loadSite } from '../../src/content/load.ts';
import { createRoutes, createUrlPolicy } from '../../src/site/routes.ts';
import {
  createFaqPage,
  createHead,
  createOrganization,
  renderJsonLd,
  renderRobots,
  renderSitemap,
} from '../../src/publish/seo.ts';
import { PROJECT_ROOT } from '../helpers/project.ts';

let site: Site;

beforeAll(async () => {
  site = (await loadSite(resolveConfig({ root: PROJECT_ROOT }))).site;
});

function policy(options: Options) {
  const urls = createUrlPolicy(resolveConfig({ root: PROJECT_ROOT, ...options }), site.settings.url);
  return { urls, routes: createRoutes(site, urls) };
}

const share = { path: 'assets/images/share-abc.png', width: 1200, height: 630, alt: 'Northwind Studio: tagline' };

describe('renderSitemap', () => {
  it('lists every indexable route by its canonical URL and leaves out the 404 page (--format file)', () => {
    const { urls, routes } = policy({});
    const xml = renderSitemap(routes, urls);
    expect([...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])).toEqual([
      'https://northwindstudio.dev/',
      'https://northwindstudio.dev/terms',
      'https://northwindstudio.dev/refund-policy',
      'https://northwindstudio.dev/privacy-policy',
      // The shipped news posts (content/news/), newest first, after their list.
      'https://northwindstudio.dev/news',
      'https://northwindstudio.dev/news/ai-assistants-for-small-teams',
      'https://northwindstudio.dev/news/faster-sites-by-default',
    ]);
    expect(xml).not.toContain('404');
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
  });

  it('follows --format directory and --base, exactly like the canonical URLs', () => {
    const { urls, routes } = policy({ format: 'directory', base: '/sub/' });
    const locs = [...renderSitemap(routes, urls).matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(routes.filter((route) => route.indexable).map((route) => urls.absolute(route.path)));
    expect(locs).toEqual([
      'https://northwindstudio.dev/sub/',
      'https://northwindstudio.dev/sub/terms/',
      'https://northwindstudio.dev/sub/refund-policy/',
      'https://northwindstudio.dev/sub/privacy-policy/',
      'https://northwindstudio.dev/sub/news/',
      'https://northwindstudio.dev/sub/news/ai-assistants-for-small-teams/',
      'https://northwindstudio.dev/sub/news/faster-sites-by-default/',
    ]);
  });

  it('leaves out a page whose front matter says noindex, and keeps one that does not', () => {
    const urls = createUrlPolicy(resolveConfig({ root: PROJECT_ROOT }), site.settings.url);
    const page = (slug: string, noindex?: boolean) => ({
      slug,
      title: slug,
      description: `About ${slug}.`,
      html: '',
      noindex,
    });
    const routes = createRoutes(site, urls, [page('thanks', true), page('team')]);
    const xml = renderSitemap(routes, urls);
    expect(xml).not.toContain('/thanks');
    expect(xml).toContain('<loc>https://northwindstudio.dev/team</loc>');
    const thanks = routes.find((route) => route.path === '/thanks')!;
    const data = createHead({ site, route: thanks, urls, share, icons: [], csp: '', logo: '' });
    expect(data.noindex).toBe(true);
    expect(data.canonical).toBeUndefined();
  });

  it('takes the origin from --site-url when given', () => {
    const { urls, routes } = policy({ siteUrl: 'https://staging.example.org/' });
    expect(renderSitemap(routes, urls)).toContain('<loc>https://staging.example.org/terms</loc>');
  });
});

describe('renderRobots', () => {
  it('allows everything and names the sitemap by its absolute URL, base included', () => {
    expect(renderRobots(policy({}).urls)).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://northwindstudio.dev/sitemap.xml\n',
    );
    expect(renderRobots(policy({ base: '/sub/' }).urls)).toContain(
      'Sitemap: https://northwindstudio.dev/sub/sitemap.xml\n',
    );
  });
});

describe('createHead', () => {
  const head = (options: Options, kind: 'home' | 'legal' | 'not-found') => {
    const { urls, routes } = policy(options);
    const route = routes.find(({ page }) => (page.kind === 'entry' ? page.of : page.kind) === kind)!;
    return createHead({
      site,
      route,
      urls,
      share,
      icons: [],
      csp: "default-src 'self'",
      logo: urls.asset('assets/images/logo-x.svg'),
    });
  };
  const tag = (data: ReturnType<typeof head>, key: string) =>
    data.meta.find((item) => ('property' in item ? item.property : item.name) === key)?.content;

  it('gives indexable pages a canonical URL, og:url and a 1200x630 share image with the base', () => {
    const data = head({ base: '/sub/', format: 'directory' }, 'legal');
    expect(data.canonical).toBe('https://northwindstudio.dev/sub/terms/');
    expect(tag(data, 'og:url')).toBe(data.canonical);
    expect(tag(data, 'og:image')).toBe('https://northwindstudio.dev/sub/assets/images/share-abc.png');
    expect(tag(data, 'og:image:width')).toBe('1200');
    expect(tag(data, 'og:image:height')).toBe('630');
    expect(tag(data, 'twitter:card')).toBe('summary_large_image');
    expect(tag(data, 'twitter:image')).toBe(tag(data, 'og:image'));
    expect(data.noindex).toBe(false);
  });

  it('keeps the 404 page out of search: noindex, no canonical URL, no og:url', () => {
    const data = head({}, 'not-found');
    expect(data.noindex).toBe(true);
    expect(data.canonical).toBeUndefined();
    expect(tag(data, 'og:url')).toBeUndefined();
  });

  it('puts the organisation JSON-LD on the home page only', () => {
    expect(head({}, 'home').jsonLd).toBeDefined();
    expect(head({}, 'legal').jsonLd).toBeUndefined();
    expect(head({}, 'not-found').jsonLd).toBeUndefined();
    const data = JSON.parse(head({ base: '/sub/' }, 'home').jsonLd!);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Northwind Studio',
      url: 'https://northwindstudio.dev/sub/',
      logo: 'https://northwindstudio.dev/sub/assets/images/logo-x.svg',
      email: 'hello@northwindstudio.dev',
      contactPoint: { '@type': 'ContactPoint', email: 'hello@northwindstudio.dev', telephone: '+15551234567' },
    });
  });
});

describe('createFaqPage', () => {
  const faq = (id: string, items: Array<[string, string]>) =>
    ({
      type: 'faq',
      id,
      data: { type: 'faq', heading: 'Questions', items: items.map(([question]) => ({ question, answer: 'x' })) },
      html: Object.fromEntries(items.map(([, html], index) => [`items.${index}.answer`, `${html}\n`])),
      images: {},
    }) as Site['home']['sections'][number];

  it('makes no FAQPage for a home page without faq sections (the shipped one)', () => {
    expect(createFaqPage(site)).toBeUndefined();
  });

  it('lists every question of every faq section with its answer as HTML, beside the organisation', () => {
    const sections = [
      ...site.home.sections,
      faq('faq', [['How long?', '<p>Six <strong>weeks</strong>.</p>']]),
      faq('more-faq', [['Do you host?', '<p>Yes.</p>']]),
    ];
    const withFaq = { ...site, home: { sections } };
    expect(createFaqPage(withFaq)).toEqual({
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'How long?',
          acceptedAnswer: { '@type': 'Answer', text: '<p>Six <strong>weeks</strong>.</p>' },
        },
        { '@type': 'Question', name: 'Do you host?', acceptedAnswer: { '@type': 'Answer', text: '<p>Yes.</p>' } },
      ],
    });
    const { urls, routes } = policy({});
    const home = routes.find((route) => route.page.kind === 'home')!;
    const data = JSON.parse(
      createHead({ site: withFaq, route: home, urls, share, icons: [], csp: '', logo: '/l.svg' }).jsonLd!,
    );
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@graph'].map((node: { '@type': string }) => node['@type'])).toEqual(['Organization', 'FAQPage']);
  });
});

describe('renderJsonLd', () => {
  it('escapes text that could close the script element, and stays valid JSON', () => {
    const { urls } = policy({});
    const organization = {
      ...createOrganization(site, urls, '/logo.svg'),
      name: 'A </script><script>alert(1)</script> & Co',
    };
    const json = renderJsonLd(organization);
    expect(json).not.toMatch(/<|>|&/);
    expect(JSON.parse(json).name).toBe('A </script><script>alert(1)</script> & Co');
  });
});
