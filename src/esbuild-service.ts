/**
 * esbuild, loaded when something must be bundled (the templates, the assets, the admin preview),
 * and its service stopped after a single build when this process loaded it. A warm build whose
 * bundles are all kept never loads it, and even asking the module resolver for it was a visible part of
 * such a build.
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
