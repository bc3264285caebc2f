import { describe, expect, it } from 'vitest';
import { createStore } from '../src/cache/store.ts';
import type { RenderedPage } from '../src/output/check.ts';
import { checkStage, pageScans } from '../src/page-stages.ts';
import { createUrlPolicy, type Route } from '../src/site/routes.ts';

const urls = createUrlPolicy({ format: 'file', base: '/' }, 'https://example.com');
const page = (path: string, file: string, body: string): RenderedPage => ({
  route: { path, file, indexable: true, page: { kind: 'home' } } as Route,
  html: `<html><head><link rel="canonical" href="${urls.absolute(path)}"/></head><body>${body}</body></html>`,
});

describe('pageScans', () => {
  const pages = [
    page('/', 'index.html', '<h2 id="a">A</h2><a href="/terms#b">b</a>'),
    page('/terms', 'terms.html', '<h2 id="b">B</h2>'),
  ];
  const keys = new Map([
    ['index.html', 'key-index'],
    ['terms.html', 'key-terms'],
  ]);

  it('reads each page once for the site check and the advice both', () => {
    const store = createStore();
    const scanOf = pageScans(store, keys);
    const errors = checkStage(store, { pages, files: new Set(keys.keys()), urls, sources: [] }, keys, scanOf);
    expect(errors).toEqual([]);
    expect(store.computed()['page-scan']).toBe(2);
    // What the advice asks for afterwards is the scan the check read.
    const again = scanOf(pages[0]!);
    expect(again.ids).toEqual(['a']);
    expect(again.headings.map((heading) => heading.text)).toEqual(['A']);
    expect(store.computed()['page-scan']).toBe(2);
  });

  it('takes a page whose key is the same from the store in the next build', () => {
    const store = createStore();
    pageScans(store, keys)(pages[1]!);
    const next = pageScans(store, keys)(pages[1]!);
    expect(next.ids).toEqual(['b']);
    expect(store.computed()['page-scan']).toBe(1);
  });
});
