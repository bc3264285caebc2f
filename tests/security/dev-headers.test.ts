/**
 * dev and preview send production's security headers (the built `_headers`) on every response:
 * pages, a page from public/, /admin/, the 404 page, refusals, and dev's own client and channel.
 * Regression (issue 39): dev sent no policy at all, and any site could frame /admin/ of a running
 * dev server.
 */
import { request } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { headersFor, parseHeadersFile } from '../../src/dev/headers-file.ts';
import { DEV_PATHS } from '../../src/dev/protocol.ts';
import { serveBuiltProject } from '../helpers/serve.ts';

function get(
  origin: string,
  target: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: target, ...options }, (response) => {
      // The event stream never ends: its headers are enough.
      response.destroy();
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
    });
    req.on('error', reject);
    req.end();
  });
}

let outDir = '';
const served = serveBuiltProject('agency-site-dev-headers-', async (project) => {
  await project.write('public/brochure.html', '<!DOCTYPE html><title>Brochure</title><p>Our brochure</p>');
  const config = resolveConfig({ root: project.root });
  outDir = config.outDir;
  return config;
});

const REQUESTS: Array<[what: string, target: string, options?: { method?: string; headers?: Record<string, string> }]> =
  [
    ['the home page', '/'],
    ['a page from public/', '/brochure.html'],
    ['the CMS', '/admin/'],
    ['an unknown path (the 404 page)', '/no-such-page'],
    ['a refused method', '/terms', { method: 'POST' }],
    ['a refused Host', '/terms', { headers: { host: 'evil.example' } }],
  ];

describe.each(served.servers)('the %s server', (name, url) => {
  it.each(REQUESTS)('sends the built security headers for %s', async (_what, target, options) => {
    const rules = parseHeadersFile(await readFile(path.join(outDir, '_headers'), 'utf8'));
    const expected = headersFor(rules, target);
    const response = await get(url(), target, options);
    for (const header of ['x-frame-options', 'x-content-type-options', 'referrer-policy', 'permissions-policy'])
      expect(response.headers[header], `${header} on ${target}`).toBe(expected[header]);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'none'");
    // dev adds its client's hash to script-src, and nothing else.
    const sent = name === 'dev' ? policy.replace(/script-src 'sha256-[^']+' /, 'script-src ') : policy;
    expect(sent).toBe(expected['content-security-policy']);
  });

  it('does not serve _headers or _redirects, as hosts do not', async () => {
    expect((await get(url(), '/_headers')).status).toBe(404);
    expect((await get(url(), '/_redirects')).status).toBe(404);
  });
});

describe('the dev server', () => {
  it("sends the policy with its own client and channel, and the CMS's policy on /admin/", async () => {
    for (const target of [DEV_PATHS.client, DEV_PATHS.events]) {
      const response = await get(served.devUrl(), target, { headers: { origin: new URL(served.devUrl()).origin } });
      expect(response.headers['x-frame-options'], target).toBe('DENY');
      expect(String(response.headers['content-security-policy']), target).toContain("frame-ancestors 'none'");
    }
    const admin = await get(served.devUrl(), '/admin/');
    expect(String(admin.headers['content-security-policy'])).toContain("'unsafe-eval'");
  });
});
