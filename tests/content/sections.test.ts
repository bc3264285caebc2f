import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue } from '../../src/content/issues.ts';
import { HOME_DEFAULT_IDS, homeSectionSchema as sectionSchema } from '../../src/content/home.ts';
import { sectionSchemas, type SectionType } from '../../src/content/sections.ts';

/** One valid section of every type, with every optional field filled in. */
const SAMPLES: Record<SectionType, Record<string, unknown>> = {
  testimonials: {
    type: 'testimonials',
    heading: 'What clients say',
    intro: 'Kind words.',
    items: [
      { quote: 'They shipped in a week.', name: 'Ana', role: 'Founder, Acme', image: '/images/ana.jpg', alt: 'Ana' },
    ],
  },
  faq: {
    type: 'faq',
    id: 'questions',
    heading: 'Questions',
    items: [{ question: 'How long?', answer: 'Six **weeks**.' }],
  },
  cta: { type: 'cta', heading: 'Ready?', text: 'Let us talk.', button: { label: 'Book a call', href: '/#contact' } },
  pricing: {
    type: 'pricing',
    heading: 'Pricing',
    plans: [
      {
        name: 'Pro',
        price: '$19',
        period: '/month',
        features: ['Support'],
        button: { label: 'Buy', href: '/#contact' },
      },
      { name: 'Team', price: '$99', features: ['All'], button: { label: 'Buy', href: '/#contact' }, featured: true },
    ],
  },
  logos: {
    type: 'logos',
    heading: 'Clients',
    items: [{ name: 'Acme', image: '/images/acme.svg', href: 'https://acme.example' }],
  },
  media: {
    type: 'media',
    heading: 'How we work',
    text: 'We *listen*.',
    image: '/images/desk.jpg',
    alt: 'A desk',
    side: 'left',
  },
  team: {
    type: 'team',
    heading: 'Team',
    items: [{ name: 'Ana', role: 'Designer', image: '/images/ana.jpg', alt: 'Ana' }],
  },
  prose: { type: 'prose', body: 'Just text.' },
  stats: { type: 'stats', heading: 'In numbers', items: [{ value: '150+', label: 'Happy Clients' }] },
  news: { type: 'news', heading: 'Latest news', count: 3, more: 'All news' },
  list: { type: 'list', of: 'legal', id: 'fine-print', heading: 'The fine print', intro: 'Read it.', count: 2 },
};

function refusals(data: unknown, schema: z.ZodType = sectionSchema) {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) throw new Error('expected the section to be refused');
  return result.error.issues.map((issue) => {
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
    return { path: path.join('.'), ...describeIssue(issue, path, schema) };
  });
}

/** Every field of an object schema, nested ones as a.b.c, with the description an editor will see. */
function descriptions(schema: z.ZodType, prefix = ''): Array<[string, string | undefined]> {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodArray)
    return descriptions((schema instanceof z.ZodOptional ? schema.unwrap() : schema.element) as z.ZodType, prefix);
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([name, field]) => [
    [`${prefix}${name}`, field.description] as [string, string | undefined],
    ...descriptions(field, `${prefix}${name}.`),
  ]);
}

describe('section schemas', () => {
  it.each(Object.keys(SAMPLES))('accepts a %s section with every field', (type) => {
    expect(sectionSchema.parse(SAMPLES[type as SectionType])).toMatchObject({ type });
  });

  it('has one schema, one sample and one default anchor per type, and the anchors are distinct', () => {
    expect(Object.keys(sectionSchemas).sort()).toEqual(Object.keys(SAMPLES).sort());
    const ids = Object.keys(SAMPLES).map((type) => HOME_DEFAULT_IDS[type as SectionType]);
    expect(ids.every((id) => typeof id === 'string' && id !== '')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // The shipped sections' anchors stay theirs.
    for (const shipped of ['hero', 'services', 'ai-demo', 'portfolio', 'about', 'contact'])
      expect(ids).not.toContain(shipped);
  });

  it('describes every field, nested ones too, for the CMS', () => {
    for (const [type, schema] of Object.entries(sectionSchemas)) {
      const missing = descriptions(schema).filter(([, description]) => !description?.trim());
      expect(missing.map(([field]) => `${type}: ${field}`)).toEqual([]);
    }
  });

  it('refuses an unknown field and suggests the near name', () => {
    const issues = refusals({ ...SAMPLES.faq, items: [{ question: 'Why?', answr: 'Because.' }] }, sectionSchemas.faq);
    const issue = issues.find((one) => one.path.endsWith('answr'));
    expect(issue).toMatchObject({ path: 'items.0.answr' });
    expect(issue!.hint).toContain('Did you mean "answer"?');
    expect(refusals({ ...SAMPLES.cta, headng: 'x' }, sectionSchemas.cta)[0]!.hint).toContain('Did you mean "heading"?');
  });

  it('refuses an unknown type, an empty list, a bad anchor and a side that is neither left nor right', () => {
    expect(refusals({ type: 'carousel', heading: 'x' })[0]!.path).toBe('type');
    expect(refusals({ ...SAMPLES.team, items: [] })[0]).toMatchObject({ path: 'items' });
    expect(refusals({ ...SAMPLES.stats, id: 'Our Numbers' })[0]!.message).toContain('lowercase letters');
    expect(refusals({ ...SAMPLES.media, side: 'top' })[0]!.message).toContain('must be left or right');
  });

  it('refuses a testimonial portrait without alt text, and alt text without a portrait', () => {
    const item = { quote: 'Great.', name: 'Ana' };
    const withImage = { ...SAMPLES.testimonials, items: [{ ...item, image: '/images/ana.jpg' }] };
    expect(refusals(withImage)[0]).toMatchObject({ path: 'items.0.alt' });
    expect(refusals({ ...SAMPLES.testimonials, items: [{ ...item, alt: 'Ana' }] })[0]).toMatchObject({
      path: 'items.0.alt',
    });
    expect(sectionSchema.parse({ ...SAMPLES.testimonials, items: [item] })).toBeTruthy();
  });

  it('refuses a button that leads nowhere a link may go', () => {
    const cta = { ...SAMPLES.cta, button: { label: 'Go', href: 'javascript:alert(1)' } };
    expect(refusals(cta)[0]).toMatchObject({ path: 'button.href' });
  });
});

describe('the news section', () => {
  it('takes how many of the latest posts to show, from 1 to 12, and the words of the link to /news', () => {
    expect(sectionSchemas.news.safeParse(SAMPLES.news).success).toBe(true);
    expect(refusals({ ...SAMPLES.news, count: 0 }, sectionSchemas.news).map((issue) => issue.path)).toEqual(['count']);
    expect(refusals({ ...SAMPLES.news, count: 2.5 }, sectionSchemas.news).map((issue) => issue.path)).toEqual([
      'count',
    ]);
    expect(
      refusals({ type: 'news', heading: 'News', count: 3 }, sectionSchemas.news).map((issue) => issue.path),
    ).toEqual(['more']);
  });
});
