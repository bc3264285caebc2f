/** The real site, built once into a temporary folder and served the way a static host serves it. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { resolveConfig } from '../../src/config.ts';
import { PROJECT_ROOT } from './project.ts';
import { serveFolder } from './serve.ts';

/** What the test workers learn about the build (handed over by vitest's provide/inject). */
export type ServedSite = { status: 'ready'; origin: string; outDir: string } | { status: 'failed'; problem: string };

export interface BuiltSite {
  /** http://127.0.0.1:PORT, no trailing slash. */
  origin: string;
  outDir: string;
  /** Builds again into the same folder (the server keeps serving it); for vitest's watch mode. */
  rebuild(): Promise<void>;
  close(): Promise<void>;
}

export async function startBuiltSite(): Promise<BuiltSite> {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'agency-site-served-'));
  // The output folder lives outside every source folder, as the build's guard demands.
  const config = resolveConfig({ root: PROJECT_ROOT, out: path.join(temp, 'dist') });
  try {
    await buildSite(config);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  const served = await serveFolder({ root: config.outDir, base: config.base });
  return {
    origin: served.origin,
    outDir: config.outDir,
    async rebuild() {
      await buildSite(config);
    },
    async close() {
      await served.close();
      await rm(temp, { recursive: true, force: true });
    },
  };
}

/** In a test: the served build. Throws (failing that test) when the site did not build. */
export function servedSite(): { origin: string; outDir: string } {
  const site = inject('site');
  if (site.status !== 'ready') throw new Error(site.problem);
  return site;
}
