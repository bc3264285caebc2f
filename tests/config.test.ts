import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../src/config.ts';

describe('resolveConfig', () => {
  it('resolves folders from the root and defaults to dist, base / and the file format', () => {
    const config = resolveConfig({ root: '/site' });
    expect(config).toMatchObject({
      root: path.resolve('/site'),
      contentDir: path.resolve('/site/content'),
      templatesDir: path.resolve('/site/templates'),
      publicDir: path.resolve('/site/public'),
      outDir: path.resolve('/site/dist'),
      base: '/',
      format: 'file',
      allowHtml: false,
    });
  });

  it('normalises the base to a leading and trailing slash', () => {
    expect(resolveConfig({ base: 'agency' }).base).toBe('/agency/');
    expect(resolveConfig({ base: '/agency//' }).base).toBe('/agency/');
  });

  it('refuses a base with .. or a query, a bad format and a site URL that is not http(s)', () => {
    expect(() => resolveConfig({ base: '/../x' })).toThrowError(/--base/);
    expect(() => resolveConfig({ base: '/x?y' })).toThrowError(/--base/);
    expect(() => resolveConfig({ format: 'pretty' })).toThrowError(/--format/);
    expect(() => resolveConfig({ siteUrl: 'ftp://example.com' })).toThrowError(/--site-url/);
    expect(() => resolveConfig({ siteUrl: 'not a url' })).toThrowError(/--site-url/);
  });

  it('keeps the origin and path of --site-url without a trailing slash', () => {
    expect(resolveConfig({ siteUrl: 'https://example.com/agency/' }).siteUrl).toBe('https://example.com/agency');
  });

  it('uses the build cache and one worker thread per other core unless told otherwise', () => {
    const config = resolveConfig({});
    expect(config.cache).toBe(true);
    expect(config.threads).toBe(Math.max(0, availableParallelism() - 1));
    // As a most: the Markdown step starts a worker only on an idle core (tests/markdown/batch.test.ts).
    expect(config.threadsAuto).toBe(true);
    expect(resolveConfig({ cache: false, threads: '0' })).toMatchObject({
      cache: false,
      threads: 0,
      threadsAuto: false,
    });
  });

  it('refuses a --threads that is not a whole number from 0 to 64', () => {
    for (const threads of ['-1', 'two', '1.5', '65']) {
      expect(() => resolveConfig({ threads })).toThrow(/--threads must be a whole number from 0 to 64/);
    }
  });
});
