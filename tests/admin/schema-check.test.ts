/** The entry's own schema in the browser, before Decap saves: the shipped entries pass, a mistake is named by its field. */
import { readFileSync } from 'node:fs';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkEntry } from '../../src/admin/preview/schema-check.ts';

const read = (file: string) => readFileSync(new URL(`../../content/${file}`, import.meta.url), 'utf8');
/** A Markdown entry as Decap holds it: its fields and its body. */
const markdown = (file: string) => {
  const { data, content } = matter(read(file), { engines: { yaml: (text: string) => parse(text) } });
  return { ...data, body: content };
};

describe('checkEntry', () => {
  it('passes the shipped entries as Decap holds them', () => {
    expect(checkEntry('home', parse(read('home.yaml')), 'items')).toEqual([]);
    expect(checkEntry('settings', parse(read('site.yaml')), 'items')).toEqual([]);
    expect(checkEntry('stats', { items: parse(read('stats.yaml')) }, 'items')).toEqual([]);
    expect(checkEntry('news', markdown('news/faster-sites-by-default.md'), 'items')).toEqual([]);
    expect(checkEntry('services', markdown('services/web-development.md'), 'items')).toEqual([]);
  });

  it('names the field of a mistake: a section anchor with a space, a date in words', () => {
    const home = parse(read('home.yaml'));
    home.sections[4].id = 'About us';
    expect(checkEntry('home', home, 'items')).toEqual([
      expect.stringMatching(/^Sections > item 5 > Id: must be lowercase letters/),
    ]);
    const post = { ...markdown('news/faster-sites-by-default.md'), date: '1 December 2026' };
    expect(checkEntry('news', post, 'items')).toEqual([
      expect.stringMatching(/^Date: must be a date such as 2026-03-01/),
    ]);
  });
});
