import { describe, expect, it } from 'vitest';
import { type SiteError, SiteErrors } from '../../src/errors.ts';
import { parseYaml } from '../../src/content/yaml.ts';

const where = (source: string, lineOffset = 0) => ({
  file: 'content/x.yaml',
  source,
  lineOffset,
  syntaxCode: 'YamlSyntax' as const,
});

function thrown(run: () => unknown): SiteError[] {
  try {
    run();
  } catch (error) {
    // One convention for every module: SiteErrors, never a bare array.
    expect(error).toBeInstanceOf(SiteErrors);
    return (error as SiteErrors).errors;
  }
  throw new Error('expected parseYaml to throw');
}

describe('parseYaml', () => {
  const text = 'name: Studio\nhero:\n  headline: Hello\n  actions:\n    - label: One\n    - label: Two\n';

  it('returns plain data', () => {
    expect(parseYaml(text, where(text)).data).toEqual({
      name: 'Studio',
      hero: { headline: 'Hello', actions: [{ label: 'One' }, { label: 'Two' }] },
    });
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

function problems(text: string): SiteError[] {
  return thrown(() => parseYaml(text, where(text)));
}

const at = (errors: SiteError[]) => errors.map((error) => [error.code, error.line, error.column]);

describe('parseYaml on broken input', () => {
  it('points an unclosed double quote at the quote that opens it, not at the end of the file', () => {
    const errors = problems('a: 1\nb: "open\nc: 2\nd: 3\n');
    expect(at(errors)).toEqual([['YamlSyntax', 2, 4]]);
    expect(errors[0]!.message).toContain('never closed');
    expect(errors[0]!.frame).toContain('> 2 | b: "open');
  });

  it('points an unclosed single quote, list and group at where each opens', () => {
    expect(at(problems("a: 'open\nb: 2\n"))).toEqual([['YamlSyntax', 1, 4]]);
    expect(at(problems('a:\n  b: [1, 2\nc: 3\n'))).toEqual([['YamlSyntax', 2, 6]]);
    expect(at(problems('a:\n  b: {x: 1\nc: 3\n'))).toEqual([['YamlSyntax', 2, 6]]);
  });

  it('reports a tab in the indentation once, at the tab, whatever the parser made of it', () => {
    // The parser gives four errors for this line, and none says "tab" for the second file.
    for (const text of ['list:\n  - a\n\t- b\n', '- value: "1"\n  label: A\n \tlabel2: B\n']) {
      const errors = problems(text);
      expect(at(errors)).toEqual([['YamlSyntax', 3, text.includes(' \t') ? 2 : 1]]);
      expect(errors[0]!.message).toBe('This line is indented with a tab.');
    }
  });

  it('names a duplicated key and points at its second use', () => {
    const errors = problems('hero:\n  title: A\n  text: B\n  title: C\n');
    expect(at(errors)).toEqual([['YamlSyntax', 4, 3]]);
    expect(errors[0]!.message).toBe('The key "title" appears twice in the same group of fields.');
  });

  it('counts lines and columns the same with Windows line endings', () => {
    expect(at(problems('a: 1\r\nb: "open\r\nc: 2\r\n'))).toEqual([['YamlSyntax', 2, 4]]);
    const parsed = parseYaml('a: 1\r\nb:\r\n  c: [x, y]\r\n', where(''));
    expect(parsed.locate(['b', 'c', 1])).toEqual({ line: 3, column: 10 });
  });

  it('reports an alias without an anchor as a content problem instead of throwing a ReferenceError', () => {
    const errors = problems('a: 1\nb: *missing\n');
    expect(at(errors)).toEqual([['YamlSyntax', 2, 4]]);
    expect(errors[0]!.message).toContain('*missing');
  });

  it('refuses a document that multiplies aliases into a huge value', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...'bcdefgh'
        .split('')
        .map((name, index) => `${name}: &${name} [${Array(10).fill(`*${'abcdefgh'[index]}`).join(', ')}]`),
    ].join('\n');
    const errors = problems(`${bomb}\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.code).toBe('YamlSyntax');
  });

  it('refuses __proto__, constructor and prototype keys at any depth', () => {
    const errors = problems('a:\n  __proto__: 1\nb:\n  - constructor: 2\nprototype: 3\n');
    expect(errors.map((error) => [error.code, error.line, error.column, error.message.split('"')[1]])).toEqual([
      ['UnsafeKey', 2, 3, '__proto__'],
      ['UnsafeKey', 4, 5, 'constructor'],
      ['UnsafeKey', 5, 1, 'prototype'],
    ]);
  });

  it('refuses a second document', () => {
    expect(at(problems('a: 1\n---\nb: 2\n'))).toEqual([['YamlSyntax', 2, 1]]);
  });
});
