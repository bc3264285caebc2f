import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_FILE, createNoDiskCache, hashKey, loadDiskCache } from '../../src/cache/disk.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agency-site-cache-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('loadDiskCache', () => {
  it('returns what was set, after saving and loading again', async () => {
    const cache = await loadDiskCache(dir, '1');
    cache.set('m:a', 'ünïcode <p>html</p>');
    cache.set('p:b', '');
    await cache.save();
    const again = await loadDiskCache(dir, '1');
    expect(again.get('m:a')).toBe('ünïcode <p>html</p>');
    expect(again.get('p:b')).toBe('');
    expect(again.get('m:missing')).toBeUndefined();
  });

  it('saves a new value kept under a key the file already holds (a block such as the content files)', async () => {
    const first = await loadDiskCache(dir, '1');
    first.set('source-files:last', 'one');
    await first.save();
    const second = await loadDiskCache(dir, '1');
    second.set('source-files:last', 'two');
    await second.save();
    expect((await loadDiskCache(dir, '1')).get('source-files:last')).toBe('two');
  });

  it('ignores a cache file written by another generator version', async () => {
    const cache = await loadDiskCache(dir, '0.1.0+aaaa');
    cache.set('m:a', 'old');
    await cache.save();
    expect((await loadDiskCache(dir, '0.1.0+bbbb')).get('m:a')).toBeUndefined();
    expect((await loadDiskCache(dir, '0.1.0+aaaa')).get('m:a')).toBe('old');
  });

  it('keeps only the entries used since it was opened', async () => {
    const first = await loadDiskCache(dir, '1');
    first.set('m:kept', 'a');
    first.set('m:dropped', 'b');
    await first.save();
    const second = await loadDiskCache(dir, '1');
    expect(second.get('m:kept')).toBe('a');
    second.set('m:new', 'c');
    await second.save();
    const third = await loadDiskCache(dir, '1');
    expect([third.get('m:kept'), third.get('m:dropped'), third.get('m:new')]).toEqual(['a', undefined, 'c']);
  });

  it('leaves the file alone when a build used exactly what it holds', async () => {
    const first = await loadDiskCache(dir, '1');
    first.set('m:a', 'a');
    await first.save();
    const second = await loadDiskCache(dir, '1');
    second.get('m:a');
    await rm(path.join(dir, CACHE_FILE));
    await second.save();
    await expect(readFile(path.join(dir, CACHE_FILE))).rejects.toThrow();
  });

  it('treats a damaged or truncated cache file as empty', async () => {
    const cache = await loadDiskCache(dir, '1');
    cache.set('m:a', 'a'.repeat(100));
    await cache.save();
    const bytes = await readFile(path.join(dir, CACHE_FILE));
    await writeFile(path.join(dir, CACHE_FILE), bytes.subarray(0, bytes.length - 10));
    expect((await loadDiskCache(dir, '1')).get('m:a')).toBeUndefined();
    await writeFile(path.join(dir, CACHE_FILE), 'not a cache');
    expect((await loadDiskCache(dir, '1')).get('m:a')).toBeUndefined();
  });

  it('ignores a file whose header has the wrong shape', async () => {
    // The right version and magic line; one key, but lengths for two values.
    await writeFile(
      path.join(dir, CACHE_FILE),
      fileOf({ version: '1', keys: 'm:a', lengths: 'AQAAAAEAAAA=' }, Buffer.from('bc')),
    );
    expect((await loadDiskCache(dir, '1')).get('m:a')).toBeUndefined();
    // The same with one length: read.
    await writeFile(
      path.join(dir, CACHE_FILE),
      fileOf({ version: '1', keys: 'm:a', lengths: 'AQAAAA==' }, Buffer.from('b')),
    );
    expect((await loadDiskCache(dir, '1')).get('m:a')).toBe('b');
  });

  it('keeps keys that hold a newline (the separator of the keys it writes)', async () => {
    const cache = await loadDiskCache(dir, '1');
    cache.set('m:one\ntwo', 'a');
    cache.set('m:one', 'b');
    await cache.save();
    const again = await loadDiskCache(dir, '1');
    expect([again.get('m:one\ntwo'), again.get('m:one'), again.get('m:two')]).toEqual(['a', 'b', undefined]);
  });

  it('starts empty when the folder does not exist, and creates it on save', async () => {
    const cache = await loadDiskCache(path.join(dir, 'deep', 'er'), '1');
    cache.set('m:a', 'a');
    await cache.save();
    expect((await loadDiskCache(path.join(dir, 'deep', 'er'), '1')).get('m:a')).toBe('a');
  });
});

describe('loadDiskCache: values read when asked for', () => {
  const later = (key: string) => key.startsWith('p:');
  const many = (cache: Awaited<ReturnType<typeof loadDiskCache>>) => {
    for (let index = 0; index < 10; index++) cache.set(`p:${index}`, `pägé ${index} `.repeat(50));
    cache.set('m:a', 'a');
  };

  it('knows the length of a value it leaves for later, and reads its bytes from the file as it was opened', async () => {
    const first = await loadDiskCache(dir, '1');
    many(first);
    await first.save();
    const second = await loadDiskCache(dir, '1', later);
    const page = second.getLater('p:3')!;
    expect(page.length).toBe(Buffer.byteLength('pägé 3 '.repeat(50)));
    // Another build replaces the file meanwhile (written whole beside it and renamed over it).
    const other = await loadDiskCache(dir, '1');
    other.set('p:3', 'replaced');
    await other.save();
    expect((await loadDiskCache(dir, '1')).get('p:3')).toBe('replaced');
    expect(page.bytes().toString()).toBe('pägé 3 '.repeat(50));
    expect(page.bytes()).toBe(page.bytes());
    // Values of other keys are read with the file, and handed out the same way.
    expect(second.getLater('m:a')!.bytes().toString()).toBe('a');
    expect(second.get('p:4')).toBe('pägé 4 '.repeat(50));
    expect([second.getLater('p:missing'), second.getLater('m:missing')]).toEqual([undefined, undefined]);
  });

  it('saves the values it left for later and never read, with their bytes', async () => {
    const first = await loadDiskCache(dir, '1');
    many(first);
    await first.save();
    // Half of the pages used, unread, and one set anew.
    const second = await loadDiskCache(dir, '1', later);
    for (let index = 0; index < 5; index++) second.getLater(`p:${index}`);
    second.set('p:9', 'new');
    await second.save();
    const third = await loadDiskCache(dir, '1');
    expect([third.get('p:0'), third.get('p:4'), third.get('p:5'), third.get('p:9'), third.get('m:a')]).toEqual([
      'pägé 0 '.repeat(50),
      'pägé 4 '.repeat(50),
      undefined,
      'new',
      undefined,
    ]);
  });
});

/** A cache file of `header` and `values` (src/cache/cache-file.ts). */
function fileOf(header: object, values: Buffer): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  return Buffer.concat([Buffer.from('agency-site cache 5\n'), values, json, length]);
}

describe('createNoDiskCache', () => {
  it('forgets everything', async () => {
    const cache = createNoDiskCache();
    cache.set('m:a', 'a');
    expect(cache.get('m:a')).toBeUndefined();
  });
});

describe('hashKey', () => {
  it('tells apart parts that only join to the same text', () => {
    expect(hashKey('ab', 'c')).not.toBe(hashKey('a', 'bc'));
    expect(hashKey('ab', 'c')).toBe(hashKey('ab', 'c'));
  });
});
