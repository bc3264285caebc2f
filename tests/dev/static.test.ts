import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { contentTypeOf } from '../../src/dev/static.ts';
import { requestPaths } from '../../src/site/routes.ts';
import { rawRequest } from '../helpers/http.ts';
import { serveBuiltProject } from '../helpers/serve.ts';

const SECRET = 'TOP-SECRET-OUTSIDE-THE-SITE';

/** Every way out of the served folder we know of; the secret sits one and two levels above it. */
const ATTACKS = [
  '/../secret.txt',
  '/../../secret.txt',
  '/assets/../../secret.txt',
  '/%2e%2e/secret.txt',
  '/%2E%2E/%2e%2e/secret.txt',
  '/.%2e/secret.txt',
  '/..%2fsecret.txt',
  '/%2e%2e%2fsecret.txt',
  '/assets%2f..%2f..%2fsecret.txt',
  '/..%5csecret.txt',
  '/..\\secret.txt',
  '/assets\\..\\..\\secret.txt',
  '/%252e%252e/secret.txt',
  '//secret.txt',
  '/secret.txt%00.html',
  '/%00/../secret.txt',
  '/leak.txt',
  '/leak',
  '/escape/secret.txt',
  '/images/../../secret.txt',
];

const served = serveBuiltProject(
  'agency-site-static-',
  async (project) => {
    await writeFile(project.file('secret.txt'), SECRET);
    await mkdir(project.file('outside'));
    await writeFile(project.file('outside/secret.txt'), SECRET);
    return resolveConfig({ root: project.root, out: 'site/dist' });
  },
  // Symlinks that point out of the built folder that preview serves. (Links out of public/ are
  // refused by the build itself: tests/security/symlinks.test.ts.)
  async (project, config) => {
    await writeFile(project.file('site/secret.txt'), SECRET);
    await symlink(project.file('secret.txt'), path.join(config.outDir, 'leak.txt'));
    await symlink(project.file('outside'), path.join(config.outDir, 'escape'));
  },
);

describe.each(served.servers)('the %s server', (_name, url) => {
  it('lets no request out of the output folder', async () => {
    for (const attack of ATTACKS) {
      const response = await rawRequest(url(), attack);
      expect(response.status, attack).not.toBe(200);
      expect(response.body, attack).not.toContain(SECRET);
    }
  });

  it('serves the routes without redirects, with their content types, and answers HEAD', async () => {
    for (const [target, type] of [
      ['/', 'text/html; charset=utf-8'],
      ['/terms', 'text/html; charset=utf-8'],
      ['/terms.html', 'text/html; charset=utf-8'],
      ['/favicon.svg', 'image/svg+xml'],
    ] as const) {
      const get = await rawRequest(url(), target);
      expect(get.status, target).toBe(200);
      expect(get.headers['content-type'], target).toBe(type);
      const head = await rawRequest(url(), target, 'HEAD');
      expect(head.status, target).toBe(200);
      expect(head.headers['content-length'], target).toBe(get.headers['content-length']);
      expect(head.body, target).toBe('');
    }
  });

  it('sends text gzipped to a browser that takes it, as static hosts do, and the rest as it is', async () => {
    const home = (await get(new URL('/', url()).href, {})).body.toString();
    const css = /href="[^"]*(\/assets\/site-[^"]+\.css)"/.exec(home)![1]!;
    const font = /href="[^"]*(\/assets\/[^"]+\.woff2)"/.exec(home)![1]!;
    for (const target of ['/', css, '/favicon.svg', '/nope']) {
      const plain = await get(new URL(target, url()).href, {});
      const response = await get(new URL(target, url()).href, { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.headers['content-encoding'], target).toBe('gzip');
      expect(response.headers.vary, target).toBe('accept-encoding');
      expect(plain.headers['content-type'], target).toBe(
        target === '/' || target === '/nope' ? 'text/html; charset=utf-8' : contentTypeOf(target),
      );
      expect(gunzipSync(response.body).equals(plain.body), target).toBe(true);
    }
    for (const [target, headers] of [
      [font, { 'accept-encoding': 'gzip' }],
      ['/', { 'accept-encoding': 'gzip;q=0, br' }],
      ['/', {}],
      ['/', { 'accept-encoding': 'gzip', range: 'bytes=0-9' }],
    ] as const) {
      const response = await get(new URL(target, url()).href, headers);
      expect(response.headers['content-encoding'], `${target} ${JSON.stringify(headers)}`).toBeUndefined();
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
    }
  });

  it('gives unknown paths and folders the 404 page with status 404, and refuses other methods', async () => {
    for (const target of ['/nope', '/assets/', '/images', '/terms/', '/index']) {
      const response = await rawRequest(url(), target);
      expect(response.status, target).toBe(target === '/index' ? 200 : 404);
      if (target !== '/index') expect(response.body, target).toContain('Oops! Page not found');
    }
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const response = await rawRequest(url(), '/', method);
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
  });
});

function get(target: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(target, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('requestPaths', () => {
  it('maps a path to the files a static host tries, and refuses anything that could leave the folder', () => {
    expect(requestPaths('/', '/')).toEqual(['index.html']);
    expect(requestPaths('/', '/terms?x=1#top')).toEqual(['terms', 'terms.html']);
    expect(requestPaths('/sub/', '/sub/terms/')).toEqual(['terms/index.html']);
    expect(requestPaths('/sub/', '/terms')).toBeUndefined();
    expect(requestPaths('/', '/.well-known/security.txt')).toEqual([
      '.well-known/security.txt',
      '.well-known/security.txt.html',
    ]);
    for (const hidden of ['/.well-known', '/.env', '/.well-known/.htaccess', '/a/.well-known/x.txt']) {
      expect(requestPaths('/', hidden), hidden).toBeUndefined();
    }
    // (A double-encoded %252e%252e is a harmless literal file name, and the symlinks are found later.)
    for (const attack of ATTACKS.slice(0, 16).filter((attack) => !attack.includes('%25'))) {
      expect(requestPaths('/', attack), attack).toBeUndefined();
    }
  });
});
