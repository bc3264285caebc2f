/**
 * Nothing in public/ runs on the site's own address unless the build says the repository is
 * trusted (--allow-scripts): scripts, XML, WebAssembly and the files static hosts run or obey are
 * refused at the file with a hint, and HTML and SVG only pass a real parser's reading. Every input
 * is written by the test; the CLI runs as a real process.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, runCli, type TempProject } from '../helpers/project.ts';

/** Refused files, each with what its error must say (code, and words of the hint). */
const REFUSED: Array<[file: string, contents: string, hint: string]> = [
  ['public/e.js', 'navigator.serviceWorker.register("/sw.js");\n', 'templates/browser/'],
  ['public/sw.js', 'self.addEventListener("fetch", () => {});\n', '--allow-scripts'],
  ['public/lib/module.mjs', 'export default 1;\n', '--allow-scripts'],
  ['public/app.wasm', '\0asm\u0001\0\0\0', '--allow-scripts'],
  [
    'public/feed.xml',
    '<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>\n',
    '.html',
  ],
  ['public/page.xht', '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>\n', '.html'],
  ['public/page.xhtml', '<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>\n', '.html'],
  ['public/style.xsl', '<xsl:stylesheet version="1.0"/>\n', '.html'],
  ['public/_worker.js', 'export default { fetch() { return new Response("owned"); } };\n', 'functions'],
  ['public/_redirects', '/* https://evil.example/:splat 302\n', 'content/redirects.yaml'],
  ['public/_headers', '/*\n  Content-Security-Policy: script-src *\n', 'writes _headers itself'],
  ['public/_routes.json', '{"version":1,"include":["/*"],"exclude":[]}\n', 'run code or rewrite requests'],
  ['public/staticwebapp.config.json', '{"routes":[]}\n', 'run code or rewrite requests'],
  ['public/run.sh', 'echo hi\n', 'extension of its type'],
  ['public/CNAME', 'evil.example\n', 'extension of its type'],
];

/** Passed: types that cannot run, and HTML and SVG with nothing active in them. */
const PUBLISHED: Array<[file: string, contents: string]> = [
  ['public/notes.txt', 'Plain text.\n'],
  ['public/app.webmanifest', '{"name":"Northwind"}\n'],
  ['public/docs/brochure.pdf', '%PDF-1.4\n%%EOF\n'],
  ['public/fonts/brand.woff2', 'wOF2'],
  ['public/landing.html', '<!DOCTYPE html><title>Landing</title><p>Hello <a href="/">home</a></p>\n'],
];

describe('agency-site check and build with files of every kind in public/', () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await copyProject('agency-site-public-');
    await mkdir(project.file('public/lib'), { recursive: true });
    await mkdir(project.file('public/docs'), { recursive: true });
    await mkdir(project.file('public/fonts'), { recursive: true });
    for (const [file, contents] of [...REFUSED, ...PUBLISHED]) await project.write(file, contents);
    // Regression (issue 23): a comment that opens a fake quoted attribute hid this script from the old scanner.
    await project.write(
      'public/promo.html',
      '<!DOCTYPE html>\n<title>Promo</title>\n<!-- <a title=\' --> <script src="/e.js"> <!-- \' > -->\n',
    );
    // UTF-16 reads as noise to a UTF-8 parser and as markup to the browser that sees its byte order mark.
    await project.write('public/wide.html', Buffer.from('\ufeff<script>alert(1)</script>\n', 'utf16le'));
    await project.write(
      'public/badge.svg',
      '<svg xmlns="http://www.w3.org/2000/svg">\n<desc><style><script>alert(1)</script></style></desc>\n</svg>\n',
    );
  });
  afterAll(async () => {
    await project?.cleanup();
  });

  it('refuses each executable or hosting file at its name with its hint, and the hidden script and SVG at their lines', async () => {
    const result = await runCli(['check'], { cwd: project.root });
    expect(result.code).toBe(1);
    for (const [file, , hint] of REFUSED) {
      const block = result.stderr.split('\n\n').find((part) => part.startsWith(`error ${file} [PublicFileType]`));
      expect(block, file).toBeDefined();
      expect(block, file).toContain(hint);
    }
    expect(result.stderr).toContain('public/promo.html:3:21 [UnsafeHtml]');
    expect(result.stderr).toContain('public/badge.svg:2:14 [UnsafeSvg]');
    expect(result.stderr).toContain('error public/wide.html [FileEncoding]');
    for (const [file] of PUBLISHED) expect(result.stderr).not.toContain(`${file}`);
    expect(result.stderr).not.toContain('InternalError');
  });

  it('fails build --strict too, leaving no output, where it used to pass without a warning', async () => {
    const result = await runCli(['build', '--strict'], { cwd: project.root });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('public/promo.html:3:21 [UnsafeHtml]');
    await expect(project.read('dist/e.js')).rejects.toThrow();
  });

  it('publishes scripts from a trusted repository (--allow-scripts), names them in the policy, and still refuses _headers, _redirects and the SVG', async () => {
    const refused = await runCli(['check', '--allow-scripts'], { cwd: project.root });
    expect(refused.code).toBe(1);
    const codes = [...refused.stderr.matchAll(/^error (\S+) \[(\w+)\]/gm)].map((match) => `${match[1]} ${match[2]}`);
    expect(codes.sort()).toEqual([
      'public/_headers PublicFileType',
      'public/_redirects PublicFileType',
      'public/badge.svg:2:14 UnsafeSvg',
    ]);
    await project.remove('public/wide.html');
    await project.remove('public/_headers');
    await project.remove('public/_redirects');
    await project.remove('public/badge.svg');
    const built = await runCli(['build', '--allow-scripts'], { cwd: project.root });
    expect(built.code, built.stderr).toBe(0);
    expect(await project.read('dist/e.js')).toContain('serviceWorker');
    expect(await project.read('dist/_headers')).toMatch(/script-src 'sha256-[^']+' \S+main-\w+\.js [^;]*\/e\.js/);
  });
});
