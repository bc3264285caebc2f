/**
 * esbuild, loaded only when something must be bundled, and its service stopped after a single build that
 * loaded it. A warm build whose bundles are all kept never even asks the module resolver for it.
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
