import { describe, expect, it } from 'vitest';
import { withBuildYear } from '../../src/site/build-year.ts';

const siteWith = (copyright: string) => ({ settings: { footer: { copyright, tagline: 'Small.' }, name: 'Acme' } });

describe('withBuildYear', () => {
  it('fills {year} of the footer copyright with the UTC year of the build\u2019s now', () => {
    const site = siteWith('\u00a9 {year} Acme. All rights reserved.');
    expect(withBuildYear(site, '2031-12-31T23:30:00-02:00').settings.footer.copyright).toBe(
      '\u00a9 2032 Acme. All rights reserved.',
    );
    expect(withBuildYear(site, '2026-06-01T00:00:00Z').settings.footer).toEqual({
      copyright: '\u00a9 2026 Acme. All rights reserved.',
      tagline: 'Small.',
    });
    expect(site.settings.footer.copyright).toBe('\u00a9 {year} Acme. All rights reserved.');
  });

  it('gives the same settings object for the same settings and year, and leaves a fixed copyright alone', () => {
    const site = siteWith('\u00a9 {year} Acme');
    expect(withBuildYear(site, '2026-01-01').settings).toBe(withBuildYear(site, '2026-12-31').settings);
    expect(withBuildYear(site, '2027-01-01').settings).not.toBe(withBuildYear(site, '2026-12-31').settings);
    const fixed = siteWith('\u00a9 2025 Acme');
    expect(withBuildYear(fixed, '2026-01-01')).toBe(fixed);
  });
});
