/** How the pipeline's larger values are kept in the disk cache. */
import type { RenderedMarkdown } from '../markdown/processor.ts';
import { asciiJson, textOf } from './disk.ts';
import type { Codec } from './store.ts';

/**
 * A result as the store keeps it on disk: a NUL, the JSON of everything but the HTML (one line:
 * JSON escapes newlines), a newline, then the HTML itself, the same string the page is rendered
 * from, written as a part of its own (joined to the JSON, each body's HTML was copied once more).
 */
export const renderedCodec: Codec<RenderedMarkdown> = {
  encode: ({ html, ...rest }) => [`\0${JSON.stringify(rest)}\n`, html],
  decode(bytes) {
    const end = bytes.indexOf(10);
    const rest = JSON.parse(textOf(bytes, 1, end)) as Omit<RenderedMarkdown, 'html'>;
    return { ...rest, html: textOf(bytes, end + 1) };
  },
};

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
  let read: { bytes: Buffer; lines: Map<string, [value: V, start: number, end: number]> } | undefined;
  return {
    // Line by line as the file is written: the whole block is never held at once.
    *encode(map) {
      yield OPEN;
      for (const [key, value] of map) {
        const line = read?.lines.get(key);
        // A new line is ASCII (asciiJson), the same bytes as UTF-8: written from the string, not copied first.
        yield line && line[0] === value ? read!.bytes.subarray(line[1], line[2]) : `${asciiJson([key, value])},\n`;
      }
      yield CLOSE;
    },
    decode(bytes) {
      const text = textOf(bytes);
      const entries = JSON.parse(text) as Array<[string, V] | 0>;
      const map = new Map<string, V>();
      const lines = new Map<string, [V, number, number]>();
      // JSON strings hold no raw newline: the n-th line is the n-th entry.
      let start = text.indexOf('\n') + 1;
      for (let index = 0; index < entries.length - 1; index++) {
        const end = text.indexOf('\n', start) + 1;
        const [key, value] = entries[index] as [string, V];
        map.set(key, value);
        lines.set(key, [value, start, end]);
        start = end;
      }
      // Positions in the text are positions in the bytes only for ASCII, which asciiJson wrote.
      read = text.length === bytes.length ? { bytes, lines } : undefined;
      return map;
    },
  };
}

const OPEN = Buffer.from('[\n');
const CLOSE = Buffer.from('0]\n');
