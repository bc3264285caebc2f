import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleClient } from '../../src/dev/server.ts';
import { servedSite } from '../helpers/built-site.ts';

describe('the dev client', () => {
  it('never reaches the build output', async () => {
    // The real site, built once for the whole run by tests/helpers/browser-setup.ts.
    const { outDir } = servedSite();
    const client = await bundleClient();
    const traces = ['__agency-site', 'EventSource', 'Unexpected Application Error', client.slice(0, 80)];
    const files = (await readdir(outDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(5);
    for (const entry of files) {
      const text = await readFile(path.join(entry.parentPath, entry.name), 'latin1');
      for (const trace of traces) expect(text.includes(trace), `${entry.name} holds ${trace}`).toBe(false);
    }
  });
});
