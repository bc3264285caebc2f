import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashKey, loadDiskCache } from '../../src/cache/disk.ts';
import { createStore, textCodec } from '../../src/cache/store.ts';

let dir: string | undefined;
afterEach(async () => dir && rm(dir, { recursive: true, force: true }));

describe('createStore', () => {
  it('computes a step once per key and counts what it computed', () => {
    const store = createStore();
    let runs = 0;
    const square = (n: number) =>
      store.step('square', String(n), () => {
        runs++;
        return n * n;
      });
    expect([square(3), square(3), square(4)]).toEqual([9, 9, 16]);
    expect(runs).toBe(2);
    expect(store.computed()).toEqual({ square: 2 });
  });

  it('keeps values with a codec in the disk file, and a later store reads them without computing', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agency-site-store-'));
    const first = createStore(await loadDiskCache(dir, '1'));
    first.step('html', 'a', () => '<p>a</p>', textCodec);
    first.step('memory-only', 'a', () => 'not saved');
    await first.save();
    const second = createStore(await loadDiskCache(dir, '1'));
    expect(second.step('html', 'a', () => 'computed again', textCodec)).toBe('<p>a</p>');
    expect(second.peek('memory-only', 'a')).toBeUndefined();
    expect(second.computed()).toEqual({});
  });

  it('keeps a long key and a short one that is its hash apart on disk', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agency-site-store-'));
    const long = 'k'.repeat(300);
    const first = createStore(await loadDiskCache(dir, '1'));
    first.keep('html', long, 'made from the long key', textCodec);
    first.keep('html', hashKey(long), 'made from its hash', textCodec);
    first.keep('html', 'short', 'made from a short key', textCodec);
    await first.save();
    const second = createStore(await loadDiskCache(dir, '1'));
    expect(second.peek('html', long, textCodec)).toBe('made from the long key');
    expect(second.peek('html', hashKey(long), textCodec)).toBe('made from its hash');
    expect(second.peek('html', 'short', textCodec)).toBe('made from a short key');
    expect(second.peek('html', 'k'.repeat(299), textCodec)).toBeUndefined();
  });

  it('joins two keys into the key made of both, across sweeps and for new parts', () => {
    const store = createStore();
    expect(store.join('shared', 'page')).toBe('shared page');
    store.sweep();
    expect(store.join('shared', 'page')).toBe('shared page');
    expect(store.join('shared', 'other')).toBe('shared other');
    expect(store.join('changed', 'page')).toBe('changed page');
  });

  it('drops, at a sweep, what was not asked for since the last one', () => {
    const store = createStore();
    store.step('page', 'kept', () => 1);
    store.step('page', 'gone', () => 2);
    store.sweep();
    store.peek('page', 'kept');
    store.sweep();
    expect(store.peek('page', 'kept')).toBe(1);
    expect(store.peek('page', 'gone')).toBeUndefined();
  });

  it('does not keep a step that failed, so the next build tries again', async () => {
    const store = createStore();
    await expect(store.step('bundle', 'k', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(store.step('bundle', 'k', () => Promise.resolve('fixed'))).resolves.toBe('fixed');
  });

  it('computes the missing values of many keys together', async () => {
    const store = createStore();
    store.step('markdown', 'b', () => 'B');
    const asked: number[][] = [];
    const values = await store.stepAll('markdown', ['a', 'b', 'c'], async (missing) => {
      asked.push(missing);
      return missing.map((index) => 'abc'[index]!.toUpperCase());
    });
    expect(values).toEqual(['A', 'B', 'C']);
    expect(asked).toEqual([[0, 2]]);
  });
});
