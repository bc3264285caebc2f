import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { SiteError } from '../../src/errors.ts';

describe('the build\u2019s now', () => {
  // AGENCY_SITE_NOW is read by the CLI test in tests/build-news.test.ts: unit tests set no environment.
  it('comes from --now as an ISO instant in UTC', () => {
    expect(resolveConfig({ now: '2026-03-01T09:30:00+01:00' }).now).toBe('2026-03-01T08:30:00.000Z');
    expect(resolveConfig({ now: '2026-03-01' }).now).toBe('2026-03-01T00:00:00.000Z');
  });

  it.skipIf(process.env.AGENCY_SITE_NOW)(
    'is the clock without either, and drafts and later posts are left out by default',
    () => {
      const before = Date.now();
      const config = resolveConfig();
      expect(Date.parse(config.now)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(config.now)).toBeLessThanOrEqual(Date.now());
      expect([config.drafts, config.future]).toEqual([false, false]);
    },
  );

  it('refuses a time it cannot read as a usage error', () => {
    for (const value of ['yesterday', '2026-13-01', '2026-03-01 09:00']) {
      let thrown: unknown;
      try {
        resolveConfig({ now: value });
      } catch (error) {
        thrown = error;
      }
      expect(thrown, value).toBeInstanceOf(SiteError);
      expect((thrown as SiteError).code).toBe('UsageError');
    }
  });
});
