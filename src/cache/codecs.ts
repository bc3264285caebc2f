/** How the pipeline's larger values are kept in the disk cache. */
import type { MarkdownFacts } from '../advice/markdown.ts';
import type { RenderedMarkdown } from '../markdown/processor.ts';
import { isAscii } from 'node:buffer';
import { asciiJson, textOf } from './disk.ts';
import type { Codec } from './store.ts';

/**
 * A result as the store keeps it on disk: a NUL, the JSON of everything but the facts and the HTML
 * (one line: JSON escapes newlines), a newline, the facts' JSON, a newline, then the HTML itself,
 * the same string the page is rendered from, written as a part of its own (joined to the JSON,
 * each body's HTML was copied once more). The facts and the HTML are decoded when first asked
 * for: a warm build takes thousands of bodies from the cache and reads those of the pages it
 * renders or advises on again, often one.
 */
export const renderedCodec: Codec<RenderedMarkdown> = {
  encode: ({ html, facts, ...rest }) => [`\0${JSON.stringify(rest)}\n${JSON.stringify(facts)}\n`, html],
  decode: (bytes) => new KeptBody(bytes),
};

/** The JSON of a body with no raw HTML and no images, as the codec writes it. */
const PLAIN = Buffer.from(JSON.stringify({ rawHtml: [] }));
const NO_RAW_HTML: RenderedMarkdown['rawHtml'] = Object.freeze([]) as unknown as RenderedMarkdown['rawHtml'];

/**
 * A body as the codec decoded it. A class, its getters on the prototype: made for each of
 * thousands of bodies on every warm build, an object literal with two getters (two closures, and
 * an object V8 makes slowly) took twice as long. Its facts and HTML are no own properties: a copy
 * names them (src/content/bodies.ts).
 */
class KeptBody implements RenderedMarkdown {
  readonly rawHtml: RenderedMarkdown['rawHtml'];
  readonly images?: RenderedMarkdown['images'];
  readonly #bytes: Buffer;
  readonly #end: number;
  readonly #factsEnd: number;
  #facts: MarkdownFacts | undefined;
  #html: string | undefined;

  constructor(bytes: Buffer) {
    this.#bytes = bytes;
    this.#end = bytes.indexOf(10);
    this.#factsEnd = bytes.indexOf(10, this.#end + 1);
    // Every field of RenderedMarkdown but the two read lazily; most bodies have none of them set,
    // and share one empty list rather than parse their own (two objects each, of thousands kept).
    if (this.#end === PLAIN.length + 1 && bytes.compare(PLAIN, 0, PLAIN.length, 1, this.#end) === 0) {
      this.rawHtml = NO_RAW_HTML;
      return;
    }
    const rest = JSON.parse(textOf(bytes, 1, this.#end)) as Omit<RenderedMarkdown, 'html' | 'facts'>;
    this.rawHtml = rest.rawHtml;
    if (rest.images) this.images = rest.images;
  }

  get facts(): MarkdownFacts {
    this.#facts ??= JSON.parse(textOf(this.#bytes, this.#end + 1, this.#factsEnd)) as MarkdownFacts;
    return this.#facts;
  }

  get html(): string {
    this.#html ??= textOf(this.#bytes, this.#factsEnd + 1);
    return this.#html;
  }

  /** The HTML as bytes, searched without decoding the text. */
  htmlBytes(): Buffer {
    return this.#bytes.subarray(this.#factsEnd + 1);
  }
}

/** Whether the body's HTML holds `ascii`; a body taken from the disk cache is searched as bytes, its HTML not decoded. */
export function htmlIncludes(rendered: RenderedMarkdown, ascii: string): boolean {
  return rendered instanceof KeptBody
    ? rendered.htmlBytes().includes(ascii, 0, 'latin1')
    : rendered.html.includes(ascii);
}

/**
 * A map kept as a JSON array with one entry a line, in ASCII. An entry taken unchanged from the
 * last decoded map (the same value under the same key) is written back as the bytes it was read
 * from, so a block in which one entry of thousands changed costs one entry's encoding, not the
 * block's; it is read with one JSON.parse, as fast as the whole block's.
 */
export function linesCodec<V>(): {
  encode(map: Map<string, V>): Iterable<string | Buffer>;
  decode(bytes: Buffer): Map<string, V>;
} {
  let read: ReadLines<V> | undefined;
  return {
    // Line by line as the file is written: the whole block is never held at once.
    *encode(map) {
      yield OPEN;
      const lines = new LineRuns();
      // The map in the order it was read, mostly: each key is looked for at the next line first.
      let next = 0;
      for (const [key, value] of map) {
        const at = read === undefined ? undefined : read.keys[next] === key ? next : read.positionOf(key);
        if (at !== undefined) next = at + 1;
        if (at !== undefined && read!.values[at] === value) {
          const run = lines.add(read!.bytes, read!.starts[at]!, read!.starts[at + 1]!);
          if (run) yield run;
          continue;
        }
        const run = lines.end();
        if (run) yield run;
        // A new line is ASCII (asciiJson), the same bytes as UTF-8: written from the string, not copied first.
        yield `${asciiJson([key, value])},\n`;
      }
      const run = lines.end();
      if (run) yield run;
      yield CLOSE;
    },
    decode(bytes) {
      const text = textOf(bytes);
      const entries = JSON.parse(text) as Array<[string, V] | 0>;
      const map = new Map<string, V>();
      const count = entries.length - 1;
      const keys: string[] = new Array(count);
      const values: V[] = new Array(count);
      const starts = new Uint32Array(count + 1);
      // JSON strings hold no raw newline: the n-th line is the n-th entry.
      let start = text.indexOf('\n') + 1;
      for (let index = 0; index < count; index++) {
        const [key, value] = entries[index] as [string, V];
        map.set(key, value);
        keys[index] = key;
        values[index] = value;
        starts[index] = start;
        start = text.indexOf('\n', start) + 1;
      }
      starts[count] = start;
      // Positions in the text are positions in the bytes only for ASCII, which asciiJson wrote.
      read = text.length === bytes.length ? new ReadLines(bytes, keys, values, starts) : undefined;
      return map;
    },
  };
}

/**
 * The entries of the block linesCodec read last, by their line's position: no array an entry (a
 * warm build decodes thousands, and keeps them until the save).
 */
class ReadLines<V> {
  readonly bytes: Buffer;
  readonly keys: string[];
  readonly values: V[];
  /** Where each line starts in `bytes`; the last number is where the last one ends. */
  readonly starts: Uint32Array;
  #positions: Map<string, number> | undefined;

  constructor(bytes: Buffer, keys: string[], values: V[], starts: Uint32Array) {
    this.bytes = bytes;
    this.keys = keys;
    this.values = values;
    this.starts = starts;
  }

  /** The line of `key`, looked up by key only when the map is not in the order read. */
  positionOf(key: string): number | undefined {
    if (!this.#positions) {
      this.#positions = new Map();
      for (let position = 0; position < this.keys.length; position++)
        this.#positions.set(this.keys[position]!, position);
    }
    return this.#positions.get(key);
  }
}

/**
 * Lines written back as read, gathered while they follow each other in the bytes they were read
 * from: one slice of the block for a run of unchanged lines, not one a line (a Buffer a line made
 * some 20000 slices and as many copies into the write buffer a save).
 */
class LineRuns {
  #bytes: Buffer | undefined;
  #start = 0;
  #end = 0;

  /** The run so far when this line does not continue it; undefined while it does. */
  add(bytes: Buffer, start: number, end: number): Buffer | undefined {
    if (bytes === this.#bytes && start === this.#end) {
      this.#end = end;
      return undefined;
    }
    const run = this.end();
    this.#bytes = bytes;
    this.#start = start;
    this.#end = end;
    return run;
  }

  /** The run so far, if any; the next line starts another. */
  end(): Buffer | undefined {
    const run = this.#bytes?.subarray(this.#start, this.#end);
    this.#bytes = undefined;
    return run;
  }
}

const OPEN = Buffer.from('[\n');
const CLOSE = Buffer.from('0]\n');

/**
 * Values by key in the order they were kept, each decoded when first asked for: a build that
 * reads a few of thousands (the advice of one changed page) does not parse the others, and writes
 * them back as the bytes they were read from.
 */
export class KeptLines<V> {
  #keys: string[] = [];
  #values: Array<V | RawLine> = [];
  /** Positions by key, made when a key is first looked up: a build that reads by position makes none. */
  #positions: Map<string, number> | undefined;

  constructor(entries: Iterable<[string, V | RawLine]> = []) {
    for (const [key, value] of entries) this.push(key, value);
  }

  get size(): number {
    return this.#keys.length;
  }

  /** The keys in the order they were kept. */
  keys(): readonly string[] {
    return this.#keys;
  }

  /** Where a key is in the order, if kept. */
  positionOf(key: string): number | undefined {
    return this.#positionOf(key);
  }

  get(key: string): V | undefined {
    const position = this.#positionOf(key);
    return position === undefined ? undefined : this.at(position);
  }

  /** The value at a position of the order. */
  at(position: number): V | undefined {
    const entry = this.#values[position];
    return entry instanceof RawLine ? (entry.decoded() as V) : entry;
  }

  /** The entry as read (its line, decoded or not), to keep it in another map unchanged. */
  entry(key: string): V | RawLine | undefined {
    const position = this.#positionOf(key);
    return position === undefined ? undefined : this.#values[position];
  }

  /** The entry at a position, as `entry`. */
  entryAt(position: number): V | RawLine | undefined {
    return this.#values[position];
  }

  /**
   * The same entries under `keys` (as many, in order), with `replaced` in their places: the arrays
   * copied whole, no entry one by one (dev keeps thousands and replaces a few a save).
   */
  replacing(keys: readonly string[], replaced: ReadonlyMap<number, V>): KeptLines<V> {
    if (keys.length !== this.#keys.length) throw new Error('KeptLines.replacing: as many keys as entries');
    const next = new KeptLines<V>();
    next.#keys = keys.slice();
    next.#values = this.#values.slice();
    for (const [position, value] of replaced) next.#values[position] = value;
    return next;
  }

  /** Adds an entry at the end. Keys are meant to be unique: of two the same, a lookup finds the later. */
  push(key: string, value: V | RawLine): void {
    this.#positions?.set(key, this.#keys.length);
    this.#keys.push(key);
    this.#values.push(value);
  }

  /**
   * The positions of the entries whose line as read holds any of `needles` (ASCII), found in the
   * bytes without parsing any entry; an entry may hold a needle in its key too. Undefined when an
   * entry was not read from one block (kept anew): every entry is then to be read.
   */
  positionsHolding(needles: readonly string[]): Set<number> | undefined {
    const found = new Set<number>();
    const lines = this.#values;
    if (lines.length === 0) return found;
    const first = lines[0];
    if (!(first instanceof RawLine) || !lines.every((line) => line instanceof RawLine && line.block === first.block))
      return undefined;
    const { block } = first;
    const last = lines[lines.length - 1] as RawLine;
    for (const needle of needles) {
      for (let at = block.indexOf(needle, first.start, 'latin1'); at !== -1 && at < last.end; ) {
        // The line that holds it: the last one starting at or before it.
        let low = 0;
        let high = lines.length - 1;
        while (low < high) {
          const middle = (low + high + 1) >> 1;
          if ((lines[middle] as RawLine).start <= at) low = middle;
          else high = middle - 1;
        }
        found.add(low);
        at = block.indexOf(needle, (lines[low] as RawLine).end, 'latin1');
      }
    }
    return found;
  }

  #positionOf(key: string): number | undefined {
    if (!this.#positions) {
      this.#positions = new Map();
      for (let position = 0; position < this.#keys.length; position++)
        this.#positions.set(this.#keys[position]!, position);
    }
    return this.#positions.get(key);
  }

  *encoded(): Iterable<string | Buffer> {
    yield OPEN;
    const lines = new LineRuns();
    for (let position = 0; position < this.#keys.length; position++) {
      const value = this.#values[position];
      if (value instanceof RawLine) {
        const run = lines.add(value.block, value.start, value.end);
        if (run) yield run;
        continue;
      }
      const run = lines.end();
      if (run) yield run;
      yield `${asciiJson([this.#keys[position], value])},\n`;
    }
    const run = lines.end();
    if (run) yield run;
    yield CLOSE;
  }
}

/** One line of a block as read: `["key",value],\n`, in ASCII. */
export class RawLine {
  readonly block: Buffer;
  readonly start: number;
  readonly valueStart: number;
  readonly end: number;
  #value: unknown;

  constructor(block: Buffer, start: number, valueStart: number, end: number, value?: unknown) {
    this.block = block;
    this.start = start;
    this.valueStart = valueStart;
    this.end = end;
    this.#value = value;
  }

  /** The value, parsed once: the line is still what is written back. */
  decoded(): unknown {
    // The line ends with "],\n".
    this.#value ??= JSON.parse(this.block.toString('latin1', this.valueStart, this.end - 3));
    return this.#value;
  }
}

/**
 * KeptLines as linesCodec writes them: the same bytes, so either reads the other's. `eager`: every
 * value parsed at once (one JSON.parse of the block, for a reader that needs them all); else each
 * when first asked for.
 */
export function keptLinesCodec<V>({ eager = false } = {}): Codec<KeptLines<V>> {
  return {
    encode: (lines) => lines.encoded(),
    decode(bytes) {
      // Not ASCII (written by something else): decoded whole.
      if (!isAscii(bytes)) return new KeptLines(linesCodec<V>().decode(bytes));
      const values = eager ? (JSON.parse(bytes.toString('latin1')) as Array<[string, V]>) : undefined;
      const kept = new KeptLines<V>();
      // JSON strings hold no raw newline: each line but the first and the last is an entry. Read
      // from the bytes: a key is copied out on its own, a string that is no slice of the block (a
      // Map compares such slices slowly), and only a key with escapes is parsed (parsing all the
      // keys of a block as one JSON list cost ten times the rest of this loop).
      let start = bytes.indexOf(10) + 1;
      for (let end = bytes.indexOf(10, start) + 1; end !== 0; start = end, end = bytes.indexOf(10, start) + 1) {
        if (bytes[start] !== 91) break; // "0]": the end.
        const close = keyEnd(bytes, start + 2);
        // Not a line linesCodec wrote: decoded whole, which tells what is wrong with it.
        if (close === -1 || bytes[close + 1] !== 44 || bytes[end - 3] !== 93 || bytes[end - 2] !== 44)
          return new KeptLines(linesCodec<V>().decode(bytes));
        const written = bytes.toString('latin1', start + 2, close);
        const key = written.includes('\\') ? (JSON.parse(`"${written}"`) as string) : written;
        kept.push(key, new RawLine(bytes, start, close + 2, end, values?.[kept.size]?.[1]));
      }
      return kept;
    },
  };
}

/** Where the JSON string starting at `from` ends: its closing quote, the first not escaped; -1 for none. */
function keyEnd(bytes: Buffer, from: number): number {
  for (let at = bytes.indexOf(34, from); at !== -1; at = bytes.indexOf(34, at + 1)) {
    let backslashes = 0;
    while (bytes[at - 1 - backslashes] === 92) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}
