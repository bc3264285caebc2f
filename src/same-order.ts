/**
 * sameInOrder: whether two lists hold the same items in the same order. Dev keeps the last run's
 * lists to compare a save's with (an unchanged item is the same object or string), which costs a
 * pointer comparison an item where making a key of thousands would cost a pass of work.
 */
export function sameInOrder<T>(
  before: Iterable<T>,
  now: readonly T[],
  same: (before: T, now: T) => boolean = Object.is,
): boolean {
  let index = 0;
  for (const item of before) {
    if (index >= now.length || !same(item, now[index]!)) return false;
    index++;
  }
  return index === now.length;
}

/**
 * What each item becomes, given the last run's items and what each became then (dev): an item at
 * the same place as then costs a comparison of pointers; with items added or removed, an item the
 * last run had is looked up. Only the items it did not have are made.
 */
export function carryEach<T, U>(
  items: readonly T[],
  last: { items: readonly T[]; made: readonly U[] } | undefined,
  make: (item: T) => U,
): U[] {
  if (!last) return items.map(make);
  if (last.items.length !== items.length) {
    const before = new Map(last.items.map((item, index) => [item, last.made[index]!]));
    return items.map((item) => before.get(item) ?? make(item));
  }
  const made = last.made.slice();
  for (let index = 0; index < items.length; index++)
    if (items[index] !== last.items[index]) made[index] = make(items[index]!);
  return made;
}
