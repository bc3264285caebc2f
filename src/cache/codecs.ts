/** How the pipeline's larger values are kept in the disk cache. */
import type { RenderedMarkdown } from '../markdown/processor.ts';
import { asciiJson, textOf } from './disk.ts';
import type { Codec } from './store.ts';

/**
 * A result as the store keeps it on disk: a NUL, the JSON of everything but the HTML (one line:
 * JSON escapes newlines), a newline, then the HTML itself, the same string the page is rendered
 * from (as JSON, a cold build held a second copy of every body's HTML until the cache was saved).
 */
export const renderedCodec: Codec<RenderedMarkdown> = {
  encode: ({ html, ...rest }) => `\0${JSON.stringify(rest)}\n${html}`,
  decode(bytes) {
    const end = bytes.indexOf(10);
    const rest = JSON.parse(textOf(bytes, 1, end)) as Omit<RenderedMarkdown, 'html'>;
    return { ...rest, html: textOf(bytes, end + 1) };
  },
};

/**
 * A map kept as one line of ASCII JSON per entry. An entry taken unchanged from the decoded map
 * (the same value object under the same key) is written back as the bytes it was read from, so a
 * block in which one entry of thousands changed costs one entry's encoding, not the block's.
 */
export function linesCodec<V>(): { encode(map: Map<string, V>): Buffer; decode(bytes: Buffer): Map<string, V> } {
  const lines = new WeakMap<object, { key: string; bytes: Buffer }>();
  return {
    encode(map) {
      const parts: Buffer[] = [];
      for (const [key, value] of map) {
        const read = typeof value === 'object' && value !== null ? lines.get(value) : undefined;
        parts.push(read?.key === key ? read.bytes : Buffer.from(`${asciiJson([key, value])}\n`, 'latin1'));
      }
      return Buffer.concat(parts);
    },
    decode(bytes) {
      const map = new Map<string, V>();
      for (let start = 0; start < bytes.length; ) {
        let end = bytes.indexOf(10, start);
        if (end === -1) end = bytes.length;
        const [key, value] = JSON.parse(textOf(bytes, start, end)) as [string, V];
        map.set(key, value);
        if (typeof value === 'object' && value !== null)
          lines.set(value, { key, bytes: bytes.subarray(start, end + 1) });
        start = end + 1;
      }
      return map;
    },
  };
}
