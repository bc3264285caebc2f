/**
 * The disk files behind the store (src/cache/store.ts): strings and bytes by key (front matter,
 * Markdown HTML, rendered pages, what the check read from them), under config.cacheDir. Keys are
 * content hashes of everything a value depends on, so an entry is never stale, only unused; the
 * files belong to one generator version and are ignored whole by any other. Saving keeps only the
 * entries used since the cache was opened (one build, or one dev session), so the cache never
 * grows with edits that are gone.
 *
 * Two files: the whole cache, and the changes saved since it was written (the values that are not
 * in it, and which of its entries are gone). Both are only ever replaced whole (written beside and
 * renamed). A value of the changes kept again under a key of the whole file, such as a block of
 * thousands of lines of which one changed, is written as pieces of the whole file's bytes where it
 * is the same (src/cache/cache-file.ts, Pieces): a build that changed one page of thousands writes
 * its changes, not the whole file again (docs/benchmarks.md has the sizes). Changes made for
 * another whole file, or whose pieces lie outside it, are ignored: the whole file alone is a
 * cache as good, if older, and every key is a content hash. Once the whole file holds more dead
 * bytes than a third of it, a save writes it anew and the changes are dropped.
 */
import { hash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  openCacheFile,
  textOf,
  valueAt,
  writeCacheFile,
  type CacheFile,
  type Encoded,
  type Pieces,
} from './cache-file.ts';

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
/** Gone keys the changes may name whatever their share: a list this short costs a build nothing to speak of. */
const FEW_GONE = 256;

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

const readNow = (bytes: Buffer) => new LaterBytes(bytes.length, bytes);

/** A cache that keeps nothing: every build computes everything (`--no-cache`). */
export function createNoDiskCache(): DiskCache {
  return { get: () => undefined, getBytes: () => undefined, getLater: () => undefined, set() {}, async save() {} };
}

/**
 * Opens the cache of `cacheDir` for `version` (the generator's version; any other version's files
 * are ignored). A missing or unreadable file is an empty cache, never an error. The values of the
 * keys `later` names are not read with the others when they lie in the whole file, but when their
 * bytes are first asked for (getLater): a warm build keeps the rendered pages where
 * they are in the output and needs the bytes of none, and reading costs time by the megabyte.
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
      // every key is work a warm build need not do.
      const keys = [...used];
      const entryOf = (key: string) => ({ key, value: fresh.get(key) ?? bytesOf(key)! });
      const whole = stored.whole;
      // What this save leaves in the whole file: used, and neither set anew nor changed before.
      const kept = (key: string) => whole!.has(key) && used.has(key) && !fresh.has(key);
      const gone = whole?.keys().filter((key) => !kept(key));
      let saved: boolean;
      if (whole && isMostlyLive(stored, keys, gone!.length)) {
        const entries = keys.filter((key) => !kept(key)).map(entryOf);
        const { origin } = stored;
        saved = await writeCacheFile(cacheDir, changesFile, { version, whole: whole.id, gone, entries, origin });
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
 * Whether the whole file is still mostly live for the `used` keys: at most a third of its bytes
 * dead, at most a third of its keys gone (or few: each build reads and writes their list; after a
 * cold build, a warm one leaves about half of the keys unused), and changes of
 * at most a third of its size. Otherwise the save writes it anew. A value kept again under a key
 * the whole file holds counts as live: it is written as pieces of the old one where it is the same
 * (a block of thousands of lines of which one changed); what it is not is written out, and counted
 * in the changes' size.
 */
function isMostlyLive(stored: Stored, used: string[], gone: number): boolean {
  const whole = stored.whole!;
  let live = 0;
  for (const key of used) live += whole.lengthOf(key);
  const most = whole.valueBytes * MOST_DEAD;
  return (
    whole.valueBytes - live <= most &&
    (gone <= FEW_GONE || gone <= whole.keys().length * MOST_DEAD) &&
    stored.changedBytes <= most
  );
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
  /** The bytes of the values the changes file holds (written out, not cut from the whole file). */
  changedBytes: number;
  /** Where a value's bytes lie in the whole file, for the changes written next (see FileContents.origin). */
  origin(part: Buffer): Pieces | undefined;
  /** The whole file, when there is one. */
  whole?: {
    id: string;
    valueBytes: number;
    keys(): string[];
    /** Whether the value of `key` is read from the whole file (not gone, not changed since). */
    has(key: string): boolean;
    /** The length of the whole file's value of `key`, gone or not; 0 for none. */
    lengthOf(key: string): number;
  };
}

const EMPTY: Stored = {
  size: 0,
  get: () => undefined,
  later: () => undefined,
  changedBytes: 0,
  origin: () => undefined,
};

/**
 * The cache's two files read; changes made for another whole file (or none), or whose pieces lie
 * outside the whole file's values, are ignored. The values of the whole file that `later` names
 * are read when asked for.
 */
function readStore(file: string, changesFile: string, version: string, later: (key: string) => boolean): Stored {
  const opened = openCacheFile(file, version, 'whole');
  if (!opened) return EMPTY;
  const read = openCacheFile(changesFile, version, 'changes')?.read(() => true);
  let changes = read?.header.whole === opened.header.id ? read : undefined;
  // The whole file's values that the changes' pieces are cut from, by position.
  let bases = changes && basesOf(changes.pieces, opened.starts);
  if (!bases) {
    changes = undefined;
    bases = new Set();
  }
  const gone = new Set(changes?.header.gone);
  // Each value of the whole file still served from it: not gone, not changed since (1).
  const served = new Uint8Array(opened.keys.length);
  let size = changes?.keys.length ?? 0;
  opened.keys.forEach((key, position) => {
    if (gone.has(key) || changes?.index.has(key)) return;
    served[position] = 1;
    size++;
  });
  const isLater = (key: string, position: number) => later(key) && !bases.has(position);
  // Only the values still served from the whole file are read, and those the changes are cut
  // from: reading costs time by the megabyte.
  const whole = opened.read((_, position) => served[position] === 1 || bases.has(position), isLater);
  if (!whole) return EMPTY;
  // The values of the changes made of pieces, put together when first asked for; by their
  // buffers, the pieces they were made of (where their bytes lie in the whole file).
  const made = new Map<number, Buffer>();
  const madeOf = new Map<ArrayBufferLike, Pieces>();
  const changed = (position: number): Buffer => {
    const pieces = changes!.pieces.get(position);
    if (!pieces) return valueAt(changes!, position);
    let value = made.get(position);
    if (!value) {
      value = putTogether(pieces, valueAt(changes!, position), whole.bytes);
      made.set(position, value);
      madeOf.set(value.buffer, pieces);
    }
    return value;
  };
  const servedAt = (key: string) => {
    const position = whole.index.get(key);
    return position !== undefined && served[position] === 1 ? position : undefined;
  };
  const get = (key: string) => {
    const change = changes?.index.get(key);
    if (change !== undefined) return changed(change);
    const position = servedAt(key);
    if (position === undefined) return undefined;
    return isLater(key, position) ? whole.readLater(position) : valueAt(whole, position);
  };
  return {
    size,
    changedBytes: changes?.valueBytes ?? 0,
    get,
    later(key) {
      const position = changes?.index.has(key) ? undefined : servedAt(key);
      if (position === undefined || !isLater(key, position)) {
        const bytes = get(key);
        return bytes === undefined ? undefined : readNow(bytes);
      }
      return new LaterBytes(whole.starts[position + 1]! - whole.starts[position]!, undefined, whole, position);
    },
    origin(part) {
      // Buffers of their own, their offsets 0: the whole file's is as long as the file.
      if (part.buffer === whole.bytes.buffer) return [part.byteOffset, part.length];
      const pieces = madeOf.get(part.buffer);
      return pieces && piecesWithin(pieces, part.byteOffset, part.byteOffset + part.length);
    },
    whole: {
      id: whole.header.id,
      valueBytes: whole.valueBytes,
      keys: () => whole.keys,
      has: (key) => servedAt(key) !== undefined,
      lengthOf(key) {
        const position = whole.index.get(key);
        return position === undefined ? 0 : whole.starts[position + 1]! - whole.starts[position]!;
      },
    },
  };
}

/** The positions of the whole file's values that `pieces` are cut from; undefined when one lies outside its values. */
function basesOf(pieces: Map<number, Pieces>, starts: Float64Array): Set<number> | undefined {
  const bases = new Set<number>();
  const last = starts.length - 1;
  for (const list of pieces.values()) {
    for (let pair = 0; pair < list.length; pair += 2) {
      const [from, length] = [list[pair]!, list[pair + 1]!];
      if (from === -1) continue;
      if (from < starts[0]! || from + length > starts[last]!) return undefined;
      // The first value that ends after `from`, then each that starts before the piece ends.
      let low = 0;
      let high = last - 1;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (starts[middle + 1]! > from) high = middle;
        else low = middle + 1;
      }
      for (let position = low; position < last && starts[position]! < from + length; position++) bases.add(position);
    }
  }
  return bases;
}

/** A value of the changes made of its pieces: its own bytes, in order, and the whole file's. */
function putTogether(pieces: Pieces, own: Buffer, whole: Buffer): Buffer {
  let length = 0;
  for (let pair = 1; pair < pieces.length; pair += 2) length += pieces[pair]!;
  const value = Buffer.allocUnsafeSlow(length);
  for (let pair = 0, at = 0, ownAt = 0; pair < pieces.length; pair += 2) {
    const [from, size] = [pieces[pair]!, pieces[pair + 1]!];
    if (from === -1) ownAt += own.copy(value, at, ownAt, ownAt + size);
    else whole.copy(value, at, from, from + size);
    at += size;
  }
  return value;
}

/** The pieces of the bytes from `start` to `end` of a value made of `pieces`. */
function piecesWithin(pieces: Pieces, start: number, end: number): Pieces {
  const within: Pieces = [];
  for (let pair = 0, at = 0; pair < pieces.length && at < end; pair += 2) {
    const [from, length] = [pieces[pair]!, pieces[pair + 1]!];
    const first = Math.max(start, at);
    const last = Math.min(end, at + length);
    if (first < last) within.push(from === -1 ? -1 : from + first - at, last - first);
    at += length;
  }
  return within;
}
