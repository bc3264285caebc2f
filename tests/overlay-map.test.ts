import { describe, expect, it } from 'vitest';
import { changedPlaces, OverlayMap } from '../src/overlay-map.ts';

describe('OverlayMap', () => {
  it('is its base with the changes made in order, and leaves the map it was made from as it was', () => {
    const base = new OverlayMap(
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    );
    const changed = base.with([
      ['a', undefined],
      ['c', 3],
      ['b', 20],
    ]);
    expect(['a', 'b', 'c'].map((key) => changed.get(key))).toEqual([undefined, 20, 3]);
    expect(['a', 'b', 'c'].map((key) => base.get(key))).toEqual([1, 2, undefined]);
    // Removed first, then set: a key that moved keeps its value.
    expect(
      changed
        .with([
          ['b', undefined],
          ['a', 1],
        ])
        .get('a'),
    ).toBe(1);
  });

  it('stays the same map when its changes are folded into a new base', () => {
    let map = new OverlayMap(new Map<number, number>([[0, 0]]));
    for (let key = 1; key < 1000; key++)
      map = map.with([
        [key, key],
        [key - 1, undefined],
      ]);
    expect(map.get(999)).toBe(999);
    expect(map.get(998)).toBeUndefined();
    expect(map.get(0)).toBeUndefined();
  });
});

describe('changedPlaces', () => {
  it('names the places that hold other objects, and nothing for lists of other lengths', () => {
    const [a, b, c] = [{}, {}, {}];
    const list = [a, b, c];
    expect(changedPlaces(list, list)).toEqual([]);
    expect(changedPlaces(list, [a, {}, c])).toEqual([1]);
    expect(changedPlaces(list, [c, b, a])).toEqual([0, 2]);
    expect(changedPlaces(list, [a, b])).toBeUndefined();
  });
});
