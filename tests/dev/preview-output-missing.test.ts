import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { SiteError } from '../../src/errors.ts';
import { startPreviewServer } from '../../src/dev/preview.ts';

describe('startPreviewServer', () => {
  it('reports a missing output folder as OutputMissing, with the hint to build first', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'agency-site-preview-'));
    try {
      const config = resolveConfig({ root, out: 'dist' });
      const error = await startPreviewServer(config, { port: 0, host: '127.0.0.1' }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(SiteError);
      expect(error).toMatchObject({
        code: 'OutputMissing',
        message: `There is no built site in ${config.outDir}.`,
        hint: expect.stringContaining('agency-site build'),
      });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
