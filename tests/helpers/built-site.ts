/** The real site, built once into a temporary folder and served the way a static host serves it. */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { resolveConfig } from '../../src/config.ts';
import { createStaticHandler } from '../../src/dev/static.ts';
import { PROJECT_ROOT } from './project.ts';

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
  const handle = createStaticHandler({ root: config.outDir, base: config.base });
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The test server has no port.');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    outDir: config.outDir,
    async rebuild() {
      await buildSite(config);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
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
