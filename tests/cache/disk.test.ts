import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_FILE, CHANGES_FILE, createNoDiskCache, hashKey, loadDiskCache } from '../../src/cache/disk.ts';

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

  it('ignores changes whose header has the wrong shape', async () => {
    const cache = await loadDiskCache(dir, '1');
    cache.set('m:a', 'a');
    await cache.save();
    const bytes = await readFile(path.join(dir, CACHE_FILE));
    const end = bytes.length - 4;
    const { id } = JSON.parse(bytes.toString('utf8', end - bytes.readUInt32LE(end), end)) as { id: string };
    // Changes for this very file, of the right version, with a number where the gone keys belong.
    const header = { version: '1', id: 'y', keys: 'm:a', lengths: 'AQAAAA==', whole: id, gone: 5 };
    await writeFile(path.join(dir, CHANGES_FILE), fileOf(header, Buffer.from('b')));
    expect((await loadDiskCache(dir, '1')).get('m:a')).toBe('a');
    // The same with the gone keys in their place: the changes are read.
    await writeFile(path.join(dir, CHANGES_FILE), fileOf({ ...header, gone: '' }, Buffer.from('b')));
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

describe('loadDiskCache: the changes beside the whole file', () => {
  const many = (cache: Awaited<ReturnType<typeof loadDiskCache>>) => {
    for (let index = 0; index < 10; index++) cache.set(`p:${index}`, `page ${index} `.repeat(50));
  };
  const wholeFile = () => readFile(path.join(dir, CACHE_FILE));
  const changesFile = () => path.join(dir, CHANGES_FILE);

  it('saves one changed value of many as changes, leaving the whole file as it was', async () => {
    const first = await loadDiskCache(dir, '1');
    many(first);
    first.set('block:last', 'one');
    await first.save();
    const before = await wholeFile();
    const second = await loadDiskCache(dir, '1');
    for (let index = 0; index < 9; index++) if (index !== 4) second.get(`p:${index}`);
    second.set('p:4', 'page 4 changed');
    second.set('p:9', 'page 9 changed');
    second.set('block:last', 'two');
    await second.save();
    expect((await wholeFile()).equals(before)).toBe(true);
    expect((await stat(changesFile())).size).toBeLessThan(before.length / 2);
    const third = await loadDiskCache(dir, '1');
    // The whole file's values are read around the ones the changes replaced.
    expect([third.get('p:0'), third.get('p:3'), third.get('p:4'), third.get('p:5'), third.get('p:8')]).toEqual([
      'page 0 '.repeat(50),
      'page 3 '.repeat(50),
      'page 4 changed',
      'page 5 '.repeat(50),
      'page 8 '.repeat(50),
    ]);
    expect([third.get('p:9'), third.get('block:last')]).toEqual(['page 9 changed', 'two']);
  });

  it('forgets the entries of the whole file a save with changes did not use', async () => {
    const first = await loadDiskCache(dir, '1');
    many(first);
    await first.save();
    const second = await loadDiskCache(dir, '1');
    for (let index = 1; index < 10; index++) second.get(`p:${index}`);
    second.set('p:new', 'new');
    await second.save();
    await expect(stat(changesFile())).resolves.toBeDefined();
    const third = await loadDiskCache(dir, '1');
    expect([third.get('p:0'), third.get('p:1'), third.get('p:new')]).toEqual([undefined, 'page 1 '.repeat(50), 'new']);
    // The third used what the files hold together, so its save writes nothing.
    for (let index = 2; index < 10; index++) third.get(`p:${index}`);
    const changes = await readFile(changesFile());
    await third.save();
    expect((await readFile(changesFile())).equals(changes)).toBe(true);
  });

  it('writes the whole file anew, without changes, once much of it is dead', async () => {
    const first = await loadDiskCache(dir, '1');
    many(first);
    await first.save();
    const second = await loadDiskCache(dir, '1');
    for (let index = 0; index < 5; index++) second.get(`p:${index}`);
    second.set('p:other', 'other');
    await second.save();
    await expect(stat(changesFile())).rejects.toThrow();
    const third = await loadDiskCache(dir, '1');
    expect([third.get('p:0'), third.get('p:4'), third.get('p:5'), third.get('p:other')]).toEqual([
      'page 0 '.repeat(50),
      'page 4 '.repeat(50),
      undefined,
      'other',
    ]);
  });

  it('ignores changes made for another whole file, and damaged changes', async () => {
    const first = await loadDiskCache(dir, '1');
    many(first);
    await first.save();
    const second = await loadDiskCache(dir, '1');
    for (let index = 0; index < 10; index++) second.get(`p:${index}`);
    second.set('p:new', 'new');
    await second.save();
    const changes = await readFile(changesFile());
    // Another whole file (another process's save) in place: the changes name the old one.
    const other = await loadDiskCache(path.join(dir, 'other'), '1');
    many(other);
    await other.save();
    await writeFile(path.join(dir, CACHE_FILE), await readFile(path.join(dir, 'other', CACHE_FILE)));
    expect((await loadDiskCache(dir, '1')).get('p:new')).toBeUndefined();
    expect((await loadDiskCache(dir, '1')).get('p:0')).toBe('page 0 '.repeat(50));
    // Damaged changes: the whole file alone.
    await writeFile(changesFile(), changes.subarray(0, changes.length - 3));
    expect((await loadDiskCache(dir, '1')).get('p:3')).toBe('page 3 '.repeat(50));
  });
});

describe('loadDiskCache: a block saved as pieces of the whole file', () => {
  const lines = Array.from({ length: 400 }, (_, index) => `line ${index} of the block\n`).join('');
  const changesFile = () => path.join(dir, CHANGES_FILE);
  /** The block as read, with the bytes from `from` to `to` replaced: the rest as slices of what was read. */
  const edit = (read: Buffer, from: number, to: number, text: string) => [
    read.subarray(0, from),
    text,
    read.subarray(to),
  ];
  const saved = async () => {
    const first = await loadDiskCache(dir, '1');
    first.set('block:last', lines);
    first.set('m:a', 'a'.repeat(20000));
    await first.save();
  };

  it('writes only what differs from the whole file, and reads the block back exactly, edit after edit', async () => {
    await saved();
    const whole = await readFile(path.join(dir, CACHE_FILE));
    let expected = lines;
    for (const [index, text] of ['first', 'second', 'third'].entries()) {
      const cache = await loadDiskCache(dir, '1');
      cache.get('m:a');
      const read = cache.getBytes('block:last')!;
      expect(read.toString()).toBe(expected);
      // Each edit cuts from what the last one read: a block made of pieces, cut again.
      const at = 1000 + index * 3000;
      cache.set('block:last', edit(read, at, at + 10, text));
      expected = expected.slice(0, at) + text + expected.slice(at + 10);
      await cache.save();
      expect((await readFile(path.join(dir, CACHE_FILE))).equals(whole)).toBe(true);
      // The edits, not the block's 10 KB.
      expect((await stat(changesFile())).size).toBeLessThan(1000);
    }
    const last = await loadDiskCache(dir, '1');
    expect(last.get('block:last')).toBe(expected);
    expect(last.get('m:a')).toBe('a'.repeat(20000));
  });

  it('ignores pieces that lie outside the whole file, or with bytes that do not add up, and changes made for another whole file', async () => {
    await saved();
    const cache = await loadDiskCache(dir, '1');
    cache.get('m:a');
    cache.set('block:last', edit(cache.getBytes('block:last')!, 100, 110, 'new'));
    await cache.save();
    expect((await loadDiskCache(dir, '1')).get('block:last')).not.toBe(lines);
    const changes = await readFile(changesFile());
    const { header, values } = parts(changes);
    const pieces = header.pieces as number[][];
    expect(pieces).toHaveLength(1);
    const damaged = [
      // The last piece running past the whole file's values.
      { ...header, pieces: [[...pieces[0]!.slice(0, -1), 1e9]] },
      // The bytes written out one too many.
      { ...header, pieces: [[...pieces[0]!, -1, 1]] },
      { ...header, pieces: [[5, ...pieces[0]!.slice(1)]] },
      { ...header, pieces: 'none' },
    ];
    for (const wrong of damaged) {
      await writeFile(changesFile(), fileOf(wrong, values));
      const read = await loadDiskCache(dir, '1');
      // The whole file alone: the block as it was saved first.
      expect(read.get('block:last')).toBe(lines);
      expect(read.get('m:a')).toBe('a'.repeat(20000));
    }
    // Another whole file in place (another process's save): the changes name the old one.
    await writeFile(changesFile(), changes);
    const other = await loadDiskCache(path.join(dir, 'other'), '1');
    other.set('block:last', 'other');
    other.set('m:a', 'b'.repeat(20000));
    await other.save();
    await writeFile(path.join(dir, CACHE_FILE), await readFile(path.join(dir, 'other', CACHE_FILE)));
    expect((await loadDiskCache(dir, '1')).get('block:last')).toBe('other');
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

  it('saves the values it left for later and never read, as changes and in a whole file written anew', async () => {
    const first = await loadDiskCache(dir, '1');
    many(first);
    await first.save();
    // Every value used, none of the pages read: the changes name the whole file's, which stay.
    const second = await loadDiskCache(dir, '1', later);
    for (let index = 0; index < 10; index++) second.getLater(`p:${index}`);
    second.set('m:a', 'changed');
    await second.save();
    await expect(stat(path.join(dir, CHANGES_FILE))).resolves.toBeDefined();
    // Half of the pages used, unread: the whole file is written anew with their bytes.
    const third = await loadDiskCache(dir, '1', later);
    for (let index = 0; index < 5; index++) third.getLater(`p:${index}`);
    third.set('p:9', 'new');
    await third.save();
    await expect(stat(path.join(dir, CHANGES_FILE))).rejects.toThrow();
    const fourth = await loadDiskCache(dir, '1');
    expect([fourth.get('p:0'), fourth.get('p:4'), fourth.get('p:5'), fourth.get('p:9'), fourth.get('m:a')]).toEqual([
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
  return Buffer.concat([Buffer.from('agency-site cache 4\n'), values, json, length]);
}

/** The header and the values of a cache file. */
function parts(file: Buffer): { header: Record<string, unknown>; values: Buffer } {
  const end = file.length - 4;
  const start = end - file.readUInt32LE(end);
  return {
    header: JSON.parse(file.toString('utf8', start, end)) as Record<string, unknown>,
    values: file.subarray('agency-site cache 4\n'.length, start),
  };
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
