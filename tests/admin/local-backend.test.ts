/**
 * The local backend writes only inside content/ and public/, and answers only this dev server's
 * own pages: a path outside, a symlink leading out, another origin, a GET or a form post are refused.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminRoute } from '../../src/admin/dev-route.ts';
import { createLocalBackend, RefusedPath } from '../../src/admin/local-backend.ts';

let root: string;
let outside: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'agency-site-backend-'));
  outside = await mkdtemp(path.join(os.tmpdir(), 'agency-site-outside-'));
  await mkdir(path.join(root, 'content', 'services'), { recursive: true });
  await mkdir(path.join(root, 'public'), { recursive: true });
  await mkdir(path.join(root, 'src'), { recursive: true });
  await writeFile(path.join(root, 'content', 'services', 'a.md'), '---\ntitle: A\n---\n\nText.\n');
  await symlink(outside, path.join(root, 'content', 'elsewhere'));
  const route = createAdminRoute({ root, base: '/', host: '127.0.0.1' });
  server = createServer((request, response) => {
    if (!route(request, response, request.url ?? '/')) {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${origin}/admin/api/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...headers },
    body: JSON.stringify(body),
  });

describe('the local backend', () => {
  it('lists, reads and writes entries inside content/', async () => {
    const listed = await (
      await post({ action: 'entriesByFolder', params: { folder: 'content/services', extension: 'md', depth: 1 } })
    ).json();
    expect(listed).toMatchObject([{ data: '---\ntitle: A\n---\n\nText.\n', file: { path: 'content/services/a.md' } }]);
    const saved = await post({
      action: 'persistEntry',
      params: { entry: { path: 'content/services/b.md', raw: '---\ntitle: B\n---\n' }, assets: [] },
    });
    expect(saved.status).toBe(200);
    expect(await readFile(path.join(root, 'content', 'services', 'b.md'), 'utf8')).toBe('---\ntitle: B\n---\n');
  });

  it('answers an address naming no entry (Decap sends no path) with 404 and what to do, not a refusal', async () => {
    const response = await post({ action: 'getEntry', params: { collection: 'site', slug: 'nope' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'This collection has no such entry: pick one from its list.' });
  });

  it('stores an upload inside public/', async () => {
    const asset = {
      path: 'public/images/uploads/dot.svg',
      content: Buffer.from('<svg/>').toString('base64'),
      encoding: 'base64',
    };
    const response = await post({ action: 'persistMedia', params: { asset } });
    expect(response.status).toBe(200);
    expect(await readFile(path.join(root, 'public', 'images', 'uploads', 'dot.svg'), 'utf8')).toBe('<svg/>');
  });

  it('refuses to write outside content/ and public/, and writes nothing of a save that names such a path', async () => {
    for (const target of [
      'src/evil.ts',
      '../evil.md',
      'content/../src/evil.ts',
      '/tmp/evil.md',
      'package.json',
      'content/elsewhere/evil.md',
    ]) {
      const response = await post({
        action: 'persistEntry',
        params: {
          entry: { path: 'content/services/c.md', raw: 'x' },
          dataFiles: [
            { path: 'content/services/c.md', raw: 'x' },
            { path: target, raw: 'x' },
          ],
          assets: [],
        },
      });
      expect(response.status, target).toBe(403);
    }
    await expect(readFile(path.join(root, 'content', 'services', 'c.md'))).rejects.toThrow();
    await expect(readFile(path.join(root, 'src', 'evil.ts'))).rejects.toThrow();
    await expect(readFile(path.join(outside, 'evil.md'))).rejects.toThrow();
    await expect(
      createLocalBackend(root).act({ action: 'getEntry', params: { path: 'src/../../etc/passwd' } }),
    ).rejects.toBeInstanceOf(RefusedPath);
  });

  it('checks a rename target before it writes anything: a refused newPath leaves the entry unwritten', async () => {
    // Regression (issue 39): the 403 came after `path` had been written.
    for (const newPath of ['src/evil.md', 'content/elsewhere/evil.md', '../evil.md']) {
      const response = await post({
        action: 'persistEntry',
        params: { entry: { path: 'content/services/d.md', raw: 'x', newPath }, assets: [] },
      });
      expect(response.status, newPath).toBe(403);
    }
    await expect(readFile(path.join(root, 'content', 'services', 'd.md'))).rejects.toThrow();
    await expect(readFile(path.join(outside, 'evil.md'))).rejects.toThrow();
  });

  it('answers only POSTs of JSON from its own origin', async () => {
    expect((await post({ action: 'info' }, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await post({ action: 'info' }, { origin: 'http://localhost:1' })).status).toBe(403);
    expect((await post({ action: 'info' }, { 'content-type': 'text/plain' })).status).toBe(415);
    const noOrigin = await fetch(`${origin}/admin/api/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"action":"info"}',
    });
    expect(noOrigin.status).toBe(403);
    expect((await fetch(`${origin}/admin/api/v1`)).status).toBe(405);
    expect(await (await post({ action: 'info' })).json()).toMatchObject({
      publish_modes: ['simple'],
      type: 'local_fs',
    });
    expect((await post({ action: 'nonsense' })).status).toBe(422);
  });
});
