/** Nearest names, for the "did you mean" part of an error's hint (unknown fields, broken links). */

/** Levenshtein distance: the fewest insertions, deletions and substitutions that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** A likely misspelling: at most two edits apart, ignoring case. */
export function isNearName(written: string, known: string): boolean {
  if (Math.abs(written.length - known.length) > 2) return false;
  return editDistance(written.toLowerCase(), known.toLowerCase()) <= 2;
}
