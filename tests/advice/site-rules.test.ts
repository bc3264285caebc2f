import { describe, expect, it } from 'vitest';
import { adviseSite, type AdvicePage } from '../../src/advice/advise.ts';
import { GOOD_HEAD, markdownPage } from './fixture.ts';

const SITE_YAML = [
  'name: Northwind Studio',
  'title: Northwind Studio | Web Development, AI Assistants & Branding',
  'nav:',
  '  links:',
  '    - label: Services',
  '      href: /#services',
  '    - label: Read more',
  '      href: /about',
  'footer:',
  '  quickLinksHeading: Quick Links',
  '',
].join('\n');

/** A page made only by templates, from the site file. */
function templatePage(path: string, body: string): AdvicePage {
  return { path, indexable: false, html: `<html><body>${body}</body></html>`, file: 'content/site.yaml', markdown: [] };
}

describe('what templates show', () => {
  it('points a vague link label at its line in the site file, once for all pages that show it', () => {
    const nav = '<nav><a href="/#services">Services</a><a href="/about">Read more</a></nav><main><h1>Page</h1></main>';
    const result = adviseSite({
      pages: [templatePage('/', nav), templatePage('/terms', nav)],
      sources: [{ file: 'content/site.yaml', text: SITE_YAML }],
    });
    expect(
      result.warnings.map((warning) => `${warning.code} ${warning.file}:${warning.line}:${warning.column}`),
    ).toEqual(['VagueLinkText content/site.yaml:7:14']);
    expect(result.warnings[0]!.message).toContain('It shows on 2 pages: /, /terms.');
    expect(result.warnings[0]!.frame).toContain('> 7 |     - label: Read more');
    expect(result.pages.map((page) => page.warnings.length)).toEqual([1, 1]);
  });

  it('points the copy of a home-page section at its line in home.yaml: link text and alt text', () => {
    const homeYaml = [
      'sections:',
      '  - type: cta',
      '    heading: Ready?',
      '    button: { label: Click here, href: "#contact" }',
      '  - type: team',
      '    heading: Team',
      '    items:',
      '      - { name: Ana, role: Founder, image: /images/ana.jpg, alt: "Image of Ana" }',
      '',
    ].join('\n');
    const html =
      '<main><h1>Page</h1><section><h2>Ready?</h2><a href="/#contact">Click here</a></section>' +
      '<section><h2>Team</h2><img src="/ana.jpg" alt="Image of Ana" width="1" height="1"/></section></main>';
    const result = adviseSite({
      pages: [templatePage('/', html)],
      sources: [
        { file: 'content/site.yaml', text: SITE_YAML },
        { file: 'content/home.yaml', text: homeYaml },
      ],
    });
    expect(result.warnings.map((warning) => `${warning.code} ${warning.file}:${warning.line}`)).toEqual([
      'VagueLinkText content/home.yaml:4',
      'AltRedundant content/home.yaml:8',
    ]);
  });

  it('reads a link by its accessible name: aria-label, or its text without aria-hidden parts', () => {
    const html =
      '<main><h1>Page</h1><a href="/"><span aria-hidden="true">←</span> Back to Home</a>' +
      '<a href="/x" aria-label="The full case study">More</a><a href="/y"><svg aria-hidden="true"><path d="M0"/></svg></a></main>';
    const result = adviseSite({ pages: [templatePage('/', html)], sources: [] });
    expect(result.warnings.map((warning) => warning.message)).toEqual([
      'A link to /y on / has no text: screen readers announce only "link".',
    ]);
  });

  it('warns about a template heading that skips a level, and a template image without alt', () => {
    const html =
      '<main><h1>Page</h1><h2>Section</h2></main><footer><h4>Quick Links</h4><img src="/logo.svg"/><img src="/deco.svg" alt=""/></footer>';
    const result = adviseSite({
      pages: [templatePage('/', html)],
      sources: [{ file: 'content/site.yaml', text: SITE_YAML }],
    });
    expect(result.warnings.map((warning) => `${warning.code} ${warning.file}:${warning.line ?? ''}`)).toEqual([
      'HeadingSkip content/site.yaml:10',
      'AltMissing content/site.yaml:',
    ]);
  });

  it('compares link targets as the page has them: base, trailing slash and same-page anchors', () => {
    const html =
      '<main><h1>Page</h1><a href="#contact">Contact</a><a href="/sub/#contact">Contact</a><a href="/sub/terms/">Terms</a></main>';
    const page = { ...templatePage('/', html) };
    const fixture = markdownPage('x', GOOD_HEAD, '[Terms](/terms) and [Contact](/#contact).');
    const both: AdvicePage = {
      ...fixture.page,
      path: '/',
      indexable: false,
      html: `${html}<div>${fixture.page.markdown[0]!.html}</div>`,
    };
    expect(adviseSite({ pages: [page], sources: [], base: '/sub/' }).warnings).toEqual([]);
    expect(
      adviseSite({ pages: [both], sources: [fixture.source], base: '/sub/' }).warnings.map((warning) => warning.code),
    ).toEqual([]);
  });
});

describe('source images in public/', () => {
  it('warns about an image over 2 MB, and one over 4000 pixels on a side', () => {
    const result = adviseSite({
      pages: [],
      sources: [],
      images: [
        { path: 'images/hero.jpg', bytes: 9 * 1024 * 1024, width: 3000, height: 2000 },
        { path: 'images/wide.png', bytes: 400_000, width: 6000, height: 1000 },
      ],
    });
    expect(result.warnings.map((warning) => `${warning.code} ${warning.file}`)).toEqual([
      'ImageFileSize public/images/hero.jpg',
      'ImageDimensions public/images/wide.png',
    ]);
    expect(result.warnings[0]!.message).toContain('9.0 MB, more than 2 MB');
  });

  it('accepts images within the limits, and vector images of any nominal size', () => {
    const images = [
      { path: 'images/photo.jpg', bytes: 1024 * 1024, width: 4000, height: 3000 },
      { path: 'images/logo.svg', bytes: 3000, width: 8000, height: 8000 },
    ];
    expect(adviseSite({ pages: [], sources: [], images }).warnings).toEqual([]);
  });
});

describe('turning rules off', () => {
  const vague = markdownPage('vague', GOOD_HEAD, '[Click here](/terms).');
  const other = markdownPage(
    'other',
    { title: 'Another careful title for tests', description: `${GOOD_HEAD.description} More.` },
    'See [here](/terms).',
  );
  const run = (switches: Parameters<typeof adviseSite>[0]['switches']) =>
    adviseSite({ pages: [vague.page, other.page], sources: [vague.source, other.source], switches }).warnings.map(
      (warning) => `${warning.code} ${warning.file}`,
    );

  it('reports the rule on every file when nothing is turned off', () => {
    expect(run({})).toEqual(['VagueLinkText content/pages/vague.md', 'VagueLinkText content/pages/other.md']);
  });

  it('silences a rule in one file, by name or by code, and nowhere else', () => {
    expect(run({ files: new Map([['content/pages/vague.md', { off: ['vague-link-text'] }]]) })).toEqual([
      'VagueLinkText content/pages/other.md',
    ]);
    expect(run({ files: new Map([['content/pages/other.md', { off: ['VagueLinkText'] }]]) })).toEqual([
      'VagueLinkText content/pages/vague.md',
    ]);
  });

  it('silences a rule for the whole site', () => {
    expect(run({ site: { off: ['vague-link-text'] } })).toEqual([]);
    expect(run({ site: { off: ['title-length'] } })).toHaveLength(2);
  });
});
