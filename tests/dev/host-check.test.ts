import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { isAllowedHost, isAllowedOrigin } from '../../src/dev/host-check.ts';
import { DEV_PATHS } from '../../src/dev/protocol.ts';
import { serveBuiltProject } from '../helpers/serve.ts';

/** A GET with the headers a browser on another site would send; the first bytes of the body. */
function get(
  origin: string,
  target: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: target, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
        // The event stream never ends: its first message is enough.
        if (target === DEV_PATHS.events && body.includes('\n\n')) response.destroy();
      });
      response.on('close', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const served = serveBuiltProject('agency-site-host-', (project) => resolveConfig({ root: project.root }));

describe.each(served.servers)('the %s server (DNS rebinding)', (_name, url) => {
  it('answers 403 to a page whose Host is another name, however it resolved', async () => {
    const port = new URL(url()).port;
    for (const host of [
      `evil.example:${port}`,
      'evil.example',
      `localhost.evil.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
    ]) {
      const response = await get(url(), '/terms', { host });
      expect(response.status, JSON.stringify(host)).toBe(403);
      expect(response.body, host).not.toContain('<html');
    }
  });

  it('serves localhost, 127.0.0.1 and [::1] on any port', async () => {
    for (const host of ['localhost', 'localhost:4700', '127.0.0.1:1', '[::1]:4321', 'LOCALHOST']) {
      expect((await get(url(), '/terms', { host })).status, host).toBe(200);
    }
  });
});

describe('the dev event stream', () => {
  it('refuses another origin even with an allowed Host, and keeps the errors to itself', async () => {
    const refused = await get(served.devUrl(), DEV_PATHS.events, {
      host: '127.0.0.1',
      origin: 'http://evil.example:4700',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).not.toContain('"type"');
    const own = await get(served.devUrl(), DEV_PATHS.events, {
      host: '127.0.0.1',
      origin: new URL(served.devUrl()).origin,
    });
    expect(own.status).toBe(200);
    expect(own.body).toContain('"type":"hello"');
  });
});

describe('isAllowedHost', () => {
  it('accepts loopback names, IP literals and the --host, and nothing else', () => {
    expect(isAllowedHost('app.localhost:3000', '127.0.0.1')).toBe(true);
    expect(isAllowedHost('192.168.1.20:4321', '0.0.0.0')).toBe(true);
    expect(isAllowedHost('studio.lan:4321', 'studio.lan')).toBe(true);
    expect(isAllowedHost('studio.lan:4321', '127.0.0.1')).toBe(false);
    expect(isAllowedHost('evil.example', '0.0.0.0')).toBe(false);
    expect(isAllowedHost(undefined, '127.0.0.1')).toBe(false);
    expect(isAllowedHost('localhost:80:80', '127.0.0.1')).toBe(false);
    expect(isAllowedHost('[::1', '127.0.0.1')).toBe(false);
    expect(isAllowedOrigin('https://localhost', '127.0.0.1')).toBe(false);
    expect(isAllowedOrigin('null', '127.0.0.1')).toBe(false);
    expect(isAllowedOrigin(undefined, '127.0.0.1')).toBe(true);
  });
});
