/**
 * content/redirects.yaml end to end: every problem at its entry's line, the `_redirects` file, the
 * page left at each old path, the moved-page guard between builds, and `check --against` a sitemap
 * given as a file and as a URL of a real server on 127.0.0.1.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HtmlValidate } from 'html-validate';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSite } from '../src/build.ts';
import { resolveConfig, type Options } from '../src/config.ts';
import { SiteError } from '../src/errors.ts';
import { loadSitemapPages } from '../src/redirects/sitemap.ts';
import { HTML_VALIDATE_CONFIG } from './helpers/html-validate-config.ts';
import { copyProject, pageSource, runCli, siteErrorsOf, type TempProject } from './helpers/project.ts';
import { serveBuiltProject } from './helpers/serve.ts';

let project: TempProject;
beforeEach(async () => {
  project = await copyProject('agency-site-redirects-');
});
afterEach(() => project.cleanup());

const build = (options: Options = {}, write = true) =>
  buildSite(resolveConfig({ root: project.root, threads: 0, ...options }), { write });

async function errorOf(step: Promise<unknown>): Promise<SiteError> {
  const thrown = await step.then(
    () => expect.fail('expected a problem'),
    (error: unknown) => error,
  );
  if (!(thrown instanceof SiteError)) throw thrown;
  return thrown;
}

const problems = (errors: Array<{ code: string; line?: number; message: string }>) =>
  errors.map(({ code, line, message }) => ({ code, line, message })).sort((a, b) => (a.line ?? 0) - (b.line ?? 0));

describe('content/redirects.yaml', () => {
  it('reports every redirect that cannot work at the line of its entry, all at once', async () => {
    const yaml = [
      '- from: /old-terms', // fine
      '  to: /terms',
      '- from: /gone', // leads nowhere
      '  to: /no-such-page',
      '- from: /terms', // a live page
      '  to: /privacy-policy',
      '- from: /old-terms/', // the same source as line 1
      '  to: /refund-policy',
      '- from: /first', // a chain: /first -> /old-terms -> /terms
      '  to: /old-terms',
      '- from: /ping', // a loop
      '  to: /pong',
      '- from: /pong',
      '  to: /ping',
      '',
    ].join('\n');
    await project.write('content/redirects.yaml', yaml);
    const errors = await siteErrorsOf(build());
    expect(errors.every((error) => error.code === 'RedirectInvalid' && error.file === 'content/redirects.yaml')).toBe(
      true,
    );
    expect(problems(errors).map(({ line, message }) => [line, message.split(':')[0]])).toEqual([
      [4, 'The redirect leads to "/no-such-page", but /no-such-page is not a page or file of this site.'],
      [5, 'The redirect starts at /terms, but /terms is a page of this site'],
      [7, 'The redirect from /old-terms/ is listed twice (also on line 1), so where it leads would be a guess.'],
      [10, 'The redirect leads to /old-terms, which redirects again to /terms'],
      [12, 'The redirects /ping -> /pong -> /ping go round in a circle, so /ping never arrives anywhere.'],
      [14, 'The redirects /pong -> /ping -> /pong go round in a circle, so /pong never arrives anywhere.'],
    ]);
    const chain = errors.find((error) => error.line === 10)!;
    expect(chain.hint).toBe('Point "to" straight at /terms.');
    expect(chain.column).toBe(7);
  });

  it('refuses a "from" that is not a path of this site, a "to" that is no address and an unknown status, at their lines', async () => {
    const yaml = [
      '- from: old-page',
      '  to: /terms',
      '- from: /search?q=x',
      '  to: /terms',
      '- from: /styles.css',
      '  to: /terms',
      '- from: /old',
      '  to: javascript:alert(1)',
      '- from: /older',
      '  to: /terms',
      '  status: 307',
      '',
    ].join('\n');
    await project.write('content/redirects.yaml', yaml);
    const errors = await siteErrorsOf(build());
    expect(problems(errors).map(({ code, line }) => [code, line])).toEqual([
      ['YamlInvalid', 1],
      ['YamlInvalid', 3],
      ['YamlInvalid', 5],
      ['YamlInvalid', 8],
      ['YamlInvalid', 11],
    ]);
    expect(errors.find((error) => error.line === 1)!.message).toContain('must be a path on this site');
    expect(errors.find((error) => error.line === 11)!.message).toContain('must be 301');
  });

  it('leads to a page, an anchor of the home page, a file of public/ and another site', async () => {
    await project.write(
      'content/redirects.yaml',
      '- from: /old-terms.html\n  to: /terms\n- from: /team\n  to: /#about\n  status: 302\n- from: /logo\n  to: /images/logo.svg\n- from: /blog/\n  to: https://blog.example.com/\n',
    );
    await build();
    expect(await project.read('dist/_redirects')).toBe(
      [
        '# Made by agency-site from content/redirects.yaml: old path, new address, status.',
        '/old-terms.html /terms 301',
        '/team /#about 302',
        '/logo /images/logo.svg 301',
        '/blog/ https://blog.example.com/ 301',
        '',
      ].join('\n'),
    );
    const page = await project.read('dist/old-terms.html');
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/terms"/>');
    expect(page).toContain('<link rel="canonical" href="https://northwindstudio.dev/terms"/>');
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    expect(page).toContain('<a class="button button-primary" href="/terms">Go to the new page</a>');
    // The site's look: its header, footer and stylesheet.
    expect(page).toMatch(/<header class="site-header"[\s\S]*<footer/);
    expect(await project.read('dist/team.html')).toContain('content="0; url=/#about"');
    expect(await project.read('dist/blog.html')).toContain('<link rel="canonical" href="https://blog.example.com/"/>');
    const sitemap = await project.read('dist/sitemap.xml');
    for (const old of ['old-terms', 'team', 'logo', 'blog']) expect(sitemap).not.toContain(`.dev/${old}`);
    const validator = new HtmlValidate(HTML_VALIDATE_CONFIG);
    const report = await validator.validateString(page, 'old-terms.html');
    expect(report.results.flatMap((result) => result.messages.map((message) => message.message))).toEqual([]);
    // No inline script: the only script is the site's own, named by the Content-Security-Policy.
    expect(page.match(/<script[^>]*>/g)).toEqual([expect.stringMatching(/^<script src="\/assets\/main-/)]);
  });

  it('writes the page at each old path in the directory format under the base, and _redirects with the base', async () => {
    await project.write('content/redirects.yaml', '- from: /old-terms\n  to: /terms\n');
    await build({ format: 'directory', base: '/sub/' });
    expect(await project.read('dist/old-terms/index.html')).toContain('content="0; url=/sub/terms/"');
    expect(await project.read('dist/_redirects')).toContain('\n/sub/old-terms /sub/terms/ 301\n');
  });

  it('builds no _redirects when the file is absent or empty', async () => {
    await project.remove('content/redirects.yaml');
    const absent = await build();
    expect(absent.output.map((file) => file.path)).not.toContain('_redirects');
    await project.write('content/redirects.yaml', '[]\n');
    const empty = await build();
    expect(empty.output.map((file) => file.path)).not.toContain('_redirects');
  });
});

describe('the moved-page guard', () => {
  beforeEach(() => project.write('content/pages/launch.md', pageSource('Launch', 'We launched.')));

  it('warns at the removed page when a page the last build published is gone without a redirect', async () => {
    expect((await build()).warnings.filter((warning) => warning.code === 'PageGone')).toEqual([]);
    await project.remove('content/pages/launch.md');
    const after = await build();
    const gone = after.warnings.filter((warning) => warning.code === 'PageGone');
    expect(gone.map(({ file, message, severity }) => ({ file, message: message.split('. ')[0], severity }))).toEqual([
      {
        file: 'content/pages/launch.md',
        message: '/launch is gone: add a redirect from it in content/redirects.yaml',
        severity: 'warning',
      },
    ]);
    expect(gone[0]!.hint).toContain('- from: /launch');
    // The warning stays, build after build, until a redirect covers the page; --strict fails on it.
    expect((await build()).warnings.map((warning) => warning.code)).toContain('PageGone');
    const strict = resolveConfig({ root: project.root, threads: 0 });
    expect((await siteErrorsOf(buildSite(strict, { strict: true }))).map((error) => error.code)).toContain('PageGone');
  });

  it('is quiet when a redirect covers the removed page, and the page at its old path takes over', async () => {
    await build();
    await project.remove('content/pages/launch.md');
    await project.edit('content/redirects.yaml', /$/, '- from: /launch\n  to: /#services\n');
    const after = await build();
    expect(after.warnings.filter((warning) => warning.code === 'PageGone')).toEqual([]);
    expect(await project.read('dist/launch.html')).toContain('content="0; url=/#services"');
  });

  it('compares nothing with --no-cache, and check does not replace the record of the last written build', async () => {
    await build({ cache: false });
    await project.remove('content/pages/launch.md');
    expect((await build({ cache: false })).warnings.filter((w) => w.code === 'PageGone')).toEqual([]);
    await project.write('content/pages/launch.md', pageSource('Launch', 'We launched.'));
    await build();
    await project.remove('content/pages/launch.md');
    // check compares with the last build that wrote its output, and keeps that record as it was.
    for (let run = 0; run < 2; run++) {
      const checked = await build({}, false);
      expect(checked.warnings.filter((w) => w.code === 'PageGone').map((w) => w.file)).toEqual([
        'content/pages/launch.md',
      ]);
    }
  }, 120_000);
});

describe('check --against', () => {
  const sitemap = (paths: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths
      .map((path) => `  <url><loc>https://northwindstudio.dev${path}</loc></url>`)
      .join('\n')}\n</urlset>\n`;
  let server: Server;
  let origin: string;
  let served = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/sitemap.xml') response.writeHead(200, { 'content-type': 'application/xml' }).end(served);
      else if (request.url === '/huge.xml') {
        // Declares nothing and sends more than the limit: counted as it arrives.
        response.writeHead(200);
        response.end(Buffer.alloc(64 * 1024, 'a'));
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('warns for each page a sitemap file lists that is gone, at content/redirects.yaml', async () => {
    await project.write('live-sitemap.xml', sitemap(['/', '/terms', '/services/seo', '/contact', '/privacy']));
    const previous = await loadSitemapPages('live-sitemap.xml', { base: '/', cwd: project.root });
    const result = await buildSite(resolveConfig({ root: project.root, threads: 0, cache: false }), {
      write: false,
      previous,
    });
    const gone = result.warnings.filter((warning) => warning.code === 'PageGone');
    // /contact and /privacy are covered by the shipped redirects.
    expect(gone.map(({ file, message }) => [file, message.split(':')[0]])).toEqual([
      ['content/redirects.yaml', '/services/seo is gone'],
    ]);
  });

  it('reads the live sitemap from a URL, with exit 0 and the warning on the terminal', async () => {
    served = sitemap(['/', '/terms', '/old-news']);
    const run = await runCli(['check', '--root', project.root, '--against', `${origin}/sitemap.xml`]);
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).toContain('/old-news is gone: add a redirect from it in content/redirects.yaml');
    const strict = await runCli(['check', '--root', project.root, '--strict', '--against', `${origin}/sitemap.xml`]);
    expect(strict.code).toBe(1);
  });

  it('refuses a sitemap URL that answers 404, a body over the size limit and a file that is no sitemap', async () => {
    const missing = await errorOf(loadSitemapPages(`${origin}/nothing.xml`, { base: '/' }));
    expect(missing.message).toContain('the server answered 404');
    const huge = await errorOf(loadSitemapPages(`${origin}/huge.xml`, { base: '/', maxBytes: 1024 }));
    expect(huge.message).toContain('larger than');
    await project.write('index.html', '<!DOCTYPE html><title>x</title>');
    const html = await errorOf(loadSitemapPages('index.html', { base: '/', cwd: project.root }));
    expect([html.code, html.message]).toEqual([
      'SitemapUnreadable',
      'The sitemap index.html given to --against cannot be read: it has no <urlset> element, so it is not a sitemap.',
    ]);
  });

  it('keeps only the sitemap URLs under the base, as site paths', async () => {
    await project.write(
      'sub.xml',
      '<urlset><url><loc>https://x.dev/sub/</loc></url><url><loc>https://x.dev/sub/terms</loc></url><url><loc>https://x.dev/other</loc></url><url><loc>javascript:alert(1)</loc></url></urlset>',
    );
    const pages = await loadSitemapPages('sub.xml', { base: '/sub/', cwd: project.root });
    expect(pages.pages.map((page) => page.path)).toEqual(['/', '/terms']);
  });
});

describe('dev and preview', () => {
  const served = serveBuiltProject('agency-site-redirects-served-', (copy) =>
    resolveConfig({ root: copy.root, threads: 0 }),
  );
  it.each(served.servers)('%s serves the page at an old path, which sends the browser on', async (_name, url) => {
    const response = await fetch(new URL('/privacy', url()));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<meta http-equiv="refresh" content="0; url=/privacy-policy"/>');
  });
});
