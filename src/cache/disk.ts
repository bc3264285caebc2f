/**
 * The disk file behind the store (src/cache/store.ts): strings and bytes by key (front matter,
 * Markdown HTML, rendered pages, what the check read from them), in one file under config.cacheDir. Keys are content hashes of everything a value
 * depends on, so an entry is never stale, only unused; the file belongs to one generator version
 * and is ignored whole by any other. Saving keeps only the entries used since it was opened (one
 * build, or one dev session), so the file never grows with edits that are gone.
 */
import { isAscii } from 'node:buffer';
import { hash } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { log } from '../log.ts';

/**
 * A value as the disk keeps it: text (written as UTF-8), bytes, or parts of either in order. Parts
 * are made as the file is written, one at a time (the store encodes there), so a build holds no
 * second copy of what it keeps until the save.
 */
export type Encoded = string | Buffer | Iterable<string | Buffer>;

export interface DiskCache {
  get(key: string): string | undefined;
  /** The value as UTF-8 bytes, without copying what was read from disk (rendered pages). */
  getBytes(key: string): Buffer | undefined;
  set(key: string, value: Encoded): void;
  /** Writes the entries used since the cache was opened to disk, unless they are what the file holds. */
  save(): Promise<void>;
}

/**
 * The file: this line, the values one after the other, the JSON of the version and each key with
 * its value's length, and that JSON's length (4 bytes, little-endian). The keys come last so that
 * each value is written as soon as it is encoded.
 */
const MAGIC = 'agency-site cache 2\n';
/** Bytes gathered before each write while saving. */
const WRITE_CHUNK = 1024 * 1024;
export const CACHE_FILE = 'build-cache.bin';

/** sha256 of the parts, joined so that ["ab", "c"] and ["a", "bc"] differ. */
export function hashKey(...parts: string[]): string {
  // One call, no Hash object: the store hashes thousands of keys per build.
  let joined = '';
  for (const part of parts) joined += `${part.length}:${part}`;
  return hash('sha256', joined, 'base64url');
}

/**
 * The text of UTF-8 bytes. Node 20 decodes UTF-8 at a sixth of the speed it copies Latin-1, and
 * most of what the cache holds is ASCII (where both agree): checking that first is far cheaper
 * than the slow decode it saves.
 */
export function textOf(bytes: Buffer, start = 0, end = bytes.length): string {
  const slice = start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end);
  return isAscii(slice) ? slice.toString('latin1') : slice.toString('utf8');
}

/** JSON in ASCII only (other characters as \u escapes), so that textOf reads it back at its fast speed. */
export function asciiJson(value: unknown, replacer?: (this: unknown, key: string, item: unknown) => unknown): string {
  return JSON.stringify(value, replacer).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A cache that keeps nothing: every build computes everything (`--no-cache`). */
export function createNoDiskCache(): DiskCache {
  return { get: () => undefined, getBytes: () => undefined, set() {}, async save() {} };
}

/**
 * Opens the cache of `cacheDir` for `version` (the generator's version; any other version's file
 * is ignored). A missing or unreadable file is an empty cache, never an error.
 */
export async function loadDiskCache(cacheDir: string, version: string): Promise<DiskCache> {
  const file = path.join(cacheDir, CACHE_FILE);
  const stored = await readStore(file, version);
  const fresh = new Map<string, Encoded>();
  const used = new Set<string>();
  let dirty = false;
  const bytesOf = (key: string): Buffer | undefined => {
    const value = fresh.get(key);
    if (value !== undefined) return bytesOfEncoded(value);
    const slice = stored.get(key);
    return slice && stored.bytes.subarray(slice[0], slice[1]);
  };
  return {
    get(key) {
      const value = fresh.get(key);
      if (typeof value === 'string') {
        used.add(key);
        return value;
      }
      const bytes = bytesOf(key);
      if (bytes === undefined) return undefined;
      used.add(key);
      return textOf(bytes);
    },
    getBytes(key) {
      const bytes = bytesOf(key);
      if (bytes !== undefined) used.add(key);
      return bytes;
    },
    set(key, value) {
      // A key kept again (a block such as the content files') may hold a new value: saved either way.
      if (fresh.get(key) !== value) dirty = true;
      fresh.set(key, value);
      used.add(key);
    },
    async save() {
      if (!dirty && used.size === stored.size) return;
      // In the order they were first used, not sorted: the file is read by its index, and sorting
      // some 16000 keys cost a warm build 5 to 10 ms.
      const entries = [...used].map((key) => ({ key, value: fresh.get(key) ?? bytesOf(key)! }));
      if (await writeCacheFile(cacheDir, file, version, entries)) dirty = false;
    },
  };
}

function bytesOfEncoded(value: Encoded): Buffer {
  if (typeof value === 'string') return Buffer.from(value);
  if (Buffer.isBuffer(value)) return value;
  return Buffer.concat([...value].map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
}

/**
 * Writes the cache file beside and renames it. False when it cannot be written: a cache that
 * cannot be written only makes the next build slower, so it says so and the build goes on.
 */
async function writeCacheFile(
  cacheDir: string,
  file: string,
  version: string,
  entries: Array<{ key: string; value: Encoded }>,
): Promise<boolean> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(cacheDir, { recursive: true });
    // Written synchronously: nothing else of the build runs while it saves (a dev server saves
    // once, after its first build), and each of some fifty awaited chunk writes waited its turn in
    // the thread pool (the disk cache, docs/benchmarks.md).
    const descriptor = openSync(temporary, 'w');
    try {
      const out = createChunkedWriter(descriptor);
      out.write(MAGIC);
      const keys: Array<[string, number]> = [];
      // Each value is encoded and written in turn: its parts are dropped once they are in the chunk.
      for (const { key, value } of entries) keys.push([key, out.write(value)]);
      const headerLength = out.write(JSON.stringify({ version, keys }));
      const length = Buffer.alloc(4);
      length.writeUInt32LE(headerLength);
      out.write(length);
      out.flush();
    } finally {
      closeSync(descriptor);
    }
    await rename(temporary, file);
    return true;
  } catch (cause) {
    await rm(temporary, { force: true });
    log.warn(`The build cache ${file} cannot be written (${(cause as Error).message}); the build goes on without it.`);
    return false;
  }
}

/**
 * Writes values through one buffer, written to the file whenever it is full: a cold build's
 * strings would otherwise each become a buffer of their own (docs/benchmarks.md, the disk cache).
 * `write` gives the number of bytes the value took.
 */
function createChunkedWriter(descriptor: number) {
  const chunk = Buffer.allocUnsafe(WRITE_CHUNK);
  let filled = 0;
  const writeAll = (bytes: Buffer, length = bytes.length) => {
    for (let written = 0; written < length; ) written += writeSync(descriptor, bytes, written, length - written);
  };
  const flush = () => {
    if (filled > 0) writeAll(chunk, filled);
    filled = 0;
  };
  const writePart = (part: string | Buffer): number => {
    // A UTF-16 unit takes at most 3 bytes of UTF-8: room is checked without measuring the string.
    const most = typeof part === 'string' ? part.length * 3 : part.length;
    if (most > chunk.length - filled) flush();
    if (most > chunk.length) {
      const bytes = typeof part === 'string' ? Buffer.from(part) : part;
      writeAll(bytes);
      return bytes.length;
    }
    const size = typeof part === 'string' ? chunk.write(part, filled) : part.copy(chunk, filled);
    filled += size;
    return size;
  };
  return {
    flush,
    write(value: Encoded): number {
      if (typeof value === 'string' || Buffer.isBuffer(value)) return writePart(value);
      let size = 0;
      for (const part of value) size += writePart(part);
      return size;
    },
  };
}

interface Store {
  bytes: Buffer;
  size: number;
  get(key: string): [number, number] | undefined;
  has(key: string): boolean;
}

async function readStore(file: string, version: string): Promise<Store> {
  const empty: Store = { bytes: Buffer.alloc(0), size: 0, get: () => undefined, has: () => false };
  let bytes: Buffer;
  try {
    // At once: the build waits for its cache before anything else, and one read of 50 MB costs less
    // than readFile's hundred reads of 512 KB through the thread pool (60 against 85 to 110 ms here).
    bytes = readFileSync(file);
  } catch {
    return empty;
  }
  try {
    if (bytes.length < MAGIC.length + 4 || bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) return empty;
    const headerEnd = bytes.length - 4;
    const headerStart = headerEnd - bytes.readUInt32LE(headerEnd);
    if (headerStart < MAGIC.length) return empty;
    const header = JSON.parse(textOf(bytes, headerStart, headerEnd)) as {
      version: string;
      keys: Array<[string, number]>;
    };
    if (header.version !== version) return empty;
    const slices = new Map<string, [number, number]>();
    let offset = MAGIC.length;
    for (const [key, length] of header.keys) {
      slices.set(key, [offset, offset + length]);
      offset += length;
    }
    if (offset !== headerStart) return empty;
    return { bytes, size: slices.size, get: (key) => slices.get(key), has: (key) => slices.has(key) };
  } catch {
    return empty;
  }
}
