import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { resolveConfig } from '../../src/config.ts';
import { findTooDeep, MAX_MARKDOWN_DEPTH } from '../../src/markdown/depth.ts';
import { siteErrorsOf, type TempProject } from '../helpers/project.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

describe('findTooDeep', () => {
  it('lets ordinary quotes and lists through', () => {
    expect(
      findTooDeep('> quote\n> > inner\n\n- a\n  - b\n    - c\n1. one\n2) two\n***\n---\n-not a list\n'),
    ).toBeUndefined();
    expect(findTooDeep(`${'> '.repeat(MAX_MARKDOWN_DEPTH)}deep but allowed`)).toBeUndefined();
  });

  it('finds the line and column where quotes, list markers or list indentation pass the limit', () => {
    expect(findTooDeep(`text\n\n${'>'.repeat(MAX_MARKDOWN_DEPTH + 1)} x`)).toEqual({
      line: 2,
      column: MAX_MARKDOWN_DEPTH,
    });
    expect(findTooDeep('- '.repeat(MAX_MARKDOWN_DEPTH + 5))).toEqual({ line: 0, column: 2 * MAX_MARKDOWN_DEPTH });
    const indented = Array.from({ length: 120 }, (_, level) => `${'  '.repeat(level)}- item`).join('\n');
    expect(findTooDeep(indented)?.line).toBe(MAX_MARKDOWN_DEPTH);
  });
});

describe('a body nested thousands of levels deep', () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await copyWarmProject('agency-site-deep-');
  });
  afterAll(async () => {
    await project?.cleanup();
  });

  it.each([3_000, 50_000])(
    'is a MarkdownTooDeep error at its file and line with %i nested >, never a stack overflow',
    async (count) => {
      const about = await project.read('content/about.md');
      const lines = about.split('\n');
      const closing = lines.indexOf('---', 1);
      await project.write(
        'content/about.md',
        [...lines.slice(0, closing + 2), `${'>'.repeat(count)} deep`, ...lines.slice(closing + 2)].join('\n'),
      );
      const errors = await siteErrorsOf(buildSite(resolveConfig({ root: project.root }), { write: false }));
      expect(errors.map((error) => [error.code, error.file, error.line, error.column])).toEqual([
        ['MarkdownTooDeep', 'content/about.md', closing + 3, MAX_MARKDOWN_DEPTH + 1],
      ]);
      expect(errors[0]!.hint).toBeTruthy();
      await project.write('content/about.md', about);
    },
  );
});
