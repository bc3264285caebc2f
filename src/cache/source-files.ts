/**
 * The content files a single build read, kept in one block of the disk cache with the size,
 * modification time (ns) and inode each had when it was read. The next build takes a file from
 * the block without reading it when all three still match, as make, Vite and Hugo's file cache
 * do; otherwise it reads the file, and what is made from its text is found again by its hash
 * (src/stages.ts). A file whose modification time is not clearly older than the start of the
 * build that read it is always read again (git's "racy" rule, src/racy.ts). The keys a build made
 * from a file (its text's hash, its body's) are kept beside it, so a file taken from the block is
 * not hashed again, and its text follows the lines of the block as bytes, decoded only when asked
 * for: of 4000 files, a build with one changed reads few texts (the 8 MB block was mostly texts,
 * and decoding it was one of the larger items of such a build).
 */
import { statSync, type BigIntStats } from 'node:fs';
import type { ContentFile } from '../content/file.ts';
import { isJsonSafe, restoreParsed, withFields } from '../content/parse.ts';
import type { SourceFile } from '../content/source.ts';
import { asciiJson, textOf } from './disk.ts';
import { linesCodec } from './codecs.ts';
import { clockNs, isRacy } from '../racy.ts';
import type { Codec, Store } from './store.ts';

type Format = 'yaml' | 'markdown';

/** One file as kept: its stats, then what rebuilds its ContentFile. */
type Kept = [
  absolute: string,
  size: string,
  mtimeNs: string,
  ino: string,
  file: string,
  /** The text's length in UTF-8 bytes: the text itself follows the lines. */
  textBytes: number,
  format: Format,
  raw: unknown,
  data: unknown,
  bodyStart: number,
  bodyLineOffset: number,
  keys: string[],
];

interface Block {
  /** When the build that read these files started (ns since the epoch). */
  started: string;
  /** What the kept keys were made under (KeptKeys.scope). */
  scope: string;
  files: Map<string, Kept>;
  /** Each file's text by its path: the bytes as read from the block, or the text read from disk. */
  texts: Map<string, Buffer | string>;
}

/**
 * The keys made from a file, kept with it: `of` gives them for a file read now, `restore` hands
 * them back with a file taken from the block. A block made under another `scope` (the options the
 * keys depend on) is not used.
 */
export interface KeptKeys {
  scope: string;
  of(file: ContentFile<unknown>): string[];
  restore(file: ContentFile<unknown>, keys: readonly string[]): void;
}

const noKeys: KeptKeys = { scope: '', of: () => [], restore() {} };

/**
 * The start, the keys' scope and the length of the lines on the first line; then a line a file (a
 * file read again costs its line alone); then the files' texts in the same order, as UTF-8.
 */
const filesCodec = linesCodec<Kept>();
const blockCodec: Codec<Block> = {
  // Part by part as the file is written (src/cache/store.ts); the lines are counted before the
  // head that says where the texts start.
  *encode(block) {
    const lines = [...filesCodec.encode(block.files)];
    const length = lines.reduce((sum: number, part) => sum + Buffer.byteLength(part), 0);
    yield `${asciiJson([block.started, block.scope, length])}\n`;
    yield* lines;
    for (const absolute of block.files.keys()) {
      const text = block.texts.get(absolute)!;
      yield typeof text === 'string' ? Buffer.from(text) : text;
    }
  },
  decode(bytes) {
    const end = bytes.indexOf(10);
    const [started, scope, length] = JSON.parse(textOf(bytes, 0, end)) as [string, string, number];
    const files = filesCodec.decode(bytes.subarray(end + 1, end + 1 + length));
    const texts = new Map<string, Buffer>();
    let at = end + 1 + length;
    for (const [absolute, kept] of files) texts.set(absolute, bytes.subarray(at, (at += kept[5])));
    // Lengths that do not add up: no block (every file is read).
    if (at !== bytes.length) return { started, scope, files: new Map(), texts: new Map() };
    return { started, scope, files, texts };
  },
};

export interface SourceFiles {
  /** The file as the last build read it when it certainly did not change since; else `load()`, kept for the next build. */
  read<T>(absolute: string, format: Format, slug: string | undefined, load: () => ContentFile<T>): ContentFile<T>;
  /** Keeps what this build read for the next one, when anything differs from what the last one kept. */
  save(): void;
}

/**
 * `store`: the build's store (with --no-cache it keeps nothing on disk, and every file is read);
 * `keys`: the keys kept with each file.
 */
export function openSourceFiles(store: Store, keys: KeptKeys = noKeys, now = Date.now()): SourceFiles {
  const started = clockNs(now).toString();
  let last: Block | null | undefined;
  // A block whose keys were made under other options is no block: every file is read again.
  const lastBlock = () => {
    if (last === undefined) {
      const block = store.peek('source-files', 'last', blockCodec);
      last = block?.scope === keys.scope ? block : null;
    }
    return last;
  };
  const files = new Map<string, Kept>();
  const texts = new Map<string, Buffer | string>();
  let fresh = 0;
  return {
    read(absolute, format, slug, load) {
      const stats = statOf(absolute);
      const block = lastBlock();
      const kept = block?.files.get(absolute);
      if (stats && kept && unchanged(kept, stats, block!.started)) {
        const text = block!.texts.get(absolute)!;
        files.set(absolute, kept);
        texts.set(absolute, text);
        return restore(kept, text as Buffer, slug, keys);
      }
      const loaded = load();
      fresh++;
      const record = stats && keepable(loaded) && toKept(absolute, stats, format, loaded, keys);
      if (record) {
        files.set(absolute, record);
        texts.set(absolute, loaded.source!.text);
      }
      return loaded;
    },
    save() {
      const block = lastBlock();
      if (fresh === 0 && block && files.size === block.files.size) return;
      store.keep('source-files', 'last', { started, scope: keys.scope, files, texts }, blockCodec);
    },
  };
}

function unchanged(kept: Kept, stats: BigIntStats, started: string): boolean {
  return (
    kept[1] === String(stats.size) &&
    kept[2] === String(stats.mtimeNs) &&
    kept[3] === String(stats.ino) &&
    !isRacy(stats.mtimeNs, BigInt(started))
  );
}

/** A file is kept when it has no problems (those are reported from a fresh read) and its data survives JSON. */
function keepable(file: ContentFile<unknown>): boolean {
  return (
    file.errors.length === 0 &&
    file.source !== undefined &&
    file.parsed !== undefined &&
    file.entry !== undefined &&
    isJsonSafe(file.parsed.located.data) &&
    isJsonSafe(file.entry.data)
  );
}

function toKept(
  absolute: string,
  stats: BigIntStats,
  format: Format,
  loaded: ContentFile<unknown>,
  keys: KeptKeys,
): Kept {
  const { source, parsed, entry } = loaded;
  return [
    absolute,
    String(stats.size),
    String(stats.mtimeNs),
    String(stats.ino),
    source!.file,
    Buffer.byteLength(source!.text),
    format,
    parsed!.located.data,
    entry!.data,
    source!.text.length - parsed!.body.length,
    parsed!.bodyLineOffset,
    keys.of(loaded),
  ];
}

/** The file as kept, its text decoded from `bytes` when first asked for. */
function restore<T>(kept: Kept, bytes: Buffer, slug: string | undefined, keys: KeptKeys): ContentFile<T> {
  const [, , , , file, , format, raw, data, start, lineOffset, made] = kept;
  let text: string | undefined;
  const source: SourceFile = {
    file,
    get text() {
      text ??= textOf(bytes);
      return text;
    },
  };
  const parsed = restoreParsed(source, format, raw, { start, lineOffset });
  const entry = withFields(parsed, slug === undefined ? { data: data as T } : { data: data as T, slug });
  const restored = { source, parsed, entry, errors: [] };
  keys.restore(restored, made);
  return restored;
}

/** undefined for a file that cannot be stat'ed (gone, a link loop): the read reports what is wrong with it. */
function statOf(absolute: string): BigIntStats | undefined {
  try {
    return statSync(absolute, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
