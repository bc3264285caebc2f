import { describe, expect, it } from 'vitest';
import { carryEach } from '../src/same-order.ts';

describe('carryEach', () => {
  const a = { n: 1 };
  const b = { n: 2 };
  const c = { n: 3 };
  const make = (item: { n: number }) => ({ made: item.n });

  it('keeps what each item at its place became, and makes only the items at another place', () => {
    const first = carryEach([a, b], undefined, make);
    const made: Array<{ n: number }> = [];
    const second = carryEach([a, c], { items: [a, b], made: first }, (item) => {
      made.push(item);
      return make(item);
    });
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toEqual({ made: 3 });
    expect(made).toEqual([c]);
  });

  it('looks up the items the last run had when items were added or removed', () => {
    const first = carryEach([a, b], undefined, make);
    const second = carryEach([c, b, a], { items: [a, b], made: first }, make);
    expect(second[1]).toBe(first[1]);
    expect(second[2]).toBe(first[0]);
    expect(second[0]).toEqual({ made: 3 });
  });
});
