import { describe, expect, it } from 'vitest';
import { newsSchema } from '../../src/news/news-schema.ts';

const valid = { title: 'We launched', date: '2026-03-01', description: 'What we launched and why.' };

function problems(data: object): string[] {
  const result = newsSchema.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('newsSchema', () => {
  it('accepts a date alone, or with a time and a zone, and every optional field', () => {
    expect(problems(valid)).toEqual([]);
    expect(problems({ ...valid, date: '2026-03-01T09:30+01:00' })).toEqual([]);
    expect(problems({ ...valid, date: '2026-03-01T09:30:15Z' })).toEqual([]);
    expect(
      problems({
        ...valid,
        updated: '2026-03-02',
        author: 'Ana Lima',
        image: '/images/news/a.svg',
        alt: 'A chart',
        tags: ['launch'],
        draft: true,
      }),
    ).toEqual([]);
  });

  it('refuses dates that are not YYYY-MM-DD, days that do not exist, and a time without a zone', () => {
    expect(problems({ ...valid, date: '01/03/2026' })[0]).toMatch(/^date: must be a date such as 2026-03-01/);
    expect(problems({ ...valid, date: '2026-02-30' })[0]).toMatch(/^date: must be a day and time that exist/);
    expect(problems({ ...valid, date: '2026-03-01T25:00Z' })[0]).toMatch(/^date: must be a day and time that exist/);
    expect(problems({ ...valid, date: '2026-03-01T09:30' })[0]).toMatch(/^date: must be a date/);
  });

  it('refuses unknown fields, an image without alt, and an update before the date', () => {
    expect(problems({ ...valid, dat: '2026-03-01' })).toHaveLength(1);
    expect(problems({ ...valid, image: '/images/a.svg' })).toEqual(['alt: needs both image and alt, or neither']);
    expect(problems({ ...valid, updated: '2026-02-28' })).toEqual(['updated: must not be earlier than date']);
  });

  it('describes every field for editors (the CMS shows the descriptions)', () => {
    const shape = (newsSchema as unknown as { shape?: Record<string, { description?: string }> }).shape;
    const fields =
      shape ??
      (newsSchema as unknown as { def: { in: { shape: Record<string, { description?: string }> } } }).def.in.shape;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['title', 'date', 'updated', 'image', 'alt', 'draft']));
    const undescribed = Object.entries(fields)
      .filter(([name, field]) => name !== 'advice' && !field.description)
      .map(([name]) => name);
    expect(undescribed).toEqual([]);
  });
});
