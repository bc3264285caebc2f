import { describe, expect, it } from 'vitest';
import { KeptLines, keptLinesCodec, linesCodec, RawLine } from '../../src/cache/codecs.ts';

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

describe('keptLinesCodec', () => {
  it('reads what linesCodec wrote, in its order, each value parsed when asked for', () => {
    const bytes = bytesOf(
      linesCodec<unknown>().encode(
        new Map<string, unknown>([
          ['first', { n: 1 }],
          ['a "quoted\\" key', ['ünïcode']],
          ['last', null],
        ]),
      ),
    );
    const kept = keptLinesCodec<unknown>().decode(bytes);
    expect(kept.keys()).toEqual(['first', 'a "quoted\\" key', 'last']);
    expect(kept.entryAt(0)).toBeInstanceOf(RawLine);
    expect(kept.at(1)).toEqual(['ünïcode']);
    expect(kept.get('first')).toEqual({ n: 1 });
    expect(kept.get('last')).toBeNull();
    expect(kept.get('missing')).toBeUndefined();
  });

  it('writes an entry carried from the read map as its bytes, decoded or not, and a new one anew', () => {
    const codec = keptLinesCodec<string[]>();
    const old = new KeptLines<string[]>([
      ['kept', ['old']],
      ['read', ['seen']],
      ['dropped', ['gone']],
    ]);
    const read = codec.decode(bytesOf(old.encoded()));
    expect(read.get('read')).toEqual(['seen']);
    const next = new KeptLines<string[]>([
      ['new', ['made']],
      ['kept', read.entry('kept')!],
      ['read', read.entry('read')!],
    ]);
    const parts = [...next.encoded()];
    // The carried lines are the bytes read, not strings encoded again: one slice, as they followed each other.
    expect(parts.filter((part) => Buffer.isBuffer(part) && part.toString().startsWith('["')).map(String)).toEqual([
      '["kept",["old"]],\n["read",["seen"]],\n',
    ]);
    const again = codec.decode(bytesOf(parts));
    expect(again.keys()).toEqual(['new', 'kept', 'read']);
    expect([again.get('new'), again.get('kept'), again.get('read')]).toEqual([['made'], ['old'], ['seen']]);
  });

  it('finds the entries whose line holds a needle without parsing them, and none to trust for entries kept anew', () => {
    const codec = keptLinesCodec<unknown>();
    const read = codec.decode(
      bytesOf(
        new KeptLines<unknown>([
          ['a', [['x.html', 1]]],
          [
            'b',
            [
              ['y.html', 1],
              ['x.html', 1],
            ],
          ],
          ['c', [['z.html', 1]]],
        ]).encoded(),
      ),
    );
    expect(read.positionsHolding(['["x.html",1]'])).toEqual(new Set([0, 1]));
    expect(read.positionsHolding(['["z.html",1]', '["none.html",1]'])).toEqual(new Set([2]));
    expect(read.entryAt(0)).toBeInstanceOf(RawLine);
    read.push('d', []);
    expect(read.positionsHolding(['["x.html",1]'])).toBeUndefined();
  });
});
