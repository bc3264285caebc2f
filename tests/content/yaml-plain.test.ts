import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import matter from 'gray-matter';
import { readPlainMap } from '../../src/content/yaml-plain.ts';
import { parseYaml } from '../../src/content/yaml.ts';
import { splitFrontmatter } from '../../src/content/frontmatter.ts';

/** What yaml.ts's parser makes of the text (the options it parses with that change data). */
const parsed = (text: string) => parse(text, { uniqueKeys: false, strict: true });

describe('readPlainMap', () => {
  const plain = [
    '\ntitle: Story write privacy 6\ndescription: Terms project terms learn cache share.',
    'title: A\norder: 3\n',
    'title:    spaced   out   \n\n\nicon: bot',
    'title: Café, déjà vu [draft] {x} 10:30 a#b "quoted" it\'s 100%!',
    'title: https://example.com/a?b=c#d',
    'order: 0\nweight: 123456789012345',
    'y: n\non: off\nyes: no',
    '_under-score: value',
  ];
  it.each(plain)('reads %j as the YAML parser does', (text) => {
    const data = readPlainMap(text)?.data;
    expect(data).toBeDefined();
    expect(data).toEqual(parsed(text));
    expect(Object.keys(data!)).toEqual(Object.keys(parsed(text) as object));
  });

  const left = [
    '',
    '\n',
    'title: "Quoted"',
    "title: 'Quoted'",
    'title: true',
    'title: Null',
    'True: x',
    'title: 007',
    'title: 12 monkeys',
    'title: 1.5',
    'title: x # a comment',
    'title: a: b',
    'title: a:',
    'title: x\n  folded on',
    'title: x\ntitle: y',
    'title:\n  - a',
    'title:',
    '__proto__: x',
    'constructor: x',
    'title: a\tb',
    'title: x\r\norder: 1',
    '  title: x',
    'title: -x',
    'title: ~',
    'a.b: x',
    '"title": x',
    'title: x\n---\nother: y',
    'title: line\u2028separator',
    'title: 😀',
    `${'k: v\n'.repeat(1)}${Array.from({ length: 201 }, (_, i) => `k${i}: v`).join('\n')}`,
  ];
  it.each(left)('leaves %j to the YAML parser', (text) => {
    expect(readPlainMap(text)).toBeUndefined();
  });

  it('locates a field of front matter on its line in the file', () => {
    const text = '\ntitle: A\ndescription:   B';
    const where = {
      file: 'content/x.md',
      source: `---${text}\n---\n`,
      lineOffset: 0,
      syntaxCode: 'FrontmatterSyntax' as const,
    };
    const located = parseYaml(text, where);
    expect(located.data).toEqual({ title: 'A', description: 'B' });
    expect(located.locate(['description'])).toEqual({ line: 3, column: 16 });
    expect(located.locate(['description'], true)).toEqual({ line: 3, column: 1 });
  });

  it.each(plain)('locates the fields of %j where the YAML parser does', (text) => {
    const where = { file: 'content/x.md', source: text, lineOffset: 1, syntaxCode: 'FrontmatterSyntax' as const };
    const ours = parseYaml(text, where);
    // A comment line at the end leaves every position as it was and sends the text to the parser.
    const theirs = parseYaml(`${text}\n# end`, where);
    expect(readPlainMap(`${text}\n# end`)).toBeUndefined();
    const keys = Object.keys(ours.data as object);
    const paths: PropertyKey[][] = [[], ['missing'], ...keys.flatMap((key) => [[key], [key, 'deeper']])];
    for (const path of paths) {
      expect(ours.locate(path)).toEqual(theirs.locate(path));
      expect(ours.locate(path, true)).toEqual(theirs.locate(path, true));
    }
  });
});

describe('splitFrontmatter', () => {
  const texts = [
    '---\ntitle: A\n---\nBody\n',
    '---\ntitle: A\n---',
    '---\ntitle: A\n---\n\nBody',
    '---yaml\r\ntitle: A\r\n---\r\nBody\r\n',
    '---  \ntitle: A\n---\nBody',
    '--- yaml \ntitle: A\n---\n',
    '---\n---\nBody',
    '---\ntitle: A\n----x\n---\nBody after the first dashes',
    '---\ntitle: A\n--- \nBody',
    '---\n# only a comment\n---\nBody',
  ];
  it.each(texts)('splits %j where gray-matter split it', (text) => {
    const split = splitFrontmatter('f.md', text);
    const theirs = matter(text, { language: 'yaml', engines: { yaml: () => ({}) } });
    expect(split.body).toBe(theirs.content);
    expect(split.yaml).toBe(theirs.matter.replace(/\r$/, ''));
  });
});
