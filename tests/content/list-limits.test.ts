/**
 * Bounded cost per file (issue 39): every list in every content schema has a limit, and going past
 * it is an error at the list's line that names the limit. Regression: a news post under 1 MB with
 * 100,000 tags built in 86 s and wrote 5.4 MB of meta tags. And no text field takes a character
 * XML 1.0 forbids: a title with U+FFFE made both feeds unreadable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { resolveConfig } from '../../src/config.ts';
import { LIST_LIMITS } from '../../src/content/fields.ts';
import { KINDS } from '../../src/content/kinds.ts';
import { loadSite } from '../../src/content/load.ts';
import { SiteErrors } from '../../src/errors.ts';
import { copyProject, type TempProject } from '../helpers/project.ts';

type Check = { _zod: { def: { check: string; maximum?: number } } };
type Def = { type: string; checks?: Check[]; [key: string]: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod;
const maximumOf = (def: Def) => def.checks?.find((check) => check._zod.def.check === 'max_length')?._zod.def.maximum;

/** Every list in the schema, by its path, with its maximum (undefined when it has none). */
function listsOf(schema: z.ZodType, at = '', seen = new Set<unknown>()): Array<[string, unknown]> {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const { def } = defOf(schema);
  const inner = (child: unknown, path = at) => listsOf(child as z.ZodType, path, seen);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, child]) =>
        inner(child, `${at}.${key}`),
      );
    case 'array':
      return [[at, maximumOf(def)], ...inner(def.element, `${at}[]`)];
    case 'record':
      return [[`${at}{}`, undefined], ...inner(def.valueType, `${at}{}`)];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => inner(option));
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    default:
      return [];
  }
}

describe('the content schemas', () => {
  const lists = Object.entries(KINDS).flatMap(([name, kind]) =>
    listsOf(kind.schema as z.ZodType).map(([path, max]) => [`${name}${path}`, max] as const),
  );

  it('find the lists they hold, home sections and news tags among them', () => {
    const paths = lists.map(([path]) => path);
    expect(paths).toEqual(expect.arrayContaining(['news.tags', 'home.sections', 'settings.nav.links', 'redirects']));
    expect(paths.some((path) => path.startsWith('home.sections[].plans[].features'))).toBe(true);
  });

  it('limit every list', () => {
    const unbounded = lists.filter(([, max]) => typeof max !== 'number').map(([path]) => path);
    expect(unbounded).toEqual([]);
    for (const [path, max] of lists) expect(max, path).toBeLessThanOrEqual(LIST_LIMITS.redirects);
  });
});

const post = (frontMatter: string) =>
  `---\ntitle: Launch\ndescription: We launched.\ndate: 2026-05-01\n${frontMatter}---\n\nText.\n`;

let project: TempProject;
beforeAll(async () => {
  project = await copyProject('agency-site-limits-');
});
afterAll(async () => {
  await project?.cleanup();
});

/** The load's problems with the post written as content/news/launch.md, as `line: message hint`. */
async function issuesOf(text: string): Promise<string[]> {
  await project.write('content/news/launch.md', text);
  try {
    await loadSite(resolveConfig({ root: project.root }));
    return [];
  } catch (error) {
    if (!(error instanceof SiteErrors)) throw error;
    return error.errors.map((each) => `${each.line}: ${each.message} ${each.hint ?? ''}`);
  }
}

describe('a news post', () => {
  it('with 100,000 tags is refused at the tags line, naming the limit', async () => {
    const tags = `tags: [${Array.from({ length: 100_000 }, (_, index) => `t${index}`).join(',')}]\n`;
    const issues = await issuesOf(post(tags));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^5: The list "tags" must list at most 20 tags: it has 100,000 items\. Keep at most 20/);
  });

  it('with 20 tags is taken', async () => {
    const tags = `tags: [${Array.from({ length: 20 }, (_, index) => `t${index}`).join(',')}]\n`;
    expect(await issuesOf(post(tags))).toEqual([]);
  });

  it.each([
    ['U+FFFE', '"Launch \\uFFFE day"'],
    ['U+FFFF', '"Launch \\uFFFF day"'],
    ['a lone surrogate', '"Launch \\uD800 day"'],
    ['a C0 control', '"Launch \\x01 day"'],
  ])('with %s in its title is refused at the title line', async (_what, title) => {
    const issues = await issuesOf(post('').replace('title: Launch', `title: ${title}`));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^2: .*must not contain control characters/);
  });

  it('keeps an emoji (a surrogate pair) in its title', async () => {
    expect(await issuesOf(post('').replace('title: Launch', 'title: "Launch \\U0001F680"'))).toEqual([]);
  });
});
