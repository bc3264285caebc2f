import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { resolveConfig } from '../../src/config.ts';
import { bundleClient } from '../../src/dev/server.ts';
import type { TempProject } from '../helpers/project.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

const projects: TempProject[] = [];

afterAll(async () => {
  await Promise.all(projects.map((project) => project.cleanup()));
});

describe('the dev client', () => {
  it('never reaches the build output', async () => {
    const project = await copyWarmProject('agency-site-client-');
    projects.push(project);
    const config = resolveConfig({ root: project.root });
    await buildSite(config);
    const client = await bundleClient();
    const traces = ['__agency-site', 'EventSource', 'Unexpected Application Error', client.slice(0, 80)];
    const files = (await readdir(config.outDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(5);
    for (const entry of files) {
      const text = await readFile(path.join(entry.parentPath, entry.name), 'latin1');
      for (const trace of traces) expect(text.includes(trace), `${entry.name} holds ${trace}`).toBe(false);
    }
  });
});
