/**
 * The file format of the disk cache (src/cache/disk.ts): a file written whole beside and renamed,
 * and read by its header first, then its values (those named for later when they are asked for).
 */
import { isAscii } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { log } from '../log.ts';

/**
 * A value as the disk keeps it: text (written as UTF-8), bytes, or parts of either in order. Parts
 * are made as the file is written, one at a time (the store encodes there), so a build holds no
 * second copy of what it keeps until the save.
 */
export type Encoded = string | Buffer | Iterable<string | Buffer>;

/**
 * Each file: this line, the values, the JSON of its header (version, keys, lengths) and that JSON's length
 * in 4 bytes, little-endian. The header comes last so that each value is written as soon as it is encoded.
 */
const MAGIC = 'agency-site cache 5\n';
/** Keys are joined by this; a list of keys of which one holds it is written as a JSON array instead. */
const SEPARATOR = '\n';
/** Bytes gathered before each write while saving. */
const WRITE_CHUNK = 1024 * 1024;
/** Bytes at least this long are written on their own rather than through the chunk. */
const DIRECT_WRITE = 64 * 1024;
/** Texts up to this many bytes are checked for ASCII byte by byte (see textOf). */
const SHORT_TEXT = 64;
/**
 * The text of UTF-8 bytes. Most of what the cache holds is ASCII, which Node reads far faster as Latin-1
 * (the two agree on ASCII): checking for it first is cheaper than the slow decode it saves.
 */
export function textOf(bytes: Buffer, start = 0, end = bytes.length): string {
  // A short text (a key of a kept body, of thousands a build) is checked here: the slice that
  // isAscii needs costs more than the loop.
  if (end - start <= SHORT_TEXT) {
    for (let at = start; at < end; at++) if (bytes[at]! >= 0x80) return bytes.toString('utf8', start, end);
    return bytes.toString('latin1', start, end);
  }
  const slice = start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end);
  return isAscii(slice) ? slice.toString('latin1') : slice.toString('utf8');
}

export interface CacheFile {
  bytes: Buffer;
  /** The keys in the order of their values. */
  keys: string[];
  /** Each key's position in `keys`. */
  index: Map<string, number>;
  /** Where each value starts in the file, by position; the last number is where the last value ends. */
  starts: Float64Array;
  /** The bytes of a value that `read` left for later (see there): read from the file now, into a buffer of its own. */
  readLater(position: number): Buffer;
  /** Reads every value left for later at once, as a save that writes them all does. */
  readAllLater(): void;
}

/** The value at `position`, unless `read` left it for later. */
export function valueAt(file: Pick<CacheFile, 'bytes' | 'starts'>, position: number): Buffer {
  return file.bytes.subarray(file.starts[position], file.starts[position + 1]);
}

export interface FileContents {
  version: string;
  entries: Array<{ key: string; value: Encoded }>;
}

/**
 * Writes a cache file beside and renames it. False when it cannot be written: a cache that
 * cannot be written only makes the next build slower, so it says so and the build goes on.
 */
export async function writeCacheFile(cacheDir: string, file: string, contents: FileContents): Promise<boolean> {
  const { version, entries } = contents;
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(cacheDir, { recursive: true });
    // Written synchronously: nothing else of the build runs while it saves, and each awaited chunk
    // write would wait its turn in the thread pool.
    const descriptor = openSync(temporary, 'w');
    try {
      const out = createChunkedWriter(descriptor);
      out.write(MAGIC);
      const keys: string[] = [];
      const lengths = Buffer.allocUnsafe(entries.length * 4);
      // Each value is encoded and written in turn: its parts are dropped once they are in the chunk.
      for (const { key, value } of entries) {
        lengths.writeUInt32LE(out.write(value), keys.length * 4);
        keys.push(key);
      }
      const header = { version, keys: joined(keys), lengths: lengths.toString('base64') };
      const headerLength = out.write(JSON.stringify(header));
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

/** Keys as one string (see SEPARATOR), or as they are when one holds the separator. */
function joined(keys: string[]): string | string[] {
  return keys.some((key) => key.includes(SEPARATOR)) ? keys : keys.join(SEPARATOR);
}

/** The `count` keys `joined` wrote; undefined when they are not. */
function splitKeys(written: unknown, count: number): string[] | undefined {
  if (typeof written === 'string') {
    const keys = count === 0 ? [] : written.split(SEPARATOR);
    return keys.length === count ? keys : undefined;
  }
  if (!Array.isArray(written) || !written.every((key) => typeof key === 'string')) return undefined;
  return written.length === count ? (written as string[]) : undefined;
}

/**
 * Writes values through one buffer, written to the file whenever it is full, so that a cold build's
 * strings do not each become a buffer of their own. `write` gives the number of bytes the value took.
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

type Head = Omit<CacheFile, 'bytes' | 'readLater' | 'readAllLater'> & { size: number };

/**
 * A cache file with its header read; undefined for a missing or damaged file, or another version's. The
 * values `later` names are read when asked for, through a descriptor kept open: a rename leaves them as opened.
 */
export function openCacheFile(file: string, version: string) {
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
  if (!head) {
    closeSync(descriptor);
    return undefined;
  }
  const { size, ...found } = head;
  const { keys, starts } = found;
  return {
    ...found,
    read(later: (key: string) => boolean = () => false): CacheFile | undefined {
      const open = keys.some(later);
      let filled = false;
      let kept = false;
      try {
        // Not zeroed: only the ranges read are ever sliced.
        const bytes = Buffer.allocUnsafeSlow(size);
        if (!readRuns(descriptor, bytes, starts, (position) => !later(keys[position]!))) return undefined;
        const read: CacheFile = {
          bytes,
          ...found,
          readLater(position) {
            // Named through `read`: whatever holds this function holds the file open.
            const key = keys[position];
            if (!open || key === undefined || !later(key)) throw new Error(`readLater: ${key} was not left for later`);
            if (filled) return valueAt(read, position);
            const from = starts[position]!;
            const value = Buffer.allocUnsafe(starts[position + 1]! - from);
            // The file is only ever replaced whole, never written where it lies: it ends early only
            // when something else cut it.
            if (!readAt(descriptor, value, 0, value.length, from)) throw cutShort(file);
            return value;
          },
          readAllLater() {
            if (!open || filled) return;
            // In runs of values that lie together, not one read per value.
            if (!readRuns(descriptor, bytes, starts, (position) => later(keys[position]!))) throw cutShort(file);
            filled = true;
          },
        };
        if (open) descriptors.register(read, descriptor);
        kept = open;
        return read;
      } catch {
        return undefined;
      } finally {
        if (!kept) closeSync(descriptor);
      }
    },
  };
}

const cutShort = (file: string) =>
  new Error(`The build cache ${file} was cut short while this build read it: build again.`);

/** Reads the values at the positions `wanted` names into `bytes`, where they lie in the file, a run of them at once. */
function readRuns(descriptor: number, bytes: Buffer, starts: Float64Array, wanted: (position: number) => boolean) {
  let start = -1;
  let end = -1;
  for (let position = 0; position < starts.length - 1; position++) {
    if (!wanted(position)) continue;
    const from = starts[position]!;
    if (from !== end) {
      if (start !== -1 && !readAt(descriptor, bytes, start, end - start, start)) return false;
      start = from;
    }
    end = starts[position + 1]!;
  }
  return start === -1 || readAt(descriptor, bytes, start, end - start, start);
}

/** Closes a file's descriptor once nothing can read its values later (a build ends by exiting first). */
const descriptors = new FinalizationRegistry<number>((descriptor) => {
  try {
    closeSync(descriptor);
  } catch {}
});

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
  const written = JSON.parse(textOf(headerBytes));
  if (written?.version !== version || typeof written.lengths !== 'string') return undefined;
  const lengths = Buffer.from(written.lengths, 'base64');
  if (lengths.length % 4 !== 0) return undefined;
  const count = lengths.length / 4;
  const keys = splitKeys(written.keys, count);
  if (!keys) return undefined;
  const starts = new Float64Array(count + 1);
  const index = new Map<string, number>();
  let offset = MAGIC.length;
  for (let position = 0; position < count; position++) {
    starts[position] = offset;
    offset += lengths.readUInt32LE(position * 4);
    index.set(keys[position]!, position);
  }
  starts[count] = offset;
  if (offset !== headerStart) return undefined;
  return { size, keys, index, starts };
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
