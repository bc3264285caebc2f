/**
 * How the V8 heap grows during a build. The launcher (src/launcher.js) fixes a small growing factor
 * of the old generation, which lowers a cold build's peak memory; a cold build and dev also hold the
 * young generation small (V8 doubles it while remark's short-lived objects survive a
 * collection), which lowered a cold build's peak in no more time (docs/benchmarks.md, section
 * "cold"). A warm build holds the disk cache and the blocks decoded from it from its start, and
 * with those limits V8 collects it again and again: with V8's own factors it takes fewer
 * instructions and less wall time, at the same peak memory (section "warm1").
 */
import v8 from 'node:v8';
import { PerformanceObserver } from 'node:perf_hooks';

/** V8's own heap growth from now on: a single build that has a disk cache to read. */
export function restoreHeapGrowth(): void {
  v8.setFlagsFromString('--heap-growing-percent=0');
}

/**
 * The young generation held at `bytes` for its two semi-spaces (a cold build, and dev). The maximum can only be set on
 * node's command line, which the CLI does not own: growth is stopped when it is reached.
 */
let limited = false;
export function limitYoungGeneration(bytes = 16 * 1024 * 1024): void {
  // Once a process: dev builds again on every save.
  if (limited) return;
  limited = true;
  // Already reached before this run (with Node 20's code cache the CLI's start grows it):
  // held at once, since the observer hears of collections only later, when the space has doubled again.
  if (youngGenerationSize() >= bytes) {
    v8.setFlagsFromString('--semi-space-growth-factor=1');
    return;
  }
  const young = new PerformanceObserver(() => {
    if (youngGenerationSize() >= bytes) {
      v8.setFlagsFromString('--semi-space-growth-factor=1');
      young.disconnect();
    }
  });
  young.observe({ entryTypes: ['gc'] });
}

function youngGenerationSize(): number {
  return v8.getHeapSpaceStatistics().find((statistics) => statistics.space_name === 'new_space')?.space_size ?? 0;
}
