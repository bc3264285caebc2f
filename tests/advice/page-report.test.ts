import { describe, expect, it } from 'vitest';
import { adviseSite } from '../../src/advice/advise.ts';
import { createPageReports, formatPageReports } from '../../src/advice/page-report.ts';
import { GOOD_HEAD, markdownPage } from './fixture.ts';

describe('the --report summary', () => {
  const fixture = markdownPage(
    'guide',
    GOOD_HEAD,
    `## Plans\n\n${'word '.repeat(500)}\n\n#### Free\n\n![A map of the office](/images/map.png)`,
  );
  const advice = adviseSite({ pages: [fixture.page], sources: [fixture.source], report: true });
  const sizes = new Map([['/images/map.png', 2048]]);
  const [report] = createPageReports(advice.pages, (src) => sizes.get(src));

  it('gives each page its title and description with lengths, outline, words, images and warnings as data', () => {
    expect(report).toMatchObject({
      path: '/guide',
      title: { text: `${GOOD_HEAD.title} | Northwind Studio`, length: 49, range: [30, 60] },
      description: { length: GOOD_HEAD.description.length, range: [70, 160] },
      headings: [
        { level: 1, text: GOOD_HEAD.title },
        { level: 2, text: 'Plans' },
        { level: 4, text: 'Free' },
      ],
      readingMinutes: 2,
      images: [{ src: '/images/map.png', alt: 'A map of the office', bytes: 2048 }],
      imageBytes: 2048,
      warnings: [{ code: 'HeadingSkip', location: 'content/pages/guide.md:10:1' }],
    });
    // The h1 (6 words), Plans, 500 words, Free, and the image by its alt (5 words).
    expect(report!.words).toBe(513);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('prints one block per page for a terminal', () => {
    const text = formatPageReports([report!]);
    expect(text.split('\n').slice(0, 4)).toEqual([
      '/guide',
      '--------',
      `title        ${GOOD_HEAD.title} | Northwind Studio [49 characters]`,
      `description  ${GOOD_HEAD.description} [${GOOD_HEAD.description.length} characters]`,
    ]);
    expect(text).toContain('words        513 (about 2 min to read)');
    expect(text).toContain('                 h4 Free');
    expect(text).toContain('             /images/map.png  2.0 KB  alt: "A map of the office"');
    expect(text).toContain('warnings     1\n             content/pages/guide.md:10:1 [HeadingSkip]');
  });
});
