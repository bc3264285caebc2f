/** content/home.yaml checked as the loader checks it: the schema, then the sections as a page. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SiteError } from '../../src/errors.ts';
import { fieldsOf, homeSchema, homeSectionSchemas, HOME_DEFAULT_IDS, sectionId } from '../../src/content/home.ts';
import { checkHomeSections } from '../../src/content/home-sections.ts';
import { parseYamlFile } from '../../src/content/parse.ts';
import { validateEntry } from '../../src/content/validate.ts';
import { createMarkdown } from '../../src/markdown/processor.ts';
import { resolveHomeSections } from '../../src/content/home-sections.ts';

const FILE = 'content/home.yaml';
const counts: Record<string, number> = { services: 3, portfolio: 3, news: 1 };

function check(text: string, have = counts): SiteError[] {
  const parsed = parseYamlFile({ file: FILE, text });
  if (!parsed.value) return parsed.errors;
  const valid = validateEntry(homeSchema, parsed.value, 'YamlInvalid');
  if (!valid.value) return valid.errors;
  return checkHomeSections(parsed.value, valid.value.data, have);
}

const places = (errors: SiteError[]) => errors.map(({ code, line, column }) => ({ code, line, column }));

describe('home.yaml', () => {
  it('has one default anchor per section type, all distinct', () => {
    expect(Object.keys(HOME_DEFAULT_IDS).sort()).toEqual(Object.keys(homeSectionSchemas).sort());
    const ids = Object.values(HOME_DEFAULT_IDS);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes every field of every section type and the list itself, for editors and the CMS', () => {
    const undescribed: string[] = [];
    const walk = (schema: z.ZodType, where: string) => {
      if (schema instanceof z.ZodOptional) return walk(schema.unwrap() as z.ZodType, where);
      if (schema instanceof z.ZodArray) return walk(schema.element as z.ZodType, where);
      if (!(schema instanceof z.ZodObject)) return;
      for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
        if (!field.description?.trim()) undescribed.push(`${where}.${name}`);
        walk(field, `${where}.${name}`);
      }
    };
    for (const [type, schema] of Object.entries(homeSectionSchemas)) walk(schema as z.ZodType, type);
    expect(undescribed).toEqual([]);
    expect(homeSchema.shape.sections.description).toBeTruthy();
  });

  it('accepts a type repeated with its own id', () => {
    const text =
      'sections:\n  - type: faq\n    heading: A\n    items:\n      - question: Q\n        answer: A\n  - type: faq\n    id: more-faq\n    heading: B\n    items:\n      - question: Q\n        answer: A\n';
    expect(check(text)).toEqual([]);
  });

  it("reports two sections with one id at the second one's line", () => {
    const text =
      'sections:\n  - type: prose\n    body: One.\n  - type: cta\n    id: more\n    heading: Go\n    button: { label: Book a call, href: /#contact }\n';
    const errors = check(text);
    expect(places(errors)).toEqual([{ code: 'DuplicateSectionId', line: 5, column: 9 }]);
    expect(errors[0]!.message).toContain('"more"');
    expect(errors[0]!.hint).toContain('id: more-2');
  });

  it("reports a repeated default id at the second section's type line", () => {
    const text = 'sections:\n  - type: prose\n    body: One.\n  - type: prose\n    body: Two.\n';
    expect(places(check(text))).toEqual([{ code: 'DuplicateSectionId', line: 4, column: 11 }]);
  });

  it('reports an unknown type at its line and suggests the nearest one', () => {
    const errors = check('sections:\n  - type: testimonals\n    heading: Kind words\n');
    expect(places(errors)).toEqual([{ code: 'YamlInvalid', line: 2, column: 11 }]);
    expect(errors[0]!.message).toContain('"testimonals"');
    expect(errors[0]!.hint).toContain('Did you mean "testimonials"?');
  });

  it("reports an unknown field with the fields of the section's own type", () => {
    const errors = check('sections:\n  - type: cta\n    heading: Go\n    buton: { label: Go, href: /#contact }\n');
    const unknown = errors.find((error) => error.message.startsWith('Unknown field'))!;
    expect(unknown).toMatchObject({ line: 4, column: 5 });
    expect(unknown.hint).toContain('Did you mean "button"?');
    expect(unknown.hint).toContain('Allowed fields here: type, id, heading, text, button.');
  });

  it('reports an empty list at its line', () => {
    const errors = check('sections:\n  - type: faq\n    heading: Questions\n    items: []\n');
    expect(places(errors)).toEqual([{ code: 'YamlInvalid', line: 4, column: 12 }]);
    expect(errors[0]!.message).toContain('at least one question');
  });

  it('reports a services or portfolio section whose folder is empty at its line, never drops it', () => {
    const text = 'sections:\n  - type: about\n  - type: services\n    heading: S\n    intro: I\n';
    const errors = check(text, { services: 0, portfolio: 2, news: 1 });
    expect(places(errors)).toEqual([{ code: 'SectionEmpty', line: 3, column: 11 }]);
    expect(errors[0]!.hint).toContain('content/services/');
  });

  it('reports a list of a folder without pages of its own at its `of`, naming the folders it may list', () => {
    for (const of of ['legl', 'services']) {
      const errors = check(`sections:\n  - type: about\n  - type: list\n    of: ${of}\n    heading: Fine print\n`);
      expect(places(errors)).toEqual([{ code: 'SectionListUnknown', line: 4, column: 9 }]);
      expect(errors[0]!.message).toContain(`content/${of}/`);
      expect(errors[0]!.hint).toBe('Write of: legal, or remove the section.');
    }
  });

  it("gives a list its folder's name as its anchor, and reports it empty at its line", () => {
    const text = 'sections:\n  - type: list\n    of: legal\n    heading: Fine print\n';
    expect(check(text, { ...counts, legal: 3 })).toEqual([]);
    expect(places(check(text, { ...counts, legal: 0 }))).toEqual([{ code: 'SectionEmpty', line: 2, column: 11 }]);
    const parsed = parseYamlFile({ file: FILE, text }).value!;
    const data = validateEntry(homeSchema, parsed, 'YamlInvalid').value!.data;
    expect(sectionId(data.sections[0]!)).toBe('legal');
  });

  it('reports a second hero, which would be a second h1', () => {
    const hero =
      '  - type: hero\n    headline: H\n    text: T\n    primary: { label: A, href: "#a" }\n    secondary: { label: B, href: "#b" }\n    statsLabel: S\n';
    const errors = check(`sections:\n${hero}${hero.replace('type: hero', 'type: hero\n    id: top')}`);
    expect(places(errors)).toEqual([{ code: 'SectionRepeated', line: 8, column: 11 }]);
    // Without an id of its own it is still one mistake, not also a second "hero" anchor.
    expect(places(check(`sections:\n${hero}${hero}`))).toEqual([{ code: 'SectionRepeated', line: 8, column: 11 }]);
  });

  it('renders the Markdown fields and names the image fields the schemas mark', () => {
    const text =
      'sections:\n  - type: media\n    heading: How\n    text: |\n      We *listen*.\n\n      <script>x</script>\n    image: /images/a.png\n    alt: A desk\n';
    const parsed = parseYamlFile({ file: FILE, text }).value!;
    const data = validateEntry(homeSchema, parsed, 'YamlInvalid').value!.data;
    expect(fieldsOf(data.sections[0]!, 'image')).toEqual([{ path: ['image'], value: '/images/a.png' }]);
    const { home, warnings } = resolveHomeSections(parsed, data, [], createMarkdown());
    expect(home.sections[0]).toMatchObject({ id: 'feature', html: { text: '<p>We <em>listen</em>.</p>\n' } });
    expect(places(warnings)).toEqual([{ code: 'RawHtmlRemoved', line: 7, column: 1 }]);
  });
});
