import { describe, expect, it } from 'vitest';
import { planUpdate } from '../../src/dev/update.ts';
import type { OutputFile } from '../../src/output/plan.ts';

const page = (css: string, text = 'Hello') =>
  `<!DOCTYPE html><html><head><link rel="stylesheet" href="/${css}"/></head><body>${text}</body></html>`;
const site = (css: string, text?: string, js = 'assets/main-1.js'): OutputFile[] => [
  { path: 'index.html', contents: page(css, text) },
  { path: '404.html', contents: page(css, 'Missing') },
  { path: css, contents: `body{color:${css}}` },
  { path: js, contents: 'void 0' },
  { path: 'favicon.svg', source: '/project/public/favicon.svg', size: 10 },
];

describe('planUpdate', () => {
  it('reloads after the first build', () => {
    expect(planUpdate(undefined, site('assets/site-1.css'), '/')).toEqual({ kind: 'reload' });
  });

  it('does nothing when the output is the same', () => {
    expect(planUpdate(site('assets/site-1.css'), site('assets/site-1.css'), '/')).toEqual({ kind: 'none' });
  });

  it('swaps the stylesheet when pages differ only in its link', () => {
    expect(planUpdate(site('assets/site-1.css'), site('assets/site-2.css'), '/')).toEqual({
      kind: 'css',
      from: '/assets/site-1.css',
      to: '/assets/site-2.css',
    });
  });

  it('reloads when a page changed beside the stylesheet, or the script changed', () => {
    expect(planUpdate(site('assets/site-1.css'), site('assets/site-2.css', 'Changed'), '/')).toEqual({
      kind: 'reload',
    });
    expect(planUpdate(site('assets/site-1.css'), site('assets/site-1.css', 'Hello', 'assets/main-2.js'), '/')).toEqual({
      kind: 'reload',
    });
    expect(planUpdate(site('assets/site-1.css'), site('assets/site-1.css', 'Changed'), '/')).toEqual({
      kind: 'reload',
    });
  });

  it('reloads when a public file may have changed in place', () => {
    expect(planUpdate(site('assets/site-1.css'), site('assets/site-1.css'), '/', true)).toEqual({ kind: 'reload' });
  });

  it('compares a list that keeps most files as the same objects place by place, as it compares fresh ones', () => {
    const before = site('assets/site-1.css');
    // The same objects: nothing to do.
    expect(planUpdate(before, before.slice(), '/')).toEqual({ kind: 'none' });
    // One page another object with the same bytes, one with other bytes.
    const same = before.slice();
    same[1] = { path: '404.html', contents: page('assets/site-1.css', 'Missing') };
    expect(planUpdate(before, same, '/')).toEqual({ kind: 'none' });
    const changed = before.slice();
    changed[1] = { path: '404.html', contents: page('assets/site-1.css', 'Gone') };
    expect(planUpdate(before, changed, '/')).toEqual({ kind: 'reload' });
    // A page changed before a path that differs: the stylesheet renamed, and the pages linking it.
    const swapped = site('assets/site-2.css');
    swapped[3] = before[3]!;
    swapped[4] = before[4]!;
    expect(planUpdate(before, swapped, '/')).toEqual({
      kind: 'css',
      from: '/assets/site-1.css',
      to: '/assets/site-2.css',
    });
  });
});
