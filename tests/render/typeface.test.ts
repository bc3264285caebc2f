/**
 * The site's typeface: the Latin variable woff2 of @fontsource-variable/plus-jakarta-sans, kept in
 * templates/fonts/ (so a project's own templates/ carry it and the unchanged-build record sees every
 * file it is made from) and byte-equal to the npm package's, within the 60 KB font budget.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/project.ts';

const FILE = 'plus-jakarta-sans-latin-wght-normal.woff2';
const STYLES = readFileSync(path.join(PROJECT_ROOT, 'templates/styles/site.css'), 'utf8');

it('is the npm package\u2019s Latin variable woff2, byte for byte, and at most 60 KB', () => {
  const packaged = createRequire(import.meta.url).resolve(`@fontsource-variable/plus-jakarta-sans/files/${FILE}`);
  const kept = readFileSync(path.join(PROJECT_ROOT, 'templates/fonts', FILE));
  expect(kept.equals(readFileSync(packaged))).toBe(true);
  expect(kept.subarray(0, 4).toString('latin1')).toBe('wOF2');
  expect(kept.byteLength).toBeLessThanOrEqual(60 * 1024);
});

it('is the stylesheet\u2019s first family, with metric-matched local fallbacks before the system font', () => {
  expect(STYLES).toContain(`src: url('../fonts/${FILE}') format('woff2');`);
  expect(STYLES).toMatch(/--font: 'Jakarta', 'Jakarta Fallback', system-ui, sans-serif;/);
  const fallbacks = [...STYLES.matchAll(/font-family: 'Jakarta Fallback';([^}]*)}/g)].map((match) => match[1]!);
  expect(fallbacks).toHaveLength(2);
  for (const face of fallbacks) expect(face).toMatch(/size-adjust: [\d.]+%;[\s\S]*ascent-override: [\d.]+%;/);
  expect(STYLES).not.toMatch(/@import|url\(['"]?https?:/);
});
