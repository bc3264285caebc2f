/**
 * The content files a single build read, kept in one block of the disk cache with the stamp of each
 * (src/file-stamp.ts): the next build takes a file whose stamp is the same without reading or hashing it,
 * its text decoded only when asked for. A file with no stamp (git's "racy" rule, src/racy.ts) is not kept.
 */
import { statSync, type Stats } from 'node:fs';
import type { ContentFile } from '../content/file.ts';
import { isJsonSafe, restoreParsed, withFields } from '../content/parse.ts';
import type { SourceFile } from '../content/source.ts';
import { asciiJson, textOf } from './disk.ts';
import { linesCodec } from './codecs.ts';
import { stampOf, vouchesSince } from '../file-stamp.ts';
import { clockNs } from '../racy.ts';
import type { Codec, Store } from './store.ts';

type Format = 'yaml' | 'markdown';

/** One file as kept: its stamp, then what rebuilds its ContentFile. */
type Kept = [
  absolute: string,
  stamp: string,
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
 * The keys' scope and the length of the lines on the first line; then a line a file (a
 * file read again costs its line alone); then the files' texts in the same order, as UTF-8.
 */
const filesCodec = linesCodec<Kept>();
const blockCodec: Codec<Block> = {
  // Part by part as the file is written (src/cache/store.ts); the lines are counted before the
  // head that says where the texts start.
  *encode(block) {
    const lines = [...filesCodec.encode(block.files)];
    const length = lines.reduce((sum: number, part) => sum + Buffer.byteLength(part), 0);
    yield `${asciiJson([block.scope, length])}\n`;
    yield* lines;
    // Texts as read follow each other in the block they were read from: written as one slice.
    let run: Buffer | undefined;
    let runLength = 0;
    for (const absolute of block.files.keys()) {
      const text = block.texts.get(absolute)!;
      if (
        run &&
        typeof text !== 'string' &&
        text.buffer === run.buffer &&
        text.byteOffset === run.byteOffset + runLength
      ) {
        runLength += text.length;
        continue;
      }
      if (run) yield Buffer.from(run.buffer, run.byteOffset, runLength);
      run = typeof text === 'string' ? Buffer.from(text) : text;
      runLength = run.length;
    }
    if (run) yield Buffer.from(run.buffer, run.byteOffset, runLength);
  },
  decode(bytes) {
    const end = bytes.indexOf(10);
    const [scope, length] = JSON.parse(textOf(bytes, 0, end)) as [string, number];
    const files = filesCodec.decode(bytes.subarray(end + 1, end + 1 + length));
    const texts = new Map<string, Buffer>();
    let at = end + 1 + length;
    for (const [absolute, kept] of files) texts.set(absolute, bytes.subarray(at, (at += kept[3])));
    // Lengths that do not add up: no block (every file is read).
    if (at !== bytes.length) return { scope, files: new Map(), texts: new Map() };
    return { scope, files, texts };
  },
};

export interface SourceFiles {
  /** The file as the last build read it when it certainly did not change since; else `load()`, kept for the next build. */
  read<T>(absolute: string, format: Format, slug: string | undefined, load: () => ContentFile<T>): ContentFile<T>;
  /** Keeps what this build read for the next one, when anything differs from what the last one kept. */
  save(): void;
}

/**
 * The stamp of each source file as a build sees it (src/file-stamp.ts), taken before the
 * file is read; undefined for a file whose time cannot vouch for it (or that cannot be stat'ed):
 * it is read, and not kept.
 */
export type SourceStamps = (absolute: string) => string | undefined;

/** Each file stat'ed just before it is read, its time judged against the build's start (`now`). */
export function statStamps(now = Date.now()): SourceStamps {
  const vouches = vouchesSince(clockNs(now));
  return (absolute) => {
    const stats = statOf(absolute);
    return stats && vouches(stats) ? stampOf(stats) : undefined;
  };
}

/**
 * `store`: the build's store; `keys`: the keys kept with each file; `stamps`: each file's stamp, taken
 * before it is read: a text older than its stamp would be taken from the block for good.
 */
export function openSourceFiles(store: Store, keys: KeptKeys = noKeys, stamps = statStamps()): SourceFiles {
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
      const stamp = stamps(absolute);
      const block = lastBlock();
      const kept = block?.files.get(absolute);
      if (stamp !== undefined && kept?.[1] === stamp) {
        const text = block!.texts.get(absolute)!;
        files.set(absolute, kept);
        texts.set(absolute, text);
        return restore(kept, text as Buffer, slug, keys);
      }
      const loaded = load();
      fresh++;
      const record = stamp !== undefined && keepable(loaded) && toKept(absolute, stamp, format, loaded, keys);
      if (record) {
        files.set(absolute, record);
        texts.set(absolute, loaded.source!.text);
      }
      return loaded;
    },
    save() {
      const block = lastBlock();
      if (fresh === 0 && block && files.size === block.files.size) return;
      store.keep('source-files', 'last', { scope: keys.scope, files, texts }, blockCodec);
    },
  };
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

function toKept(absolute: string, stamp: string, format: Format, loaded: ContentFile<unknown>, keys: KeptKeys): Kept {
  const { source, parsed, entry } = loaded;
  return [
    absolute,
    stamp,
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
  const [, , file, , format, raw, data, start, lineOffset, made] = kept;
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
function statOf(absolute: string): Stats | undefined {
  try {
    return statSync(absolute, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
