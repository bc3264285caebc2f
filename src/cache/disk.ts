/**
 * The disk file behind the store (src/cache/store.ts), under config.cacheDir. Keys are content hashes,
 * so an entry is never stale, only unused: a save keeps those used since the cache was opened. The file
 * belongs to one generator version, and is only ever replaced whole (written beside and renamed).
 */
import path from 'node:path';
import { hash } from 'node:crypto';
import { openCacheFile, textOf, valueAt, writeCacheFile, type CacheFile, type Encoded } from './cache-file.ts';

export { textOf, type Encoded } from './cache-file.ts';

export interface DiskCache {
  get(key: string): string | undefined;
  /** The value as UTF-8 bytes, without copying what was read from disk. */
  getBytes(key: string): Buffer | undefined;
  /** The value with its length, its bytes read when first asked for (see loadDiskCache's `later`). */
  getLater(key: string): LaterBytes | undefined;
  set(key: string, value: Encoded): void;
  /** Writes the entries used since the cache was opened to disk, unless they are what the file holds. */
  save(): Promise<void>;
}

export const CACHE_FILE = 'build-cache.bin';

/** sha256 of the parts, joined so that ["ab", "c"] and ["a", "bc"] differ. */
export function hashKey(...parts: string[]): string {
  // One call, no Hash object: the store hashes thousands of keys per build.
  let joined = '';
  for (const part of parts) joined += `${part.length}:${part}`;
  return hash('sha256', joined, 'base64url');
}

/** JSON in ASCII only (other characters as \u escapes), so that textOf reads it back at its fast speed. */
export function asciiJson(value: unknown, replacer?: (this: unknown, key: string, item: unknown) => unknown): string {
  const json = JSON.stringify(value, replacer);
  // Most is ASCII already: measured in C++, far faster than the scan of the replace (the site
  // advice is large, and saved each build).
  if (Buffer.byteLength(json) === json.length) return json;
  return json.replace(/[\u007f-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A value's bytes, read from the file when first asked for, and its length known before. A class:
 * thousands are made on every warm build (one a kept page).
 */
export class LaterBytes {
  readonly length: number;
  #bytes: Buffer | undefined;
  /** Where the bytes are read from, until they are: the open file holds the value at this position. */
  #file: CacheFile | undefined;
  readonly #position: number;

  constructor(length: number, bytes: Buffer | undefined, file?: CacheFile, position = -1) {
    this.length = length;
    this.#bytes = bytes;
    this.#file = file;
    this.#position = position;
  }

  bytes(): Buffer {
    if (this.#bytes === undefined) {
      this.#bytes = this.#file!.readLater(this.#position);
      this.#file = undefined;
    }
    return this.#bytes;
  }
}

const lengthAt = (file: CacheFile, position: number) => file.starts[position + 1]! - file.starts[position]!;

/** A cache that keeps nothing: every build computes everything (`--no-cache`). */
export function createNoDiskCache(): DiskCache {
  return { get: () => undefined, getBytes: () => undefined, getLater: () => undefined, set() {}, async save() {} };
}

/**
 * Opens the cache of `cacheDir` for `version`; a missing, unreadable or other version's file is an empty
 * cache, never an error. The values `later` names are read only when first asked for (getLater).
 */
export async function loadDiskCache(
  cacheDir: string,
  version: string,
  later: (key: string) => boolean = () => false,
): Promise<DiskCache> {
  const file = path.join(cacheDir, CACHE_FILE);
  const stored = openCacheFile(file, version)?.read(later);
  const fresh = new Map<string, Encoded>();
  const used = new Set<string>();
  let dirty = false;
  const storedAt = (key: string) => stored?.index.get(key);
  const bytesOf = (key: string): Buffer | undefined => {
    const value = fresh.get(key);
    if (value !== undefined) return bytesOfEncoded(value);
    const position = storedAt(key);
    if (position === undefined) return undefined;
    return later(key) ? stored!.readLater(position) : valueAt(stored!, position);
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
    getLater(key) {
      const position = fresh.has(key) || !later(key) ? undefined : storedAt(key);
      let found: LaterBytes | undefined;
      if (position !== undefined) found = new LaterBytes(lengthAt(stored!, position), undefined, stored, position);
      else {
        const bytes = bytesOf(key);
        found = bytes === undefined ? undefined : new LaterBytes(bytes.length, bytes);
      }
      if (found !== undefined) used.add(key);
      return found;
    },
    set(key, value) {
      // A key kept again (a block such as the content files') may hold a new value: saved either way.
      if (fresh.get(key) !== value) dirty = true;
      fresh.set(key, value);
      used.add(key);
    },
    async save() {
      if (!dirty && used.size === (stored?.keys.length ?? 0)) return;
      // In the order they were first used, not sorted: the file is read by its index, and sorting
      // every key is work a warm build need not do.
      stored?.readAllLater();
      const entries = [...used].map((key) => ({ key, value: fresh.get(key) ?? bytesOf(key)! }));
      if (await writeCacheFile(cacheDir, file, { version, entries })) dirty = false;
    },
  };
}

function bytesOfEncoded(value: Encoded): Buffer {
  if (typeof value === 'string') return Buffer.from(value);
  if (Buffer.isBuffer(value)) return value;
  return Buffer.concat([...value].map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
}
