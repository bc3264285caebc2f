import { describe, expect, it } from 'vitest';
import { describeField, describeIssue } from '../../src/content/issues.ts';
import { serviceSchema, siteFileSchema, statsSchema } from '../../src/content/schema.ts';
import type { z } from 'zod';

function describe_(schema: z.ZodType, data: unknown) {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) throw new Error('expected the data to be refused');
  return result.error.issues.map((issue) => {
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
    return describeIssue(issue, path, schema);
  });
}

describe('describeField', () => {
  it('counts list items from 1, as editors do', () => {
    expect(describeField(['hero', 'headline'])).toBe('the field "hero.headline"');
    expect(describeField([0, 'label'])).toBe('the field "label" of item 1');
    expect(describeField(['nav', 'links', 2, 'href'])).toBe('the field "href" of nav.links item 3');
    expect(describeField(['features', 1])).toBe('item 2 of "features"');
  });
});

describe('describeIssue', () => {
  const service = { title: 'SEO', order: 4, icon: 'chart', features: ['Audits'] };

  it('tells a missing field from one of the wrong type, and says what was found', () => {
    expect(describe_(serviceSchema, { ...service, title: undefined })[0]).toEqual({
      message: 'The field "title" is missing.',
      hint: 'Add "title:" with text.',
    });
    expect(describe_(serviceSchema, { ...service, title: 42 })[0]).toEqual({
      message: 'The field "title" must be text, not the number 42.',
      hint: 'Put the value in double quotes so it stays text exactly as written, e.g. title: "42".',
    });
    expect(describe_(serviceSchema, { ...service, icon: undefined })[0]!.message).toBe('The field "icon" is missing.');
    expect(describe_(serviceSchema, { ...service, order: 2.5 })[0]!.message).toBe(
      'The field "order" must be a whole number, not the number 2.5.',
    );
  });

  it('suggests the field a misspelt one was meant to be', () => {
    expect(describe_(serviceSchema, { ...service, featurse: [] })).toContainEqual({
      message: 'Unknown field "featurse": this kind of content has no such field.',
      hint: 'Did you mean "features"? Allowed fields here: title, order, icon, features, advice.',
    });
  });

  it('says what a file must hold when it holds nothing', () => {
    expect(describe_(statsSchema, null)[0]!.message).toBe('The file must hold a list, but it holds nothing.');
  });

  it('shows the malformed value and how to write it', () => {
    const site = { contact: { email: { label: 'Mail', address: 'hello at example.com' } } };
    const issues = describe_(siteFileSchema, site);
    expect(issues).toContainEqual({
      message:
        'The field "contact.email.address" must be an email address such as hello@example.com, not "hello at example.com".',
      hint: 'Write a single address such as hello@example.com, without "mailto:" or spaces.',
    });
  });
});
