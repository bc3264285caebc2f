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
/**
 * The text of UTF-8 bytes. Node 20 decodes UTF-8 at a sixth of the speed it copies Latin-1, and
 * most of what the cache holds is ASCII (where both agree): checking that first is far cheaper
 * than the slow decode it saves.
 */
export function textOf(bytes: Buffer, start = 0, end = bytes.length): string {
  const slice = start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end);
  return isAscii(slice) ? slice.toString('latin1') : slice.toString('utf8');
}

export interface CacheFile {
  bytes: Buffer;
  header: { version: string; id: string; keys: Array<[string, number]>; whole?: string; gone?: string[] };
  slices: Map<string, [number, number]>;
  valueBytes: number;
  /** The bytes of a value that `read` left for later (see there): read from the file now, into a buffer of its own. */
  readLater(key: string): Buffer;
}

/** What a save writes to one of the files: the changes name the whole file's id and what is gone from it. */
export interface FileContents {
  version: string;
  entries: Array<{ key: string; value: Encoded }>;
  whole?: string;
  gone?: string[];
}

/**
 * Writes a cache file beside and renames it. False when it cannot be written: a cache that
 * cannot be written only makes the next build slower, so it says so and the build goes on.
 */
export async function writeCacheFile(cacheDir: string, file: string, contents: FileContents): Promise<boolean> {
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
  if (!head || (head.header.whole !== undefined) !== (kind === 'changes')) {
    closeSync(descriptor);
    return undefined;
  }
  const { size, ...found } = head;
  return {
    ...found,
    read(wanted: (key: string) => boolean, later: (key: string) => boolean = () => false): CacheFile | undefined {
      let open = false;
      try {
        // Not zeroed: only the ranges read below are ever sliced.
        const bytes = Buffer.allocUnsafeSlow(size);
        let start = -1;
        let end = -1;
        for (const [key, [from, to]] of found.slices) {
          if (!wanted(key)) continue;
          if (later(key)) {
            open = true;
            continue;
          }
          if (from === end) {
            end = to;
            continue;
          }
          if (start !== -1 && !readAt(descriptor, bytes, start, end - start, start)) return undefined;
          start = from;
          end = to;
        }
        if (start !== -1 && !readAt(descriptor, bytes, start, end - start, start)) return undefined;
        const read: CacheFile = {
          bytes,
          ...found,
          readLater(key) {
            // Named through `read`: whatever holds this function holds the file open.
            const slice = open && later(key) ? read.slices.get(key) : undefined;
            if (!slice) throw new Error(`readLater: ${key} was not left for later`);
            const [from, to] = slice;
            const value = Buffer.allocUnsafe(to - from);
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
