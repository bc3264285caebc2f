import { describe, expect, it } from 'vitest';
import { LaterBytes, type DiskCache, type Encoded } from '../src/cache/disk.ts';
import { createStore } from '../src/cache/store.ts';
import type { RenderedPage } from '../src/output/check.ts';
import { checkStage } from '../src/check-stage.ts';
import { pageScans } from '../src/page-stages.ts';
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
    const errors = checkStage(
      store,
      { pages, files: new Set(keys.keys()), urls, sources: [] },
      { keys, inOrder: [...keys.values()] },
      scanOf,
    );
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

/** A disk cache in memory: each build's store reads what the last one saved, decoded from its bytes. */
function memoryDisk(): DiskCache {
  const saved = new Map<string, Buffer>();
  const bytesOf = (value: Encoded): Buffer =>
    typeof value === 'string' || Buffer.isBuffer(value)
      ? Buffer.from(value)
      : Buffer.concat([...value].map((part) => Buffer.from(part)));
  return {
    get: (key) => saved.get(key)?.toString(),
    getBytes: (key) => saved.get(key),
    getLater: (key) => {
      const bytes = saved.get(key);
      return bytes && new LaterBytes(bytes.length, bytes);
    },
    set: (key, value) => void saved.set(key, bytesOf(value)),
    async save() {},
  };
}

describe('checkStage', () => {
  const files = ['index.html', 'terms.html', 'about.html'];
  const site = (terms: string) => [
    page('/', 'index.html', '<a href="/terms#b">b</a>'),
    page('/terms', 'terms.html', terms),
    page('/about', 'about.html', '<h2 id="c">C</h2><a href="/about#c">c</a>'),
  ];
  const keysOf = (terms: string) => new Map(files.map((file) => [file, file === 'terms.html' ? terms : `key-${file}`]));
  // Each check a build of its own, as a single build is: its store reads the last one's from the disk.
  const check = (disk: DiskCache, pages: RenderedPage[], keys: Map<string, string>) => {
    const store = createStore(disk);
    const read: string[] = [];
    const scan = pageScans(store, keys);
    const inOrder = pages.map((page) => keys.get(page.route.file)!);
    const errors = checkStage(store, { pages, files: new Set(files), urls, sources: [] }, { keys, inOrder }, (page) => {
      read.push(page.route.file);
      return scan(page);
    });
    void store.save();
    return { errors: errors.map((error) => error.code), read };
  };

  it('in dev (one store for every run) checks every page again when the files of the output change, though no page key did', () => {
    const store = createStore();
    const pages = site('<h2 id="b">B</h2>');
    const keys = keysOf('key-terms');
    const run = (linkable: string[]) =>
      checkStage(
        store,
        { pages, files: new Set(linkable), urls, sources: [] },
        { keys, inOrder: files.map((file) => keys.get(file)!) },
        pageScans(store, keys),
      ).map((error) => error.code);
    expect(run(files)).toEqual([]);
    expect(run(files)).toEqual([]);
    // terms.html is no longer among the output's files (its page left the site): the link to it is broken.
    expect(run(['index.html', 'about.html'])).toEqual(['BrokenLink']);
    expect(run(files)).toEqual([]);
  });

  it('reads again only the page whose key changed and the pages whose anchors point into it', () => {
    const store = memoryDisk();
    expect(check(store, site('<h2 id="b">B</h2>'), keysOf('key-terms'))).toEqual({
      errors: [],
      read: ['index.html', 'terms.html', 'about.html'],
    });
    // terms.html changed and lost the id index.html's anchor points to: index.html is checked again.
    const next = check(store, site('<h2>B</h2>'), keysOf('key-terms-2'));
    expect(next.errors).toEqual(['BrokenAnchor']);
    expect(next.read.sort()).toEqual(['index.html', 'terms.html']);
  });

  it('reads no page again when none changed, and checks them all when a page became another file', () => {
    const store = memoryDisk();
    check(store, site('<h2 id="b">B</h2>'), keysOf('key-terms'));
    expect(check(store, site('<h2 id="b">B</h2>'), keysOf('key-terms')).read).toEqual([]);
    // The same files, but terms.html is no page now: nothing kept applies.
    const pages = site('<h2 id="b">B</h2>').filter((page) => page.route.file !== 'terms.html');
    const keys = keysOf('key-terms');
    keys.delete('terms.html');
    expect(check(store, pages, keys).read.sort()).toEqual(['about.html', 'index.html']);
  });

  it('in dev finds the pages whose anchors point into a changed page by an index of them it keeps up to date', () => {
    const store = createStore();
    const run = (pages: RenderedPage[], keys: Map<string, string>) => {
      const read: string[] = [];
      const scan = pageScans(store, keys);
      const inOrder = pages.map((page) => keys.get(page.route.file)!);
      const errors = checkStage(
        store,
        { pages, files: new Set(files), urls, sources: [] },
        { keys, inOrder },
        (page) => {
          read.push(page.route.file);
          return scan(page);
        },
      );
      return { errors: errors.map((error) => error.code), read: read.sort() };
    };
    expect(run(site('<h2 id="b">B</h2>'), keysOf('key-terms')).read).toEqual([
      'about.html',
      'index.html',
      'terms.html',
    ]);
    expect(run(site('<h2>B</h2>'), keysOf('key-terms-2'))).toEqual({
      errors: ['BrokenAnchor'],
      read: ['index.html', 'terms.html'],
    });
    expect(run(site('<h2 id="b">B</h2>'), keysOf('key-terms-3'))).toEqual({
      errors: [],
      read: ['index.html', 'terms.html'],
    });
    // index.html now points into about.html instead: the index follows the entry it replaced.
    const moved = site('<h2 id="b">B</h2>');
    moved[0] = page('/', 'index.html', '<a href="/about#c">c</a>');
    const keys = keysOf('key-terms-3');
    keys.set('index.html', 'key-index-2');
    expect(run(moved, keys)).toEqual({ errors: [], read: ['about.html', 'index.html'] });
    const terms = new Map(keys).set('terms.html', 'key-terms-4');
    expect(run(moved, terms).read).toEqual(['terms.html']);
    const about = new Map(terms).set('about.html', 'key-about-2');
    const lost = moved.map((each) =>
      each.route.file === 'about.html' ? page('/about', 'about.html', '<h2>C</h2>') : each,
    );
    expect(run(lost, about)).toEqual({ errors: ['BrokenAnchor'], read: ['about.html', 'index.html'] });
  });
});
