import { describe, expect, it } from 'vitest';
import { linesCodec } from '../../src/cache/codecs.ts';

/** The bytes the disk file gets: the encoding's parts, written one after the other. */
const bytesOf = (parts: Iterable<string | Buffer>) =>
  Buffer.concat([...parts].map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));

describe('linesCodec', () => {
  it('reads back every entry, non-ASCII text included, as ASCII lines', () => {
    const codec = linesCodec<unknown>();
    const map = new Map<string, unknown>([
      ['a', ['ünïcode', 1]],
      ['b', { text: 'line\nbreak' }],
      ['c', null],
    ]);
    const bytes = bytesOf(codec.encode(map));
    expect(bytes.every((byte) => byte < 128)).toBe(true);
    // The opening bracket, a line per entry, the closing one.
    expect(bytes.toString('latin1').trimEnd().split('\n')).toHaveLength(2 + map.size);
    expect(codec.decode(bytes)).toEqual(map);
  });

  it('writes an entry taken unchanged as the bytes it was read from, and a new or changed one anew', () => {
    const codec = linesCodec<string[]>();
    const decoded = codec.decode(
      bytesOf(
        codec.encode(
          new Map([
            ['kept', ['old']],
            ['changed', ['before']],
          ]),
        ),
      ),
    );
    const kept = decoded.get('kept')!;
    // The same object mutated in place is still written from its bytes: what was read is what was kept.
    kept.push('mutated');
    const next = new Map([
      ['kept', kept],
      ['changed', ['after']],
      ['moved', decoded.get('changed')!],
    ]);
    expect(codec.decode(bytesOf(codec.encode(next)))).toEqual(
      new Map([
        ['kept', ['old']],
        ['changed', ['after']],
        ['moved', ['before']],
      ]),
    );
  });
});
