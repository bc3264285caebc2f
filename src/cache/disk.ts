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
import { isAscii } from 'node:buffer';
import { hash, randomUUID } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
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
 * Each file: this line, the values one after the other, the JSON of its header (the version, an
 * id, each key with its value's length, and for the changes the whole file's id and the keys gone
 * from it), and that JSON's length (4 bytes, little-endian). The keys come last so that each value
 * is written as soon as it is encoded.
 */
const MAGIC = 'agency-site cache 3\n';
/** Bytes gathered before each write while saving. */
const WRITE_CHUNK = 1024 * 1024;
/** Bytes at least this long are written on their own rather than through the chunk. */
const DIRECT_WRITE = 64 * 1024;
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
 * Opens the cache of `cacheDir` for `version` (the generator's version; any other version's files
 * are ignored). A missing or unreadable file is an empty cache, never an error.
 */
export async function loadDiskCache(cacheDir: string, version: string): Promise<DiskCache> {
  const file = path.join(cacheDir, CACHE_FILE);
  const changesFile = path.join(cacheDir, CHANGES_FILE);
  const stored = readStore(file, changesFile, version);
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

/** What a save writes to one of the files: the changes name the whole file's id and what is gone from it. */
interface FileContents {
  version: string;
  entries: Array<{ key: string; value: Encoded }>;
  whole?: string;
  gone?: string[];
}

/**
 * Writes a cache file beside and renames it. False when it cannot be written: a cache that
 * cannot be written only makes the next build slower, so it says so and the build goes on.
 */
async function writeCacheFile(cacheDir: string, file: string, contents: FileContents): Promise<boolean> {
  const { version, entries, whole, gone } = contents;
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
      const headerLength = out.write(JSON.stringify({ version, id: randomUUID(), keys, whole, gone }));
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
    // Large bytes (a run of a block's lines as read) are written as they are, not copied first.
    if (most > chunk.length || (typeof part !== 'string' && most >= DIRECT_WRITE)) {
      flush();
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

/** What the two files hold together. */
interface Stored {
  /** Keys found. */
  size: number;
  get(key: string): Buffer | undefined;
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

interface CacheFile {
  bytes: Buffer;
  header: { version: string; id: string; keys: Array<[string, number]>; whole?: string; gone?: string[] };
  slices: Map<string, [number, number]>;
  valueBytes: number;
}

const EMPTY: Stored = { size: 0, get: () => undefined, changedBytes: 0 };

/** The cache's two files read; changes made for another whole file (or none) are ignored. */
function readStore(file: string, changesFile: string, version: string): Stored {
  const opened = openCacheFile(file, version, 'whole');
  if (!opened) return EMPTY;
  const read = openCacheFile(changesFile, version, 'changes')?.read(() => true);
  const changes = read?.header.whole === opened.header.id ? read : undefined;
  const gone = new Set(changes?.header.gone);
  const fromWhole = (key: string) => !gone.has(key) && !changes?.slices.has(key) && opened.slices.has(key);
  // Only the values still served from the whole file are read: a one-page warm build's changes
  // replace some 13 MB of its 50 (the whole-site blocks), and reading costs about 1 ms a MB here.
  const whole = opened.read(fromWhole);
  if (!whole) return EMPTY;
  let size = changes?.slices.size ?? 0;
  for (const key of whole.slices.keys()) if (fromWhole(key)) size++;
  return {
    size,
    changedBytes: changes?.valueBytes ?? 0,
    get(key) {
      const changed = changes?.slices.get(key);
      if (changed) return changes!.bytes.subarray(changed[0], changed[1]);
      if (!fromWhole(key)) return undefined;
      const slice = whole.slices.get(key)!;
      return whole.bytes.subarray(slice[0], slice[1]);
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

type Head = Omit<CacheFile, 'bytes'> & { size: number };

/**
 * A cache file of `kind` with its header read and its values not yet: `read` reads those `wanted`
 * says it needs (runs of them at once) into a buffer as long as the file, and closes it; the
 * others' bytes are left unread, and never handed out. Undefined (and closed) for a missing or
 * damaged file, another version's, or one of the other kind.
 */
function openCacheFile(file: string, version: string, kind: 'whole' | 'changes') {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'r');
  } catch {
    return undefined;
  }
  let head: Head | undefined;
  try {
    head = readHead(descriptor, version);
  } catch {
    head = undefined;
  }
  if (!head || (head.header.whole !== undefined) !== (kind === 'changes')) {
    closeSync(descriptor);
    return undefined;
  }
  const { size, ...found } = head;
  return {
    ...found,
    read(wanted: (key: string) => boolean): CacheFile | undefined {
      try {
        // Not zeroed: only the ranges read below are ever sliced.
        const bytes = Buffer.allocUnsafeSlow(size);
        let start = -1;
        let end = -1;
        for (const [key, [from, to]] of found.slices) {
          if (!wanted(key)) continue;
          if (from === end) {
            end = to;
            continue;
          }
          if (start !== -1 && !readAt(descriptor, bytes, start, end - start, start)) return undefined;
          start = from;
          end = to;
        }
        if (start !== -1 && !readAt(descriptor, bytes, start, end - start, start)) return undefined;
        return { bytes, ...found };
      } catch {
        return undefined;
      } finally {
        closeSync(descriptor);
      }
    },
  };
}

/** The magic line, the header at the end and where each value lies; undefined when any is wrong. */
function readHead(descriptor: number, version: string): Head | undefined {
  const size = fstatSync(descriptor).size;
  if (size < MAGIC.length + 4) return undefined;
  const magic = Buffer.alloc(MAGIC.length);
  if (!readAt(descriptor, magic, 0, MAGIC.length, 0) || magic.toString('latin1') !== MAGIC) return undefined;
  const length = Buffer.alloc(4);
  if (!readAt(descriptor, length, 0, 4, size - 4)) return undefined;
  const headerEnd = size - 4;
  const headerStart = headerEnd - length.readUInt32LE(0);
  if (headerStart < MAGIC.length) return undefined;
  const headerBytes = Buffer.alloc(headerEnd - headerStart);
  if (!readAt(descriptor, headerBytes, 0, headerBytes.length, headerStart)) return undefined;
  const header = JSON.parse(textOf(headerBytes)) as CacheFile['header'];
  if (header.version !== version) return undefined;
  if (typeof header.id !== 'string' || !(header.gone === undefined || Array.isArray(header.gone))) return undefined;
  const slices = new Map<string, [number, number]>();
  let offset = MAGIC.length;
  for (const [key, valueLength] of header.keys) {
    slices.set(key, [offset, offset + valueLength]);
    offset += valueLength;
  }
  if (offset !== headerStart) return undefined;
  return { size, header, slices, valueBytes: offset - MAGIC.length };
}

/** Reads `length` bytes at `position` of the file into `bytes` at `offset`; false when the file ends first. */
function readAt(descriptor: number, bytes: Buffer, offset: number, length: number, position: number): boolean {
  for (let done = 0; done < length; ) {
    const count = readSync(descriptor, bytes, offset + done, length - done, position + done);
    if (count === 0) return false;
    done += count;
  }
  return true;
}
