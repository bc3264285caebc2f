/**
 * The one cache of the pipeline: results of steps, by step name and key. A key is made from everything
 * the step reads, so an entry is never stale, only unused. Values with a codec also go to the disk file
 * (src/cache/disk.ts) on save; the others live as long as the store, or until a sweep finds them unused.
 */
import type { ResolvedConfig } from '../config.ts';
import {
  createNoDiskCache,
  hashKey,
  loadDiskCache,
  textOf,
  type DiskCache,
  type Encoded,
  type LaterBytes,
} from './disk.ts';
import { GENERATOR_VERSION } from './version.ts';

/** How a value is kept in the disk file. */
export interface Codec<T> {
  /** Called when the disk file is written, not when the value is kept: the value is kept as it is then. */
  encode(value: T): Encoded;
  decode(bytes: Buffer): T;
  /**
   * Instead of decode: the value made from its bytes as read when first asked for. The disk file
   * reads those of the steps in READ_LATER only then.
   */
  decodeLater?(value: LaterBytes): T;
}

export const textCodec: Codec<string> = { encode: (value) => value, decode: (bytes) => textOf(bytes) };
export const jsonCodec: Codec<unknown> = {
  encode: (value) => JSON.stringify(value),
  decode: (bytes) => JSON.parse(textOf(bytes)),
};

export interface Store {
  /** The kept value of `name` for `key`, or the value `compute` gives (then kept). A rejected promise is not kept. */
  step<T>(name: string, key: string, compute: () => T, codec?: Codec<T>): T;
  /** The values of many keys of one step; the missing ones are computed together (worker threads). */
  stepAll<T>(
    name: string,
    keys: readonly string[],
    computeMissing: (indexes: number[]) => Promise<T[]>,
    codec?: Codec<T>,
  ): Promise<T[]>;
  /** The kept value, if any, without computing. */
  peek<T>(name: string, key: string, codec?: Codec<T>): T | undefined;
  keep<T>(name: string, key: string, value: T, codec?: Codec<T>): T;
  /**
   * `${a} ${b}`, as the same string for as long as it is used: a key made of kept keys is then
   * built and hashed once per version of its parts, not once per build (a Map hashes a string once).
   */
  join(a: string, b: string): string;
  /** Values computed so far, by step name. */
  computed(): Record<string, number>;
  /** Values held in memory. */
  size(): number;
  /** Drops every value not asked for since the last sweep. */
  sweep(): void;
  /** Writes the values with a codec that were used to the disk file; from then on the store lives in memory only. */
  save(): Promise<void>;
}

/** Keys up to this length are disk keys as they are; longer ones are hashed. */
const LONGEST_PLAIN_KEY = 256;

interface Entry {
  value: unknown;
  used: number;
}

/**
 * Steps whose values the disk file reads only when their bytes are asked for (their codec has
 * decodeLater): the rendered pages, which a warm build keeps where they are in the output.
 */
export const READ_LATER: readonly string[] = ['page'];
/** The disk keys of those steps begin so (see diskKey below). */
const LATER_PREFIXES = READ_LATER.flatMap((name) => [`${name}:`, `${name}#`]);
const readLater = (diskKey: string) => LATER_PREFIXES.some((prefix) => diskKey.startsWith(prefix));

/** The store of a project: backed by its disk cache file, or by nothing with --no-cache. */
export async function openStore(config: Pick<ResolvedConfig, 'cache' | 'cacheDir'>): Promise<Store> {
  return createStore(
    config.cache ? await loadDiskCache(config.cacheDir, GENERATOR_VERSION, readLater) : createNoDiskCache(),
  );
}

export function createStore(disk: DiskCache = createNoDiskCache()): Store {
  // By step, then key: a key string that several steps share (a page's) is hashed once.
  const memory = new Map<string, Map<string, Entry>>();
  const stepMemory = (name: string) => {
    let entries = memory.get(name);
    if (!entries) memory.set(name, (entries = new Map()));
    return entries;
  };
  const counts: Record<string, number> = {};
  let file: DiskCache | undefined = disk;
  let round = 0;
  const joins = createJoins();

  const peek = <T>(name: string, key: string, codec?: Codec<T>): T | undefined => {
    const entries = stepMemory(name);
    const entry = entries.get(key);
    if (entry) {
      entry.used = round;
      return entry.value as T;
    }
    const value = codec && file ? fromDisk(file, diskKey(name, key), codec) : undefined;
    if (value !== undefined) entries.set(key, { value, used: round });
    return value;
  };

  const keep = <T>(name: string, key: string, value: T, codec?: Codec<T>): T => {
    const entries = stepMemory(name);
    entries.set(key, { value, used: round });
    counts[name] = (counts[name] ?? 0) + 1;
    if (codec && file) file.set(diskKey(name, key), encodedLater(codec, value));
    if (value instanceof Promise) value.catch(() => entries.get(key)?.value === value && entries.delete(key));
    return value;
  };

  return {
    peek,
    keep,
    join: (a, b) => joins.join(a, b, round),
    step(name, key, compute, codec) {
      const kept = peek(name, key, codec);
      return kept !== undefined ? kept : keep(name, key, compute(), codec);
    },
    async stepAll<T>(
      name: string,
      keys: readonly string[],
      computeMissing: (indexes: number[]) => Promise<T[]>,
      codec?: Codec<T>,
    ) {
      // Loops, not map and flatMap: a dev save asks for thousands of keys and misses one.
      const values: Array<T | undefined> = new Array(keys.length);
      const missing: number[] = [];
      for (let index = 0; index < keys.length; index++) {
        values[index] = peek(name, keys[index]!, codec);
        if (values[index] === undefined) missing.push(index);
      }
      if (missing.length > 0) {
        const made = await computeMissing(missing);
        missing.forEach((index, position) => {
          values[index] = keep(name, keys[index]!, made[position]!, codec);
        });
      }
      return values as T[];
    },
    computed: () => ({ ...counts }),
    size: () => [...memory.values()].reduce((sum, entries) => sum + entries.size, 0),
    sweep() {
      for (const [name, entries] of memory) {
        for (const [key, entry] of entries) if (entry.used !== round) entries.delete(key);
        if (entries.size === 0) memory.delete(name);
      }
      joins.sweep(round);
      round++;
    },
    async save() {
      const saving = file;
      file = undefined;
      await saving?.save();
    },
  };
}

/**
 * The disk key: a long memory key is hashed, a short one (most are hashes already) kept as it is. The two
 * forms have different separators, so that a key can never name the entry of a hashed one.
 */
function diskKey(name: string, key: string): string {
  return key.length <= LONGEST_PLAIN_KEY ? `${name}:${key}` : `${name}#${hashKey(key)}`;
}

/** A value of the disk file, decoded; one whose codec reads later gets its bytes when it asks for them. */
function fromDisk<T>(file: DiskCache, key: string, codec: Codec<T>): T | undefined {
  if (codec.decodeLater) {
    const later = file.getLater(key);
    return later === undefined ? undefined : codec.decodeLater(later);
  }
  const bytes = file.getBytes(key);
  return bytes === undefined ? undefined : codec.decode(bytes);
}

/**
 * The value's encoding, made only when the disk file is written: made when kept, a cold build's
 * encodings would be a second copy of much of what it keeps.
 */
function encodedLater<T>(codec: Codec<T>, value: T): Iterable<string | Buffer> {
  return {
    *[Symbol.iterator]() {
      const encoded = codec.encode(value);
      if (typeof encoded === 'string' || Buffer.isBuffer(encoded)) yield encoded;
      else yield* encoded;
    },
  };
}

/** Keys made of two kept keys, the same string while used: a Map hashes a string once. */
function createJoins() {
  const joined = new Map<string, Map<string, { value: string; used: number }>>();
  return {
    join(a: string, b: string, round: number): string {
      let byB = joined.get(a);
      if (!byB) joined.set(a, (byB = new Map()));
      const entry = byB.get(b);
      if (entry) {
        entry.used = round;
        return entry.value;
      }
      const value = `${a} ${b}`;
      byB.set(b, { value, used: round });
      return value;
    },
    sweep(round: number): void {
      for (const [a, byB] of joined) {
        for (const [b, entry] of byB) if (entry.used !== round) byB.delete(b);
        if (byB.size === 0) joined.delete(a);
      }
    },
  };
}
