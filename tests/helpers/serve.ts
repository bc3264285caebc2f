/**
 * Serves a built folder on 127.0.0.1 with the generator's own static handler, for browser tests;
 * and a project served by both of its servers (dev and preview), for tests that ask each the same.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { buildSite } from '../../src/build.ts';
import type { ResolvedConfig } from '../../src/config.ts';
import { startDevServer, type DevHandle } from '../../src/dev/dev.ts';
import { startPreviewServer } from '../../src/dev/preview.ts';
import { createStaticHandler, type StaticOptions } from '../../src/dev/static.ts';
import type { TempProject } from './project.ts';
import { copyWarmProject } from './warm-project.ts';

export interface ServedFolder {
  /** http://127.0.0.1:PORT, no trailing slash and no base. */
  origin: string;
  close(): Promise<void>;
}

export async function serveFolder(options: StaticOptions): Promise<ServedFolder> {
  const handle = createStaticHandler(options);
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ServedProject {
  /** describe.each rows: each server's name and its URL (read once the servers run). */
  servers: Array<[name: 'dev' | 'preview', url: () => string]>;
  devUrl(): string;
}

/**
 * For a test file: before all its tests, a warm copy of the project, built (`prepare` may change
 * the copy and names the config; `afterBuild` may change the output), served by dev and by
 * preview on free ports of 127.0.0.1; after them, both stopped and the copy removed.
 */
export function serveBuiltProject(
  prefix: string,
  prepare: (project: TempProject) => Promise<ResolvedConfig> | ResolvedConfig,
  afterBuild?: (project: TempProject, config: ResolvedConfig) => Promise<void>,
): ServedProject {
  let project: TempProject | undefined;
  let dev: DevHandle | undefined;
  let preview: { server: Server; url: string } | undefined;
  beforeAll(async () => {
    project = await copyWarmProject(prefix);
    const config = await prepare(project);
    await buildSite(config);
    await afterBuild?.(project, config);
    preview = await startPreviewServer(config, { port: 0, host: '127.0.0.1' });
    dev = await startDevServer(config, { port: 0, host: '127.0.0.1', open: false });
  });
  afterAll(async () => {
    await dev?.close();
    await new Promise((done) => (preview ? preview.server.close(done) : done(undefined)));
    await project?.cleanup();
  });
  const devUrl = () => dev!.url;
  return {
    servers: [
      ['dev', devUrl],
      ['preview', () => preview!.url],
    ],
    devUrl,
  };
}
