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
