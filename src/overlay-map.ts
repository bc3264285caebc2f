/**
 * OverlayMap: a map that is another with a few keys changed. A dev save's Markdown bodies, and the
 * files they were written in, are the last build's with one replaced: made so, not copied (a Map of
 * thousands copied costs a save about a millisecond). The changes are folded into a new base once
 * they are many, so a lookup stays two at most however long the session.
 */
const MOST_CHANGES = 256;

export class OverlayMap<K, V> {
  readonly #base: ReadonlyMap<K, V>;
  /** undefined: the key was removed. */
  readonly #changes: ReadonlyMap<K, V | undefined>;

  constructor(base: ReadonlyMap<K, V>, changes: ReadonlyMap<K, V | undefined> = new Map()) {
    this.#base = base;
    this.#changes = changes;
  }

  get(key: K): V | undefined {
    return this.#changes.has(key) ? this.#changes.get(key) : this.#base.get(key);
  }

  /** This map with the changes made in their order (undefined removes the key); this one stays as it is. */
  with(changes: Iterable<readonly [K, V | undefined]>): OverlayMap<K, V> {
    const changed = new Map(this.#changes);
    for (const [key, value] of changes) changed.set(key, value);
    if (changed.size <= MOST_CHANGES) return new OverlayMap(this.#base, changed);
    const base = new Map(this.#base);
    for (const [key, value] of changed) {
      if (value === undefined) base.delete(key);
      else base.set(key, value);
    }
    return new OverlayMap(base);
  }
}

/**
 * The places at which two lists of the same length hold different objects; undefined when their
 * lengths differ. A comparison of pointers, with nothing read through them: for thousands, some
 * microseconds, where a pass that reads each item costs a millisecond or more.
 */
export function changedPlaces<T>(was: readonly T[], now: readonly T[]): number[] | undefined {
  if (was.length !== now.length) return undefined;
  const places: number[] = [];
  if (was === now) return places;
  for (let index = 0; index < now.length; index++) if (was[index] !== now[index]) places.push(index);
  return places;
}
