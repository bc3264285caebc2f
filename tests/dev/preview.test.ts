import { request, type Server } from 'node:http';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { resolveConfig } from '../../src/config.ts';
import { parseHeadersFile, headersFor } from '../../src/dev/headers-file.ts';
import { startPreviewServer } from '../../src/dev/preview.ts';
import { contentTypeOf, parseRange } from '../../src/dev/static.ts';
import type { TempProject } from '../helpers/project.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

function get(origin: string, target: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(new URL(target, origin), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

let project: TempProject;
let preview: { server: Server; url: string };
let outDir: string;

beforeAll(async () => {
  project = await copyWarmProject('agency-site-preview-');
  const config = resolveConfig({ root: project.root });
  await buildSite(config);
  outDir = config.outDir;
  // A file dropped into the output after the build, as a host would serve it.
  await writeFile(path.join(outDir, 'x.html'), '<!DOCTYPE html><title>x</title><script>alert(1)</script>');
  await writeFile(path.join(outDir, 'video.mp4'), Buffer.from('0123456789'));
  // As a build with content/redirects.yaml writes it.
  await writeFile(path.join(outDir, '_redirects'), '/old-page /terms 301\n');
  preview = await startPreviewServer(config, { port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await new Promise((done) => preview?.server.close(done));
  await project?.cleanup();
});

describe('agency-site preview', () => {
  it('sends the built _headers: the CSP on every page and file, so inline script in a file opened directly does not run', async () => {
    const rules = parseHeadersFile(await project.read('dist/_headers'));
    for (const target of ['/', '/terms', '/x.html', '/favicon.svg']) {
      const response = await get(preview.url, target);
      expect(response.headers['content-security-policy'], target).toBe(
        headersFor(rules, '/')['content-security-policy'],
      );
      expect(response.headers['content-security-policy'], target).toMatch(
        /script-src 'sha256-[^']+' https:\/\/\S+\.js;/,
      );
      expect(response.headers['content-security-policy'], target).not.toContain("script-src 'self'");
      expect(response.headers['x-frame-options'], target).toBe('DENY');
    }
    // Pages keep the host's default caching; hashed assets are immutable (the two rules of _headers).
    const asset = (await project.read('dist/index.html')).match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
    expect(asset).toBeDefined();
    expect((await get(preview.url, asset!)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(preview.url, '/terms')).headers['cache-control']).toBeUndefined();
    expect((await get(preview.url, '/_headers')).status).toBe(404);
  });

  it('does not serve _redirects either: a host reads it for its rules and answers 404', async () => {
    const response = await get(preview.url, '/_redirects');
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toContain('/old-page');
  });

  it('answers a Range request with 206 and the bytes asked for, and an unsatisfiable one with 416', async () => {
    const part = await get(preview.url, '/video.mp4', { range: 'bytes=2-5' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 2-5/10');
    expect(part.body.toString()).toBe('2345');
    const tail = await get(preview.url, '/video.mp4', { range: 'bytes=-3' });
    expect(tail.status).toBe(206);
    expect(tail.body.toString()).toBe('789');
    const whole = await get(preview.url, '/video.mp4');
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const past = await get(preview.url, '/video.mp4', { range: 'bytes=10-' });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */10');
  });

  it('takes content types from the maintained list, beyond the few the site makes itself', async () => {
    expect((await get(preview.url, '/video.mp4')).headers['content-type']).toBe('video/mp4');
    expect(contentTypeOf('report.pdf')).toBe('application/pdf');
    expect(contentTypeOf('app.wasm')).toBe('application/wasm');
    expect(contentTypeOf('favicon.ico')).toBe('image/x-icon');
    expect(contentTypeOf('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('unknown.zzz')).toBe('application/octet-stream');
  });
});

describe('parseRange', () => {
  it('reads one bytes= range and leaves anything else to a full response', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=4-', 10)).toEqual({ start: 4, end: 9 });
    expect(parseRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,4-5', 10)).toBeUndefined();
    expect(parseRange('items=0-1', 10)).toBeUndefined();
    expect(parseRange(undefined, 10)).toBeUndefined();
  });
});
