/**
 * How fast V8's heap may grow. The launcher (src/launcher.js) fixes a small factor, which lowers a
 * cold build's peak memory. A warm build holds the disk cache (about 50 MB for 4000 pages) and the
 * blocks decoded from it from its start, and with the small factor V8 collects it again and again:
 * a one-page warm build of 4000 pages took 6.7 G instructions instead of 7.3 G and about 0.2 s less
 * wall time with V8's own factor, at the same peak memory (docs/benchmarks.md, section "warm1").
 */
import v8 from 'node:v8';

/** V8's own heap growing factor from now on (0 leaves it to V8); called once a build reads its disk cache. */
export function restoreHeapGrowth(): void {
  v8.setFlagsFromString('--heap-growing-percent=0');
}
