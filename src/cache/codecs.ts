/** How the pipeline's larger values are kept in the disk cache. */
import type { MarkdownFacts } from '../advice/markdown.ts';
import type { RenderedMarkdown } from '../markdown/processor.ts';
import { asciiJson, textOf } from './disk.ts';
import type { Codec } from './store.ts';

/**
 * A result as kept on disk: a NUL, the JSON of all but the facts and the HTML, a newline, the facts' JSON,
 * a newline, then the HTML as a part of its own. A warm build decodes the facts and HTML of few bodies.
 */
export const renderedCodec: Codec<RenderedMarkdown> = {
  encode: ({ html, facts, ...rest }) => [`\0${JSON.stringify(rest)}\n${JSON.stringify(facts)}\n`, html],
  decode: (bytes) => new KeptBody(bytes),
};

/** The JSON of a body with no raw HTML and no images, as the codec writes it. */
const PLAIN = Buffer.from(JSON.stringify({ rawHtml: [] }));
const NO_RAW_HTML: RenderedMarkdown['rawHtml'] = Object.freeze([]) as unknown as RenderedMarkdown['rawHtml'];

/**
 * A body as the codec decoded it: a class, its getters on the prototype, as thousands are made every warm
 * build. Its facts and HTML are no own properties: a copy names them (src/content/bodies.ts).
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
 * A map kept as a JSON array with one entry a line, in ASCII. An entry unchanged since the last decode is
 * written back as the bytes it was read from, so a block with one entry changed costs one entry's encoding.
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
 * from: one slice of the block for a run of unchanged lines, not a slice and a copy a line.
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

/** Whether a map made now holds what `kept` held, the same values: then it need not be kept again. */
export function sameEntries<V>(kept: ReadonlyMap<string, V> | undefined, now: ReadonlyMap<string, V>): boolean {
  if (kept?.size !== now.size) return false;
  for (const [key, value] of now) if (kept.get(key) !== value) return false;
  return true;
}
