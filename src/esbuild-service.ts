/**
 * esbuild, loaded when something must be bundled (the templates, the assets, the admin preview),
 * and its service stopped after a single build when this process loaded it. A warm build whose
 * bundles are all kept never loads it, and asking the module resolver whether it had cost such a
 * build 5 to 12 ms.
 */
import type * as esbuild from 'esbuild';

let loaded: typeof esbuild | undefined;

export async function loadEsbuild(): Promise<typeof esbuild> {
  loaded ??= await import('esbuild');
  return loaded;
}

/** Stops esbuild's service if this process started it (a later bundle starts it again). */
export function stopEsbuild(): void {
  loaded?.stop();
}
