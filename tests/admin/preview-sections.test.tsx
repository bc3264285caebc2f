/**
 * The CMS's preview of home.yaml draws every section type with the site's own component, through
 * the build's table of props, and the shipped home.yaml draws whole, with
 * what its sections show from other files (stats, services, portfolio, about.md, posts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createPreviewEntries, previewSiteOf } from '../../src/admin/preview-entries.ts';
import type { PreviewData } from '../../src/admin/preview/data.ts';
import { NewsPostPreview } from '../../src/admin/preview/news-post.tsx';
import { renderSection } from '../../src/admin/preview/home-preview.tsx';
import { SiteSettingsPreview } from '../../src/admin/preview/site-settings.tsx';
import { resolveConfig } from '../../src/config.ts';
import { HOME_DEFAULT_IDS, homeSectionSchemas } from '../../src/content/home.ts';
import { loadSite } from '../../src/content/load.ts';
import { createUrlPolicy } from '../../src/site/routes.ts';
import { PROJECT_ROOT } from '../helpers/project.ts';

let data: PreviewData;
let homeSections: Array<Record<string, unknown>>;

beforeAll(async () => {
  const config = resolveConfig({ root: PROJECT_ROOT });
  const { site } = await loadSite(config);
  const urls = createUrlPolicy(config, site.settings.url);
  const picture = (slug: string) => ({ src: `/images/${slug}.svg`, width: 800, height: 600, sources: [] });
  const portfolioImages = Object.fromEntries(site.portfolio.map(({ slug }) => [slug, picture(slug)]));
  data = {
    settings: site.settings,
    stats: site.stats,
    homeSections: [],
    base: '/',
    stylesheet: '/assets/site.css',
    listFormat: 'yaml-list',
    listField: 'items',
    keptFormat: 'kept',
    sectionIds: HOME_DEFAULT_IDS,
    entries: createPreviewEntries({ site: previewSiteOf(site, urls), portfolioImages, urls }),
  };
  homeSections = (
    parse(readFileSync(path.join(PROJECT_ROOT, 'content', 'home.yaml'), 'utf8')) as {
      sections: Array<Record<string, unknown>>;
    }
  ).sections;
});

const html = (section: Record<string, unknown>) => renderToStaticMarkup(renderSection(data, section, 0));

describe('the preview of home.yaml', () => {
  it('draws every type, even with its fields not yet filled in', () => {
    for (const type of Object.keys(homeSectionSchemas)) {
      const markup = html({ type });
      expect(markup, type).not.toContain('does not draw');
      expect(markup, type).toMatch(/<section|<p class="container">/);
    }
  });

  it('draws the shipped home.yaml whole, with the stats, services, portfolio, about.md and contact details', () => {
    const markup = homeSections.map(html).join('\n');
    expect(markup).not.toContain('does not draw');
    const hero = homeSections.find((section) => section.type === 'hero')!;
    expect(markup).toContain(`<h1 id="hero-title">${hero.headline}</h1>`);
    for (const stat of data.stats) expect(markup).toContain(`<dd>${stat.value}</dd>`);
    for (const service of data.entries.services)
      expect(markup).toContain(`<h3 class="card-title">${service.title}</h3>`);
    expect(data.entries.portfolio.length).toBeGreaterThan(0);
    for (const tile of data.entries.portfolio)
      expect(markup).toContain(`<span class="tile-title">${tile.title}</span>`);
    expect(markup).toContain(`id="about-title">${data.entries.about.title}</h2>`);
    expect(markup).toContain(`mailto:${data.settings.contact.email.address}`);
    // The provider's chat is not loaded inside the CMS, whose policy allows frames from the site only.
    expect(markup).toContain('src="about:blank"');
  });

  it('shows the latest posts in a news section, as many as it asks for', () => {
    const posts = data.entries.news?.posts ?? [];
    expect(posts.length).toBeGreaterThan(1);
    const markup = html({ type: 'news', heading: 'Latest', count: 1, more: 'All news' });
    expect(markup).toContain(posts[0]!.title);
    expect(markup.match(/<li class="news-card"/g)).toHaveLength(1);
    expect(markup).toContain('All news');
  });

  it('names a type it does not know instead of drawing it', () => {
    expect(html({ type: 'carousel' })).toContain(
      'The preview does not draw sections of type \u201ccarousel\u201d yet.',
    );
  });
});

describe('the previews of a news post and of site.yaml', () => {
  it('draws a post as its page\u2019s article: headline, the day in the site\u2019s language, the text', () => {
    const entry = { title: 'We moved', date: '2026-03-01', author: 'Ana', body: 'A **new** office.' };
    const markup = renderToStaticMarkup(<NewsPostPreview data={data} entry={entry} />);
    expect(markup).toContain('<h1>We moved</h1>');
    expect(markup).toContain('<time dateTime="2026-03-01">March 1, 2026</time>');
    expect(markup).toContain(`${data.settings.news!.by} Ana`);
    expect(markup).toContain('<strong>new</strong>');
  });

  it('draws site.yaml as the header and footer every page shares, from the fields being edited', () => {
    const entry = {
      ...data.settings,
      name: 'Southwind',
      footer: { ...data.settings.footer, copyright: '\u00a9 Southwind' },
    };
    const markup = renderToStaticMarkup(<SiteSettingsPreview data={data} entry={entry} />);
    expect(markup).toContain('<span>Southwind</span>');
    for (const link of data.settings.nav.links) expect(markup).toContain(`>${link.label}</a>`);
    expect(markup).toContain('\u00a9 Southwind');
  });
});
