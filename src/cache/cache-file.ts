/**
 * The file format of the disk cache (src/cache/disk.ts): a file written whole beside and renamed,
 * and read by its header first, then only the values asked for.
 */
import { isAscii } from 'node:buffer';
import { randomUUID } from 'node:crypto';
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
 * Each file: this line, the values one after the other, the JSON of its header, and that JSON's
 * length (4 bytes, little-endian). The header holds the version, an id, the keys (joined by
 * newlines: one string to parse, not thousands of small arrays), the values' lengths (base64 of
 * 32-bit little-endian numbers), and for the changes the whole file's id, the keys gone from it and
 * the pieces of each value cut from the whole file's bytes (see Pieces). The keys come last so
 * that each value is written as soon as it is encoded.
 */
const MAGIC = 'agency-site cache 4\n';
/** Keys (and gone keys) are joined by this; a list of keys of which one holds it is written as a JSON array instead. */
const SEPARATOR = '\n';
/** A part of a value cut from the whole file shorter than this is written out: its piece would cost about as much. */
const SHORTEST_PIECE = 64;
/** Bytes gathered before each write while saving. */
const WRITE_CHUNK = 1024 * 1024;
/** Bytes at least this long are written on their own rather than through the chunk. */
const DIRECT_WRITE = 64 * 1024;
/** Texts up to this many bytes are checked for ASCII byte by byte (see textOf). */
const SHORT_TEXT = 64;
/**
 * The text of UTF-8 bytes. Node 20 decodes UTF-8 at a sixth of the speed it copies Latin-1, and
 * most of what the cache holds is ASCII (where both agree): checking that first is far cheaper
 * than the slow decode it saves.
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

/**
 * Where the bytes of a value of the changes come from, as pairs: an offset in the whole file and a
 * length, or -1 and a length for the next bytes of the value as the changes file holds them. A
 * block of thousands of lines of which one changed (the content files', the advice's) is written
 * as a few pieces of the whole file's copy and that line, not whole again.
 */
export type Pieces = number[];

export interface Header {
  version: string;
  id: string;
  /** The changes: the whole file's id. */
  whole?: string;
  /** The changes: the whole file's keys not read from it any more. */
  gone: string[];
}

export interface CacheFile {
  bytes: Buffer;
  header: Header;
  /** The keys in the order of their values. */
  keys: string[];
  /** Each key's position in `keys`. */
  index: Map<string, number>;
  /** Where each value starts in the file, by position; the last number is where the last value ends. */
  starts: Float64Array;
  /** The changes: the pieces of the values made of the whole file's bytes, by position. */
  pieces: Map<number, Pieces>;
  /** The bytes of the values as the file holds them. */
  valueBytes: number;
  /** The bytes of a value that `read` left for later (see there): read from the file now, into a buffer of its own. */
  readLater(position: number): Buffer;
}

/** The value at `position` as the file holds them (for a value with pieces: its bytes of its own). */
export function valueAt(file: Pick<CacheFile, 'bytes' | 'starts'>, position: number): Buffer {
  return file.bytes.subarray(file.starts[position], file.starts[position + 1]);
}

/** What a save writes to one of the files: the changes name the whole file's id and what is gone from it. */
export interface FileContents {
  version: string;
  entries: Array<{ key: string; value: Encoded }>;
  whole?: string;
  gone?: string[];
  /**
   * The changes: where the bytes of a part lie in the whole file, as Pieces covering it, or
   * undefined when they lie in none.
   */
  origin?: (part: Buffer) => Pieces | undefined;
}

/**
 * Writes a cache file beside and renames it. False when it cannot be written: a cache that
 * cannot be written only makes the next build slower, so it says so and the build goes on.
 */
export async function writeCacheFile(cacheDir: string, file: string, contents: FileContents): Promise<boolean> {
  const { version, entries, whole, gone, origin } = contents;
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
      const keys: string[] = [];
      const lengths = Buffer.allocUnsafe(entries.length * 4);
      const patches: number[][] = [];
      // Each value is encoded and written in turn: its parts are dropped once they are in the chunk.
      for (const { key, value } of entries) {
        const pieces = origin ? new PieceList() : undefined;
        let size = 0;
        for (const part of partsOf(value)) {
          const found = pieces && typeof part !== 'string' && part.length >= SHORTEST_PIECE ? origin!(part) : undefined;
          if (!found) {
            const written = out.write(part);
            size += written;
            pieces?.add(-1, written);
            continue;
          }
          for (let at = 0, pair = 0; pair < found.length; pair += 2) {
            const [from, length] = [found[pair]!, found[pair + 1]!];
            if (from === -1 || length < SHORTEST_PIECE) {
              const written = out.write((part as Buffer).subarray(at, at + length));
              size += written;
              pieces!.add(-1, written);
            } else pieces!.add(from, length);
            at += length;
          }
        }
        lengths.writeUInt32LE(size, keys.length * 4);
        if (pieces?.cut) patches.push([keys.length, ...pieces.list]);
        keys.push(key);
      }
      const header = {
        version,
        id: randomUUID(),
        keys: joined(keys),
        lengths: lengths.toString('base64'),
        whole,
        gone: gone && joined(gone),
        pieces: patches.length > 0 ? patches : undefined,
      };
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

function partsOf(value: Encoded): Iterable<string | Buffer> {
  return typeof value === 'string' || Buffer.isBuffer(value) ? [value] : value;
}

/** Keys as one string (see SEPARATOR), or as they are when one holds the separator. */
function joined(keys: string[]): string | string[] {
  return keys.some((key) => key.includes(SEPARATOR)) ? keys : keys.join(SEPARATOR);
}

/** The keys `joined` wrote, `count` of them when that is known; undefined when they are not. */
function splitKeys(written: unknown, count?: number): string[] | undefined {
  if (typeof written === 'string') {
    const keys = count === 0 || (count === undefined && written === '') ? [] : written.split(SEPARATOR);
    return count === undefined || keys.length === count ? keys : undefined;
  }
  if (!Array.isArray(written) || !written.every((key) => typeof key === 'string')) return undefined;
  return count === undefined || written.length === count ? (written as string[]) : undefined;
}

/** Pieces as a value is written: a piece that continues the last one (both written out, or both cut next to each other) joins it. */
class PieceList {
  readonly list: Pieces = [];
  /** Whether any piece is cut from the whole file. */
  cut = false;

  add(from: number, length: number): void {
    if (length === 0) return;
    const last = this.list.length - 2;
    if (last >= 0) {
      const lastFrom = this.list[last]!;
      if (
        (from === -1 && lastFrom === -1) ||
        (from !== -1 && lastFrom !== -1 && lastFrom + this.list[last + 1]! === from)
      ) {
        this.list[last + 1]! += length;
        return;
      }
    }
    if (from !== -1) this.cut = true;
    this.list.push(from, length);
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

type Head = Omit<CacheFile, 'bytes' | 'readLater'> & { size: number };

/**
 * A cache file of `kind` with its header read and its values not yet: `read` reads those `wanted`
 * says it needs (runs of them at once) into a buffer as long as the file; the others' bytes are
 * left unread, and never handed out. Those `later` names besides are read one by one when asked
 * for (readLater), from the file as it was opened: the descriptor stays open while the file read
 * is in use (a rename over the file leaves what it reads as it was), and is closed once nothing
 * can ask any more. Undefined (and closed) for a missing or damaged file, another version's, or
 * one of the other kind.
 */
export function openCacheFile(file: string, version: string, kind: 'whole' | 'changes') {
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
  if (
    !head ||
    (head.header.whole !== undefined) !== (kind === 'changes') ||
    (kind === 'whole' && head.pieces.size > 0)
  ) {
    closeSync(descriptor);
    return undefined;
  }
  const { size, ...found } = head;
  const { keys, starts } = found;
  return {
    ...found,
    read(
      wanted: (key: string, position: number) => boolean,
      later: (key: string, position: number) => boolean = () => false,
    ): CacheFile | undefined {
      let open = false;
      try {
        // Not zeroed: only the ranges read below are ever sliced.
        const bytes = Buffer.allocUnsafeSlow(size);
        let start = -1;
        let end = -1;
        for (let position = 0; position < keys.length; position++) {
          const key = keys[position]!;
          if (!wanted(key, position)) continue;
          if (later(key, position)) {
            open = true;
            continue;
          }
          const from = starts[position]!;
          if (from === end) {
            end = starts[position + 1]!;
            continue;
          }
          if (start !== -1 && !readAt(descriptor, bytes, start, end - start, start)) return undefined;
          start = from;
          end = starts[position + 1]!;
        }
        if (start !== -1 && !readAt(descriptor, bytes, start, end - start, start)) return undefined;
        const read: CacheFile = {
          bytes,
          ...found,
          readLater(position) {
            // Named through `read`: whatever holds this function holds the file open.
            const key = keys[position];
            if (!open || key === undefined || !wanted(key, position) || !later(key, position))
              throw new Error(`readLater: ${key} was not left for later`);
            const from = starts[position]!;
            const value = Buffer.allocUnsafe(starts[position + 1]! - from);
            // The file is only ever replaced whole, never written where it lies: it ends early only
            // when something else cut it.
            if (!readAt(descriptor, value, 0, value.length, from))
              throw new Error(`The build cache ${file} was cut short while this build read it: build again.`);
            return value;
          },
        };
        if (open) descriptors.register(read, descriptor);
        return read;
      } catch {
        open = false;
        return undefined;
      } finally {
        if (!open) closeSync(descriptor);
      }
    },
  };
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
  if (written?.version !== version || typeof written.id !== 'string' || typeof written.lengths !== 'string')
    return undefined;
  if (!(written.whole === undefined || typeof written.whole === 'string')) return undefined;
  const lengths = Buffer.from(written.lengths, 'base64');
  if (lengths.length % 4 !== 0) return undefined;
  const count = lengths.length / 4;
  const keys = splitKeys(written.keys, count);
  const gone = written.gone === undefined ? [] : splitKeys(written.gone);
  if (!keys || !gone) return undefined;
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
  const pieces = piecesOf(written.pieces, starts);
  if (!pieces) return undefined;
  return {
    size,
    header: { version, id: written.id, whole: written.whole, gone },
    keys,
    index,
    starts,
    pieces,
    valueBytes: offset - MAGIC.length,
  };
}

/**
 * The pieces of the header by position, checked: whole numbers, and the bytes written out adding
 * up to the value's. Where the whole file's pieces lie is checked by the reader of both files.
 */
function piecesOf(written: unknown, starts: Float64Array): Map<number, Pieces> | undefined {
  const pieces = new Map<number, Pieces>();
  if (written === undefined) return pieces;
  if (!Array.isArray(written)) return undefined;
  for (const list of written) {
    if (!Array.isArray(list) || list.length % 2 !== 1 || !list.every((item) => Number.isSafeInteger(item)))
      return undefined;
    const [position, ...pairs] = list as number[];
    if (position! < 0 || position! >= starts.length - 1 || pieces.has(position!)) return undefined;
    let own = 0;
    for (let pair = 0; pair < pairs.length; pair += 2) {
      if (pairs[pair]! < -1 || pairs[pair + 1]! < 0) return undefined;
      if (pairs[pair] === -1) own += pairs[pair + 1]!;
    }
    if (own !== starts[position! + 1]! - starts[position!]!) return undefined;
    pieces.set(position!, pairs);
  }
  return pieces;
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
