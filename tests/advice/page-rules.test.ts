import { describe, expect, it } from 'vitest';
import { adviseSite } from '../../src/advice/advise.ts';
import { GOOD_HEAD, markdownPage, type FixturePage } from './fixture.ts';

function advise(...fixtures: FixturePage[]) {
  const result = adviseSite({
    pages: fixtures.map((fixture) => fixture.page),
    sources: fixtures.map((fixture) => fixture.source),
  });
  return result.warnings.map((warning) => ({
    code: warning.code,
    at: `${warning.file}:${warning.line}`,
    message: warning.message,
    hint: warning.hint,
  }));
}

const codes = (...fixtures: FixturePage[]) => advise(...fixtures).map((warning) => `${warning.code} ${warning.at}`);

describe('title and description length', () => {
  it('warns about a title under 30 characters with the site name, at the title line', () => {
    const warnings = advise(markdownPage('short', { title: 'Hi', description: GOOD_HEAD.description }, 'Text.'));
    expect(warnings.map((warning) => `${warning.code} ${warning.at}`)).toEqual([
      'TitleLength content/pages/short.md:2',
    ]);
    expect(warnings[0]!.message).toContain('21 characters long as search results show it ("Hi | Northwind Studio")');
    expect(warnings[0]!.hint).toContain('advice: { off: [title-length] }');
  });

  it('warns about a title over 60 characters', () => {
    const title = 'A very long page title that goes on and on about everything';
    expect(codes(markdownPage('long', { title, description: GOOD_HEAD.description }, 'Text.'))).toEqual([
      'TitleLength content/pages/long.md:2',
    ]);
  });

  it('warns about a description under 70 or over 160 characters, at its line', () => {
    expect(codes(markdownPage('terse', { title: GOOD_HEAD.title, description: 'Too short.' }, 'Text.'))).toEqual([
      'DescriptionLength content/pages/terse.md:3',
    ]);
    expect(
      codes(markdownPage('wordy', { title: GOOD_HEAD.title, description: 'word '.repeat(35).trim() }, 'Text.')),
    ).toEqual(['DescriptionLength content/pages/wordy.md:3']);
  });

  it('warns about a page without a description', () => {
    const warnings = advise(markdownPage('none', { title: GOOD_HEAD.title }, 'Text.'));
    expect(warnings.map((warning) => warning.code)).toEqual(['DescriptionLength']);
    expect(warnings[0]!.message).toContain('has no description');
  });

  it('accepts a title and description inside their ranges', () => {
    expect(codes(markdownPage('fine', GOOD_HEAD, 'Text.'))).toEqual([]);
  });

  it('leaves pages out of search results (404) alone', () => {
    const fixture = markdownPage('missing', { title: 'Hi' }, 'Text.');
    expect(codes({ ...fixture, page: { ...fixture.page, indexable: false } })).toEqual([]);
  });
});

describe('duplicate titles and descriptions', () => {
  it('warns on the second page that repeats a title or description, naming the first', () => {
    const first = markdownPage('first', GOOD_HEAD, 'Text.');
    const second = markdownPage('second', GOOD_HEAD, 'Text.');
    const warnings = advise(first, second);
    expect(warnings.map((warning) => `${warning.code} ${warning.at}`)).toEqual([
      'DuplicateTitle content/pages/second.md:2',
      'DuplicateDescription content/pages/second.md:3',
    ]);
    expect(warnings[0]!.message).toContain('the same title as /first');
  });

  it('accepts pages with their own titles and descriptions', () => {
    const other = { title: 'Another careful title for tests', description: `${GOOD_HEAD.description} Another one.` };
    expect(codes(markdownPage('first', GOOD_HEAD, 'Text.'), markdownPage('second', other, 'Text.'))).toEqual([]);
  });
});

describe('heading levels', () => {
  it('warns about a heading that skips a level, at its Markdown line', () => {
    const warnings = advise(markdownPage('skip', GOOD_HEAD, '## Plans\n\nText.\n\n#### Free plan\n\nText.'));
    expect(warnings.map((warning) => `${warning.code} ${warning.at}`)).toEqual([
      'HeadingSkip content/pages/skip.md:10',
    ]);
    expect(warnings[0]!.message).toContain('"Free plan" is an h4 right after an h2');
  });

  it('warns about a Markdown h1 after the page title (the template h1)', () => {
    expect(codes(markdownPage('twice', GOOD_HEAD, 'Text.\n\n# Welcome'))).toEqual([
      'SecondH1 content/pages/twice.md:8',
    ]);
  });

  it('accepts levels that go down one at a time and back up any amount', () => {
    expect(codes(markdownPage('steps', GOOD_HEAD, '## A\n\n### B\n\n#### C\n\n## D'))).toEqual([]);
  });
});

describe('link text', () => {
  it('warns about vague and empty link text, at the link', () => {
    const body =
      'Our terms apply.\nFor details [click here](/terms).\n\nAnd [Read more…](/privacy-policy) or [](/refund-policy).';
    expect(codes(markdownPage('vague', GOOD_HEAD, body))).toEqual([
      'VagueLinkText content/pages/vague.md:7',
      'VagueLinkText content/pages/vague.md:9',
      'VagueLinkText content/pages/vague.md:9',
    ]);
  });

  it('warns when the same text leads to different targets on one page', () => {
    const warnings = advise(
      markdownPage('pricing', GOOD_HEAD, 'See [pricing](/terms).\n\nAlso [Pricing](/refund-policy).'),
    );
    expect(warnings.map((warning) => `${warning.code} ${warning.at}`)).toEqual([
      'AmbiguousLinkText content/pages/pricing.md:8',
    ]);
  });

  it('accepts telling texts, and the same text for the same target', () => {
    expect(
      codes(
        markdownPage(
          'good',
          GOOD_HEAD,
          'Read [our refund policy](/refund-policy), [the terms](/terms#payment).\n\nAgain: [our refund policy](/refund-policy/).',
        ),
      ),
    ).toEqual([]);
  });
});

describe('alt text', () => {
  it('warns about a Markdown image without alt text, at the image', () => {
    expect(codes(markdownPage('bare', GOOD_HEAD, 'Text.\n\n![](/images/team.jpg)'))).toEqual([
      'AltMissing content/pages/bare.md:8',
    ]);
  });

  it('warns about alt text over 125 characters', () => {
    const alt = 'A long description of a photo '.repeat(5).trim();
    expect(codes(markdownPage('long-alt', GOOD_HEAD, `![${alt}](/images/team.jpg)`))).toEqual([
      'AltLength content/pages/long-alt.md:6',
    ]);
  });

  it('warns about alt text that says "image of" or is the file name', () => {
    expect(
      codes(
        markdownPage(
          'redundant',
          GOOD_HEAD,
          '![Image of our team](/images/team.jpg)\n\n![team-photo](/images/team-photo.jpg)\n\n![IMG_2041.JPG](/images/x.jpg)',
        ),
      ),
    ).toEqual([
      'AltRedundant content/pages/redundant.md:6',
      'AltRedundant content/pages/redundant.md:8',
      'AltRedundant content/pages/redundant.md:10',
    ]);
  });

  it('accepts short alt text that says what the image shows', () => {
    expect(
      codes(markdownPage('alt', GOOD_HEAD, '![Five people around a table covered in sketches](/images/team.jpg)')),
    ).toEqual([]);
  });
});

describe('contact details as plain text', () => {
  it('warns about an email address and a phone number that are not links, at their lines', () => {
    const warnings = advise(
      markdownPage(
        'contact',
        GOOD_HEAD,
        'Questions?\nWrite to hello@example.com any time.\n\nOr call **+1 555 123 4567** today.',
      ),
    );
    expect(warnings.map((warning) => `${warning.code} ${warning.at}`)).toEqual([
      'PlainEmail content/pages/contact.md:7',
      'PlainPhone content/pages/contact.md:9',
    ]);
    expect(warnings[0]!.hint).toContain('[hello@example.com](mailto:hello@example.com)');
    expect(warnings[1]!.hint).toContain('(tel:+15551234567)');
  });

  it('accepts linked addresses, and figures that are not phone numbers', () => {
    const body =
      'Email [hello@example.com](mailto:hello@example.com) or call [+1 555 123 4567](tel:+15551234567).\n\nPro: $19/month, 2019-2025, ticket 1234567, 2025-06-09, within 10 business days, `555-123-4567`.';
    expect(codes(markdownPage('linked', GOOD_HEAD, body))).toEqual([]);
  });
});
