import { describe, expect, it } from 'vitest';
import { editDistance, isNearName } from '../src/suggest.ts';

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('terms', 'terms')).toBe(0);
    expect(editDistance('/term', '/terms')).toBe(1);
    expect(editDistance('/privcy', '/privacy')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('Title', 'title')).toBe(1);
  });
});

describe('isNearName', () => {
  it('takes names at most two edits apart, ignoring case, as a likely misspelling', () => {
    expect(isNearName('titel', 'title')).toBe(true);
    expect(isNearName('Summary', 'summary')).toBe(true);
    expect(isNearName('desc', 'description')).toBe(false);
    expect(isNearName('order', 'icon')).toBe(false);
  });
});
