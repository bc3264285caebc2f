/**
 * config.yml is made from the schemas: every field of every kind (and of every home-page section
 * type) is in it, with the widget its type asks for, required or not, its default and its hint.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { createCmsConfig, renderCmsConfig, renderShippedCmsConfig } from '../../src/admin/cms-config.ts';
import type { CmsField } from '../../src/admin/widgets.ts';
import { KINDS, type ContentKind } from '../../src/content/kinds.ts';
import { homeSectionSchemas } from '../../src/content/home.ts';

interface Collection {
  name: string;
  folder?: string;
  files?: Array<{ name: string; file: string; format?: string; fields: CmsField[] }>;
  fields?: CmsField[];
}

const config = parse(renderCmsConfig(createCmsConfig(KINDS))) as { collections: Collection[]; backend: unknown };

/** Every field path of a zod schema, objects and lists of objects walked: `contact.form.heading`. */
function schemaPaths(schema: z.core.$ZodType, prefix = ''): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner = (def.innerType ?? def.in) as z.core.$ZodType | undefined;
  if (inner && ['optional', 'default', 'nullable', 'pipe', 'prefault', 'readonly'].includes(def.type as string))
    return schemaPaths(inner, prefix);
  if (def.type === 'array') return schemaPaths(def.element as z.core.$ZodType, prefix);
  if (def.type === 'union' && def.discriminator) {
    return (def.options as z.core.$ZodType[]).flatMap((option) => {
      const shape = (option as unknown as { _zod: { def: { shape: Record<string, z.core.$ZodType> } } })._zod.def.shape;
      const tag = (shape[def.discriminator as string] as unknown as { _zod: { def: { values: string[] } } })._zod.def
        .values[0];
      return schemaPaths(option, `${prefix}${tag}:`).filter((path) => path !== `${prefix}${tag}:type`);
    });
  }
  if (def.type !== 'object') return [];
  return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([name, field]) => [
    `${prefix}${name}`,
    ...schemaPaths(field, `${prefix}${name}.`),
  ]);
}

/** The same paths, read from the CMS's fields; a hidden field (a developer's switch) keeps all it holds. */
function configPaths(fields: CmsField[], prefix = ''): string[] {
  return fields.flatMap((field) => [
    `${prefix}${field.name}`,
    ...(field.widget === 'hidden' ? [`${prefix}${field.name}.*`] : []),
    ...configPaths(field.fields ?? [], `${prefix}${field.name}.`),
    ...(field.types ?? []).flatMap((type) => configPaths(type.fields ?? [], `${prefix}${field.name}.${type.name}:`)),
  ]);
}

function fieldsOfKind(name: string, kind: ContentKind): CmsField[] {
  if ('folder' in kind) return config.collections.find((collection) => collection.name === name)!.fields!;
  const site = config.collections.find((collection) => collection.name === 'site')!;
  return site.files!.find((file) => file.name === name)!.fields;
}

/** Every field of the config, nested ones and typed blocks' included, with its path. */
function everyField(): Array<{ path: string; field: CmsField }> {
  const found: Array<{ path: string; field: CmsField }> = [];
  const walk = (fields: CmsField[] | undefined, at: string) => {
    for (const field of fields ?? []) {
      const path = `${at}.${field.name}`;
      found.push({ path, field });
      walk(field.fields, path);
      walk(field.types, path);
      if (field.field) walk([field.field], path);
    }
  };
  for (const collection of config.collections) {
    walk(collection.fields, collection.name);
    for (const file of collection.files ?? []) walk(file.fields, `${collection.name}.${file.name}`);
  }
  return found;
}

const find = (fields: CmsField[], path: string): CmsField => {
  const [first, ...rest] = path.split('.');
  const field = fields.find((candidate) => candidate.name === first);
  if (!field) throw new Error(`no field ${path}`);
  return rest.length === 0 ? field : find(field.fields ?? [], rest.join('.'));
};

describe('config.yml made from the schemas', () => {
  for (const [name, kind] of Object.entries(KINDS) as Array<[string, ContentKind]>) {
    it(`has every field of ${name} (${'file' in kind ? kind.file : `${kind.folder}/`})`, () => {
      const fields = fieldsOfKind(name, kind);
      const isTopList = kind.schema instanceof z.ZodArray;
      const expected = schemaPaths(kind.schema, isTopList ? 'items.' : '');
      const have = new Set(configPaths(fields));
      const held = (path: string) => have.has(path) || have.has(`${path.slice(0, path.lastIndexOf('.'))}.*`);
      expect(expected.filter((path) => !held(path))).toEqual([]);
      expect(expected.length).toBeGreaterThan(0);
      if (kind.body === 'text') expect(find(fields, 'body').widget).toBe('markdown');
    });
  }

  it('lists the home page\u2019s sections as typed blocks, one type per section schema, every field in it', () => {
    const site = config.collections.find((collection) => collection.name === 'site')!;
    const home = site.files!.find((file) => file.file === 'content/home.yaml')!;
    const sections = find(home.fields, 'sections');
    expect(sections.widget).toBe('list');
    expect(sections.typeKey).toBe('type');
    expect(sections.types!.map((type) => type.name).sort()).toEqual(Object.keys(homeSectionSchemas).sort());
    const have = new Set(configPaths(home.fields));
    const expected = Object.values(homeSectionSchemas).flatMap((schema) =>
      schemaPaths(z.array(z.discriminatedUnion('type', [schema])), 'sections.'),
    );
    expect(expected.filter((path) => !have.has(path))).toEqual([]);
    // Named as people say them, and each block in the list by its heading.
    const labels = Object.fromEntries(sections.types!.map((type) => [type.name, type.label]));
    expect(labels).toMatchObject({
      faq: 'FAQ',
      cta: 'Call to action',
      'ai-demo': 'AI demo',
      testimonials: 'Testimonials',
    });
    expect(sections.types!.find((type) => type.name === 'faq')!.summary).toBe('FAQ: {{fields.heading}}');
    expect(sections.types!.find((type) => type.name === 'hero')!.summary).toBe('Hero: {{fields.headline}}');
  });

  it('picks each widget from the field\u2019s type, and says what is optional, with hints', () => {
    const services = fieldsOfKind('services', KINDS.services);
    expect(find(services, 'title')).toMatchObject({ widget: 'string' });
    expect(find(services, 'title').required).toBeUndefined();
    expect(find(services, 'order')).toMatchObject({ widget: 'number', value_type: 'int' });
    expect(find(services, 'icon')).toMatchObject({
      widget: 'select',
      options: ['code', 'bot', 'palette', 'chart', 'rocket', 'shield'],
    });
    expect(find(services, 'features')).toMatchObject({ widget: 'list', field: { widget: 'string' } });
    // The content advice's switches are a developer's: kept out of the editor's form, their value kept.
    expect(find(services, 'advice')).toMatchObject({ widget: 'hidden', required: false });
    // Markdown is edited as written (rich text escaped what editors typed), a post's date picked, today's by default.
    expect(find(services, 'body')).toMatchObject({ widget: 'markdown', modes: ['raw'] });
    expect(find(fieldsOfKind('news', KINDS.news), 'date')).toMatchObject({ widget: 'datetime', default: '{{now}}' });
    expect(find(fieldsOfKind('portfolio', KINDS.portfolio), 'image')).toMatchObject({ widget: 'image' });
    expect(find(fieldsOfKind('pages', KINDS.pages), 'noindex')).toMatchObject({ widget: 'boolean', required: false });
    const settings = fieldsOfKind('settings', KINDS.settings);
    expect(find(settings, 'logo.src').widget).toBe('image');
    expect(find(settings, 'description').widget).toBe('text');
    expect(find(settings, 'cms.branch')).toMatchObject({ default: 'main', required: false });
    // A union of numbers (301 | 302) stays a number the schema accepts; Decap refuses an object without fields.
    const redirects = fieldsOfKind('redirects', KINDS.redirects);
    expect(find(redirects, 'items.status')).toMatchObject({ widget: 'select', options: [301, 302], required: false });
    expect(find(settings, 'shortName').hint).toMatch(/home-screen icon/);
    const site = config.collections.find((collection) => collection.name === 'site')!;
    const sections = find(site.files!.find((file) => file.name === 'home')!.fields, 'sections');
    const media = sections.types!.find((type) => type.name === 'media')!;
    expect(find(media.fields!, 'text').widget).toBe('markdown');
    expect(find(media.fields!, 'side')).toMatchObject({
      widget: 'select',
      options: ['left', 'right'],
      required: false,
    });
    expect(find(media.fields!, 'image').hint).toMatch(/public\//);
  });

  // Regression: redirects' `status` (301 | 302) became an object with no fields, which Decap
  // refuses at start ("must NOT have fewer than 1 items"): the whole CMS stayed blank.
  it('gives Decap no object without fields, and a choice of numbers as a select of them', () => {
    const empty = everyField().filter(({ field }) => field.widget === 'object' && (field.fields ?? []).length === 0);
    expect(empty.map(({ path }) => path)).toEqual([]);
    const redirects = config.collections[0]!.files!.find((file) => file.name === 'redirects')!;
    const status = redirects.fields[0]!.fields!.find((field) => field.name === 'status');
    expect(status).toMatchObject({ widget: 'select', options: [301, 302], required: false });
  });

  it('labels every field in words an editor reads, never "Items" or "Item"', () => {
    const vague = everyField().filter(({ field }) => /^items?$/i.test(field.label));
    expect(vague.map(({ path }) => path)).toEqual([]);
    const home = config.collections[0]!.files!.find((file) => file.name === 'home')!;
    const faq = home.fields[0]!.types!.find((type) => type.name === 'faq')!;
    expect(faq.fields!.find((field) => field.name === 'items')!.label).toBe('Questions');
  });

  it('edits stats.yaml, a list at the top of its file, through the registered list format', () => {
    const site = config.collections.find((collection) => collection.name === 'site')!;
    const stats = site.files!.find((file) => file.name === 'stats')!;
    expect(stats.format).toBe('yaml-list');
    expect(stats.fields.map((field) => field.name)).toEqual(['items']);
  });

  it('uses GitHub with the editorial workflow when site.yaml names a repository, the local backend only otherwise', () => {
    const github = createCmsConfig(KINDS, { repository: { repo: 'northwind/site', branch: 'main' } });
    expect(github.backend).toEqual({ name: 'github', repo: 'northwind/site', branch: 'main' });
    expect(github.publish_mode).toBe('editorial_workflow');
    expect(config.backend).toMatchObject({ name: 'proxy' });
    expect(createCmsConfig(KINDS)).not.toHaveProperty('publish_mode');
  });

  it('writes the same config.yml from the collections made once as from the whole config', () => {
    const repository = { repo: 'northwind/site', branch: 'main', authUrl: 'https://auth.example.com' };
    for (const options of [{}, { siteUrl: 'https://northwind.example' }, { repository, siteUrl: 'https://a.example' }])
      expect(renderShippedCmsConfig(options)).toBe(renderCmsConfig(createCmsConfig(KINDS, options)));
  });

  it('names a kind added later with no code of its own: the generator walks KINDS', () => {
    const extra = {
      ...KINDS,
      news: {
        ...KINDS.pages,
        folder: 'news',
        schema: z.strictObject({ title: z.string(), date: z.date(), updated: z.iso.date().optional() }),
      },
    };
    const news = (createCmsConfig(extra).collections as Collection[]).find((collection) => collection.name === 'news')!;
    expect(news.folder).toBe('content/news');
    expect(news.fields!.map((field) => [field.name, field.widget])).toEqual([
      ['title', 'string'],
      ['date', 'datetime'],
      ['updated', 'datetime'],
      ['body', 'markdown'],
    ]);
    expect(news.fields![1]).toMatchObject({ format: 'YYYY-MM-DD', time_format: false });
  });
});
