/**
 * The disk files behind the store (src/cache/store.ts): strings and bytes by key (front matter,
 * Markdown HTML, rendered pages, what the check read from them), under config.cacheDir. Keys are
 * content hashes of everything a value depends on, so an entry is never stale, only unused; the
 * files belong to one generator version and are ignored whole by any other. Saving keeps only the
 * entries used since the cache was opened (one build, or one dev session), so the cache never
 * grows with edits that are gone.
 *
 * Two files: the whole cache, and the changes saved since it was written (the values that are not
 * in it, and which of its entries are gone). A build that changed one page of 4000 writes a few MB
 * of changes instead of 50 MB again; once the whole file holds more dead bytes than a third of it,
 * a save writes it anew and the changes are dropped.
 */
import { hash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { openCacheFile, textOf, writeCacheFile, type CacheFile, type Encoded } from './cache-file.ts';

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
export const CHANGES_FILE = 'build-cache.changes.bin';
/** The whole file is written anew when more than this share of its values is dead. */
const MOST_DEAD = 1 / 3;

/** sha256 of the parts, joined so that ["ab", "c"] and ["a", "bc"] differ. */
export function hashKey(...parts: string[]): string {
  // One call, no Hash object: the store hashes thousands of keys per build.
  let joined = '';
  for (const part of parts) joined += `${part.length}:${part}`;
  return hash('sha256', joined, 'base64url');
}

/** JSON in ASCII only (other characters as \u escapes), so that textOf reads it back at its fast speed. */
export function asciiJson(value: unknown, replacer?: (this: unknown, key: string, item: unknown) => unknown): string {
  return JSON.stringify(value, replacer).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * A value's bytes, read from the file when first asked for, and its length known before. A class:
 * thousands are made on every warm build (one a kept page).
 */
export class LaterBytes {
  readonly length: number;
  #bytes: Buffer | undefined;
  /** Where the bytes are read from, until they are: the open file holds the value's key. */
  #file: CacheFile | undefined;
  readonly #key: string;

  constructor(length: number, bytes: Buffer | undefined, file?: CacheFile, key = '') {
    this.length = length;
    this.#bytes = bytes;
    this.#file = file;
    this.#key = key;
  }

  bytes(): Buffer {
    if (this.#bytes === undefined) {
      this.#bytes = this.#file!.readLater(this.#key);
      this.#file = undefined;
    }
    return this.#bytes;
  }
}

const readNow = (bytes: Buffer) => new LaterBytes(bytes.length, bytes);

/** A cache that keeps nothing: every build computes everything (`--no-cache`). */
export function createNoDiskCache(): DiskCache {
  return { get: () => undefined, getBytes: () => undefined, getLater: () => undefined, set() {}, async save() {} };
}

/**
 * Opens the cache of `cacheDir` for `version` (the generator's version; any other version's files
 * are ignored). A missing or unreadable file is an empty cache, never an error. The values of the
 * keys `later` names are not read with the others when they lie in the whole file, but when their
 * bytes are first asked for (getLater): a warm build keeps 27 MB of rendered pages of 4000 where
 * they are in the output and needs the bytes of none, and reading costs about 1 ms a MB here.
 */
export async function loadDiskCache(
  cacheDir: string,
  version: string,
  later: (key: string) => boolean = () => false,
): Promise<DiskCache> {
  const file = path.join(cacheDir, CACHE_FILE);
  const changesFile = path.join(cacheDir, CHANGES_FILE);
  const stored = readStore(file, changesFile, version, later);
  const fresh = new Map<string, Encoded>();
  const used = new Set<string>();
  let dirty = false;
  const bytesOf = (key: string): Buffer | undefined => {
    const value = fresh.get(key);
    if (value !== undefined) return bytesOfEncoded(value);
    return stored.get(key);
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
      const value = fresh.get(key);
      const found = value !== undefined ? readNow(bytesOfEncoded(value)) : stored.later(key);
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
      if (!dirty && used.size === stored.size) return;
      // In the order they were first used, not sorted: the file is read by its index, and sorting
      // some 16000 keys cost a warm build 5 to 10 ms.
      const keys = [...used];
      const entryOf = (key: string) => ({ key, value: fresh.get(key) ?? bytesOf(key)! });
      const whole = stored.whole;
      // What this save leaves in the whole file: used, and neither set anew nor changed before.
      const kept = (key: string) => whole!.has(key) && used.has(key) && !fresh.has(key);
      let saved: boolean;
      if (whole && isMostlyLive(stored, keys.filter(kept))) {
        const gone = whole.keys().filter((key) => !kept(key));
        const entries = keys.filter((key) => !kept(key)).map(entryOf);
        saved = await writeCacheFile(cacheDir, changesFile, { version, whole: whole.id, gone, entries });
      } else {
        saved = await writeCacheFile(cacheDir, file, { version, entries: keys.map(entryOf) });
        // Changes name the old file's id, so they are ignored from now on: removed when they can be.
        if (saved) await rm(changesFile, { force: true }).catch(() => undefined);
      }
      if (saved) dirty = false;
    },
  };
}

/**
 * Whether the whole file, keeping only `kept`, is still mostly live: at most a third of its bytes
 * dead, and changes of at most a third of its size. Otherwise the save writes it anew.
 */
function isMostlyLive(stored: Stored, kept: string[]): boolean {
  const whole = stored.whole!;
  let live = 0;
  for (const key of kept) live += whole.lengthOf(key);
  return whole.valueBytes - live <= whole.valueBytes * MOST_DEAD && stored.changedBytes <= whole.valueBytes * MOST_DEAD;
}

function bytesOfEncoded(value: Encoded): Buffer {
  if (typeof value === 'string') return Buffer.from(value);
  if (Buffer.isBuffer(value)) return value;
  return Buffer.concat([...value].map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
}

/** What the two files hold together. */
interface Stored {
  /** Keys found. */
  size: number;
  get(key: string): Buffer | undefined;
  /** The value, its bytes read when asked for where it was left for later. */
  later(key: string): LaterBytes | undefined;
  /** The bytes of the values the changes file holds. */
  changedBytes: number;
  /** The whole file, when there is one. */
  whole?: {
    id: string;
    valueBytes: number;
    keys(): string[];
    /** Whether the value of `key` is read from the whole file (not gone, not changed since). */
    has(key: string): boolean;
    lengthOf(key: string): number;
  };
}

const EMPTY: Stored = { size: 0, get: () => undefined, later: () => undefined, changedBytes: 0 };

/**
 * The cache's two files read; changes made for another whole file (or none) are ignored. The
 * values of the whole file that `later` names are read when asked for.
 */
function readStore(file: string, changesFile: string, version: string, later: (key: string) => boolean): Stored {
  const opened = openCacheFile(file, version, 'whole');
  if (!opened) return EMPTY;
  const read = openCacheFile(changesFile, version, 'changes')?.read(() => true);
  const changes = read?.header.whole === opened.header.id ? read : undefined;
  const gone = new Set(changes?.header.gone);
  const fromWhole = (key: string) => !gone.has(key) && !changes?.slices.has(key) && opened.slices.has(key);
  // Only the values still served from the whole file are read: a one-page warm build's changes
  // replace some 13 MB of its 50 (the whole-site blocks), and reading costs about 1 ms a MB here.
  const whole = opened.read(fromWhole, later);
  if (!whole) return EMPTY;
  let size = changes?.slices.size ?? 0;
  for (const key of whole.slices.keys()) if (fromWhole(key)) size++;
  const get = (key: string) => {
    const changed = changes?.slices.get(key);
    if (changed) return changes!.bytes.subarray(changed[0], changed[1]);
    if (!fromWhole(key)) return undefined;
    if (later(key)) return whole.readLater(key);
    const slice = whole.slices.get(key)!;
    return whole.bytes.subarray(slice[0], slice[1]);
  };
  return {
    size,
    changedBytes: changes?.valueBytes ?? 0,
    get,
    later(key) {
      if (changes?.slices.has(key) || !fromWhole(key) || !later(key)) {
        const bytes = get(key);
        return bytes === undefined ? undefined : readNow(bytes);
      }
      const slice = whole.slices.get(key)!;
      return new LaterBytes(slice[1] - slice[0], undefined, whole, key);
    },
    whole: {
      id: whole.header.id,
      valueBytes: whole.valueBytes,
      keys: () => [...whole.slices.keys()],
      has: fromWhole,
      lengthOf(key) {
        const slice = whole.slices.get(key);
        return slice ? slice[1] - slice[0] : 0;
      },
    },
  };
}
