import { describe, expect, it } from 'vitest';
import { SiteError } from '../../src/errors.ts';
import { parseYaml } from '../../src/content/yaml.ts';

const where = (source: string, lineOffset = 0) => ({ file: 'content/x.yaml', source, lineOffset, syntaxCode: 'YamlSyntax' as const });

function thrown(run: () => unknown): SiteError[] {
  try {
    run();
  } catch (error) {
    return error as SiteError[];
  }
  throw new Error('expected parseYaml to throw');
}

describe('parseYaml', () => {
  const text = 'name: Studio\nhero:\n  headline: Hello\n  actions:\n    - label: One\n    - label: Two\n';

  it('returns plain data', () => {
    expect(parseYaml(text, where(text)).data).toEqual({ name: 'Studio', hero: { headline: 'Hello', actions: [{ label: 'One' }, { label: 'Two' }] } });
  });

  it('locates values, keys and list items by their data path, 1-based', () => {
    const parsed = parseYaml(text, where(text));
    expect(parsed.locate(['hero', 'headline'])).toEqual({ line: 3, column: 13 });
    expect(parsed.locate(['hero', 'headline'], true)).toEqual({ line: 3, column: 3 });
    expect(parsed.locate(['hero', 'actions', 1, 'label'])).toEqual({ line: 6, column: 14 });
  });

  it('points a missing field at its parent', () => {
    expect(parseYaml(text, where(text)).locate(['hero', 'text'])).toEqual({ line: 3, column: 3 });
  });

  it('adds the line offset of front matter', () => {
    expect(parseYaml(text, where(text, 1)).locate(['name'])).toEqual({ line: 2, column: 7 });
  });

  it('reports a duplicated key on its line with a hint', () => {
    const source = 'a: 1\nb: 2\na: 3\n';
    const [error] = thrown(() => parseYaml(source, where(source)));
    expect(error).toMatchObject({ code: 'YamlSyntax', file: 'content/x.yaml', line: 3, column: 1 });
    expect(error!.hint).toMatch(/once/);
    expect(error!.frame).toContain('> 3 | a: 3');
  });

  it('reports a tab used for indentation', () => {
    const source = 'hero:\n\theadline: x\n';
    const [error] = thrown(() => parseYaml(source, where(source)));
    expect(error).toMatchObject({ code: 'YamlSyntax', line: 2 });
    expect(error!.hint).toMatch(/tab/i);
  });

  it('refuses __proto__ and constructor keys wherever they are', () => {
    const source = 'a:\n  __proto__:\n    polluted: true\nconstructor: x\n';
    const errors = thrown(() => parseYaml(source, where(source)));
    expect(errors.map((error) => [error.code, error.line])).toEqual([
      ['UnsafeKey', 2],
      ['UnsafeKey', 4],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
