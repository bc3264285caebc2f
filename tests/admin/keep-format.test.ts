/** A CMS save writes again only the fields that changed: comments, order, quoting, folding and blank lines stay. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { keepFormat } from '../../src/admin/keep-format.ts';

const home = readFileSync(new URL('../../content/home.yaml', import.meta.url), 'utf8');
/** What Decap writes: the data alone, every string folded its way, no comment. */
const decap = (data: unknown) => stringify(data);
const changedLines = (a: string, b: string) => {
  const left = a.split('\n');
  const right = b.split('\n');
  let head = 0;
  while (head < left.length && left[head] === right[head]) head++;
  let tail = 0;
  while (tail < left.length - head && left[left.length - 1 - tail] === right[right.length - 1 - tail]) tail++;
  return { removed: left.slice(head, left.length - tail), added: right.slice(head, right.length - tail) };
};

describe('keepFormat', () => {
  it('keeps the file byte for byte when no value changed', () => {
    const commented = `# The home page\n${home}`;
    expect(keepFormat(commented, decap(parse(commented)), 'content/home.yaml')).toBe(commented);
  });

  it('changes one line for one changed heading, and keeps the comment', () => {
    const commented = home.replace('  - type: about', '  # Who we are\n  - type: about');
    const data = parse(commented);
    const services = data.sections.find((section: { type: string }) => section.type === 'services');
    const heading = services.heading;
    services.heading = 'What we do';
    const saved = keepFormat(commented, decap(data), 'content/home.yaml');
    expect(changedLines(commented, saved)).toEqual({
      removed: [`    heading: ${heading}`],
      added: ['    heading: What we do'],
    });
    expect(saved).toContain('# Who we are');
    expect(parse(saved)).toEqual(data);
  });

  it('adds a section as its own lines, with the blank line the others have', () => {
    const data = parse(home);
    data.sections.splice(2, 0, {
      type: 'faq',
      heading: 'Questions',
      items: [{ question: 'Why?', answer: 'Because.' }],
    });
    const saved = keepFormat(home, decap(data), 'content/home.yaml');
    const { removed, added } = changedLines(home, saved);
    expect(removed).toEqual([]);
    expect(added.filter((line) => line.trim() !== '')).toEqual([
      '  - type: faq',
      '    heading: Questions',
      '    items:',
      '      - question: Why?',
      '        answer: Because.',
    ]);
    expect(parse(saved)).toEqual(data);
  });

  it('removes a section as its own lines', () => {
    const data = parse(home);
    data.sections = data.sections.filter((section: { type: string }) => section.type !== 'about');
    const saved = keepFormat(home, decap(data), 'content/home.yaml');
    expect(changedLines(home, saved).removed.filter((line) => line.trim() !== '')).toEqual(['  - type: about']);
    expect(parse(saved)).toEqual(data);
  });

  it('keeps front matter and body of a Markdown file, changing the one field', () => {
    const before =
      '---\n# shown on the card\ntitle: Web Development\norder: 1\nicon: code\n---\n\nFast, accessible\nwebsites.\n';
    const after = '---\ntitle: Web Craft\norder: 1\nicon: code\n---\nFast, accessible\nwebsites.\n';
    expect(keepFormat(before, after, 'content/services/web.md')).toBe(before.replace('Web Development', 'Web Craft'));
  });

  it('keeps a folded text folded at its width when a word changes', () => {
    const before =
      'intro: >-\n  One two three four five six seven eight nine ten eleven twelve\n  thirteen fourteen.\nnext: 1\n';
    const data = parse(before);
    data.intro = data.intro.replace('fourteen', 'fifteen');
    const saved = keepFormat(before, decap(data), 'x.yaml');
    expect(saved).toBe(before.replace('fourteen', 'fifteen'));
  });
});
