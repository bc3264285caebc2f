/** The further home-page sections rendered on the server, read back as a document. */
import { HtmlValidate } from 'html-validate';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProseSection } from '../../templates/sections/ProseSection.tsx';
import { sectionSamples } from '../helpers/section-samples.tsx';
import type { ResponsiveImage } from '../../templates/api.ts';

const image = (name: string, width: number, height: number): ResponsiveImage => ({
  src: `/assets/images/${name}.jpg`,
  srcset: `/assets/images/${name}-400.jpg 400w`,
  width,
  height,
  sources: [
    { type: 'image/avif', srcset: `/assets/images/${name}-400.avif 400w` },
    { type: 'image/webp', srcset: `/assets/images/${name}-400.webp 400w` },
  ],
});

const samples = sectionSamples({
  photo: image('ana', 800, 1000),
  wide: image('desk', 1200, 800),
  logo: image('acme', 200, 50),
});

function render(element: Parameters<typeof renderToStaticMarkup>[0]) {
  const document = parseDocument(renderToStaticMarkup(element));
  const all = (name: string) => DomUtils.getElementsByTagName(name, document);
  return { document, all, sections: all('section') };
}

describe.each(samples.map((sample) => [sample.type, sample] as const))('the %s section', (type, sample) => {
  const { all, sections } = render(sample.element);

  it('is one <section> with its id, labelled by its own h2', () => {
    expect(sections).toHaveLength(1);
    const section = sections[0]!;
    expect(section.attribs.id).toBe(sample.id);
    const headingId = section.attribs['aria-labelledby'];
    expect(headingId).toBe(`${sample.id}-title`);
    const heading = DomUtils.findOne((element) => element.attribs.id === headingId, section.children);
    expect(heading?.name).toBe('h2');
    expect(DomUtils.textContent(heading!).trim()).not.toBe('');
    expect(all('h1')).toEqual([]);
  });

  it('has no script, no inline style and no event handler', () => {
    expect(all('script')).toEqual([]);
    const attributes = DomUtils.getElementsByTagName(() => true, sections).flatMap((element) =>
      Object.keys((element as Element).attribs),
    );
    expect(attributes.filter((name) => name === 'style' || name.startsWith('on'))).toEqual([]);
  });

  it('shows every image as a lazy <picture> with AVIF and WebP, width, height and alt', () => {
    for (const img of all('img')) {
      expect((img.parent as Element).name, type).toBe('picture');
      expect(Number(img.attribs.width)).toBeGreaterThan(0);
      expect(Number(img.attribs.height)).toBeGreaterThan(0);
      expect(img.attribs.loading).toBe('lazy');
      expect(img.attribs.alt?.trim()).toBeTruthy();
      const sources = DomUtils.getElementsByTagName('source', img.parent!.children).map((one) => one.attribs.type);
      expect(sources).toEqual(['image/avif', 'image/webp']);
    }
  });
});

describe('section details', () => {
  const byType = (type: string) => render(samples.find((sample) => sample.type === type)!.element);

  it('renders the FAQ as closed <details> with the question as <summary> and the answer as HTML', () => {
    const { all } = byType('faq');
    const details = all('details');
    expect(details).toHaveLength(2);
    for (const item of details) {
      expect(item.attribs.open).toBeUndefined();
      expect((item.children.find((child) => (child as Element).name) as Element).name).toBe('summary');
    }
    expect(DomUtils.textContent(all('summary')[0]!)).toBe('How long does a website take?');
    expect(DomUtils.textContent(all('strong')[0]!)).toBe('four to six weeks');
  });

  it('draws logos 48 pixels tall at their own proportions, links them, and marks links to other sites', () => {
    const { all } = byType('logos');
    const images = all('img');
    expect(images.map((img) => [img.attribs.alt, img.attribs.width, img.attribs.height])).toEqual([
      ['Acme', '192', '48'],
      ['Globex', '192', '48'],
      ['Initech', '192', '48'],
      ['Umbrella', '192', '48'],
    ]);
    const links = all('a');
    expect(links.map((link) => [link.attribs.href, link.attribs.target])).toEqual([
      ['https://acme.example', '_blank'],
      ['/#contact', undefined],
    ]);
    expect(DomUtils.textContent(links[0]!)).toContain('(opens in a new tab)');
    expect(DomUtils.textContent(links[1]!)).not.toContain('(opens in a new tab)');
  });

  it('marks the featured plan and gives it the primary button', () => {
    const { all } = byType('pricing');
    const plans = all('li').filter((li) => li.attribs.class?.split(' ').includes('plan'));
    expect(plans.map((plan) => plan.attribs.class)).toEqual(['plan', 'plan plan-featured', 'plan']);
    const buttons = plans.map((plan) => DomUtils.getElementsByTagName('a', plan)[0]!.attribs.class);
    expect(buttons).toEqual(['button button-secondary', 'button button-primary', 'button button-secondary']);
    expect(DomUtils.textContent(DomUtils.getElementsByTagName('p', plans[1]!)[0]!)).toBe('$19/month');
  });

  it('keeps the media text first in reading order whichever side the picture is on', () => {
    const { sections } = byType('media');
    const container = DomUtils.getElementsByTagName('div', sections[0]!).find((div) =>
      div.attribs.class?.startsWith('media '),
    )!;
    expect(container.attribs.class).toBe('media media-left');
    const columns = container.children.filter((child): child is Element => 'attribs' in child);
    expect(columns.map((column) => column.attribs.class)).toEqual(['prose media-text', 'media-figure']);
  });

  it('renders a prose section without a heading as a section that claims no label', () => {
    const { sections, all } = render(<ProseSection id="more" html="<p>Just text.</p>" />);
    expect(sections[0]!.attribs).toEqual({ id: 'more', class: 'section' });
    expect(all('h2')).toEqual([]);
    expect(DomUtils.textContent(all('p')[0]!)).toBe('Just text.');
  });

  it('lists the stats as a description list, figure after label as in the hero', () => {
    const { all } = byType('stats');
    expect(all('dt').map((dt) => DomUtils.textContent(dt))).toEqual([
      'Happy Clients',
      'Projects Completed',
      'Average Rating',
    ]);
    expect(all('dd').map((dd) => DomUtils.textContent(dd))).toEqual(['150+', '200+', '5.0']);
  });
});

it('writes valid HTML for every section type (html-validate, recommended rules, as for the built pages)', async () => {
  const body = samples.map((sample) => renderToStaticMarkup(sample.element)).join('');
  const document = `<!DOCTYPE html><html lang="en"><head><title>Sections</title></head><body><main><h1>Sections</h1>${body}</main></body></html>`;
  // The three rules told the style React's server renderer writes, as tests/html-validity.test.ts does.
  const validator = new HtmlValidate({
    extends: ['html-validate:recommended'],
    rules: {
      'void-style': ['error', { style: 'selfclose' }],
      'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
      'attribute-boolean-style': ['error', { style: 'empty' }],
    },
  });
  const report = await validator.validateString(document, 'sections.html');
  const errors = report.results
    .flatMap((result) => result.messages)
    .filter((message) => message.severity >= 2)
    .map((message) => `${message.ruleId}: ${message.message} (${message.selector ?? ''})`);
  expect(errors).toEqual([]);
});
