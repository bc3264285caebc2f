/** The CLI as a real process: exit codes, what it prints on bad input, and that nothing is lost. */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, copyProject, lineOf, runCli, type CliResult, type TempProject } from './helpers/project.ts';
import { listLeftovers, snapshotFolder } from './helpers/snapshot.ts';

/** Built once; each test below puts back what it changes, except the last. */
let project: TempProject;

beforeAll(async () => {
  project = await copyProject();
  expect((await runCli(['build'], { cwd: project.root })).code).toBe(0);
});

afterAll(async () => {
  await project?.cleanup();
});

const run = (args: string[], env?: NodeJS.ProcessEnv) => runCli(args, { cwd: project.root, env });

describe('exit codes', () => {
  // Unknown commands and flags, --format and --base: see cli.test.ts.
  it('exits 2 on bad --site-url, --port and --root values, before building anything', async () => {
    const cases: Array<[string[], string]> = [
      [['build', '--site-url', 'ftp://example.com'], '[UsageError] --site-url must use http or https'],
      [['preview', '--port', 'eighty'], '[UsageError] --port must be a number from 0 to 65535, not "eighty"'],
      [['check', '--root', 'no-such-project'], '[UsageError] The project folder'],
    ];
    const results = await Promise.all(cases.map(([args]) => run(args)));
    results.forEach((result, index) => {
      const [args, words] = cases[index]!;
      expect({ args, code: result.code, stdout: result.stdout }).toEqual({ args, code: 2, stdout: '' });
      expect(result.stderr, args.join(' ')).toContain(words);
    });
    expect(await listLeftovers(project.file('dist'))).toEqual([]);
  });

  it('exits 1 on content errors and prints all of them with file:line:column, a code frame and a hint', async () => {
    const broken = await copyProject();
    try {
      await broken.edit(
        'content/site.yaml',
        'address: hello@northwindstudio.dev',
        'address: hello(at)northwindstudio.dev',
      );
      // The service file is written here whole, so the line numbers below are this test's own.
      await broken.write(
        'content/services/branding.md',
        '---\ntitle: Branding\norder: third\nicon: palette\nfeatures:\n  - Logo Design\n---\n\nA clear identity.\n',
      );
      const result = await runCli(['build'], { cwd: broken.root });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(
        [
          'content/services/branding.md:3:8 [FrontmatterInvalid] The field "order" must be a whole number, not "third".',
          '  1 | ---',
          '  2 | title: Branding',
          '> 3 | order: third',
          '    |        ^',
          '  4 | icon: palette',
          '  5 | features:',
          'hint: Write a whole number here.',
        ].join('\n'),
      );
      const line = lineOf(await broken.read('content/site.yaml'), 'address: hello(at)');
      expect(result.stderr).toContain(
        `content/site.yaml:${line}:14 [YamlInvalid] The field "contact.email.address" must be an email address`,
      );
      expect(result.stderr).toContain('2 problems found.');
    } finally {
      await broken.cleanup();
    }
  });

  it('prints the stack and says it is a bug when the generator itself fails, and exits 1', async () => {
    // A preloaded module breaks Buffer's compare for the first Markdown body taken from the disk
    // cache (its head, src/cache/codecs.ts): a stand-in for any bug of ours. The source maps that
    // map the stack still parse.
    const preload = path.join(os.tmpdir(), `agency-site-bug-${process.pid}.cjs`);
    await writeFile(
      preload,
      [
        'const compare = Buffer.prototype.compare;',
        'let broken = false;',
        'Buffer.prototype.compare = function (target, ...rest) {',
        "  if (!broken && Buffer.isBuffer(target) && target.toString('latin1') === JSON.stringify({ rawHtml: [] })) {",
        '    broken = true;',
        "    throw new TypeError('simulated bug');",
        '  }',
        '  return compare.call(this, target, ...rest);',
        '};',
      ].join('\n'),
    );
    const result = await run(['build'], { NODE_OPTIONS: `--require ${preload}` });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('internal error This is a bug in agency-site, not in your content.');
    expect(result.stderr).toContain('TypeError: simulated bug');
    // The frames point into src/, not into the bundle the launcher runs.
    expect(result.stderr).toMatch(/\n\s+at new KeptBody \(.*src[\\/]cache[\\/]codecs\.ts:\d+:\d+\)/);
    expect(result.stderr).not.toContain('node_modules/.cache/agency-site');
  });
});

describe('agency-site check', () => {
  it('checks everything without touching the output folder, and exits 1 on a broken link', async () => {
    const out = project.file('dist');
    const before = await snapshotFolder(out);
    const clean = await run(['check']);
    expect(clean).toMatchObject({ code: 0, stdout: expect.stringContaining('no problems') });

    await project.edit('content/legal/terms.md', '## Our services', '## Our services\n\nSee [our prices](/pricing).');
    try {
      const broken = await run(['check']);
      expect(broken.code).toBe(1);
      const line = lineOf(await project.read('content/legal/terms.md'), 'See [our prices](/pricing).');
      expect(broken.stderr).toContain(
        `content/legal/terms.md:${line}:18 [BrokenLink] The page /terms links to "/pricing"`,
      );
    } finally {
      await project.edit('content/legal/terms.md', '## Our services\n\nSee [our prices](/pricing).', '## Our services');
    }
    expect(await snapshotFolder(out)).toEqual(before);
    expect(await listLeftovers(out)).toEqual([]);
  });
});

describe('a write that fails', () => {
  it('leaves the previous output exactly as it was when the disk refuses a file (ulimit -f), and exits 1', async () => {
    const out = project.file('dist');
    const before = await snapshotFolder(out);
    await project.edit('content/about.md', 'title: About Us', 'title: About the studio');
    try {
      // No process may write a file over 8 blocks: writing index.html (about 13 KB) fails with EFBIG.
      const result = await new Promise<CliResult>((resolve) => {
        execFile(
          '/bin/sh',
          ['-c', 'ulimit -f 8 && exec "$0" "$@"', process.execPath, CLI, 'build'],
          { cwd: project.root, env: { ...process.env, NO_COLOR: '1' } },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        );
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /dist\/\S+ \[WriteFailed\] The build failed while writing the new output \(EFBIG: file too large/,
      );
      expect(result.stderr).toContain('The previous output is untouched.');
    } finally {
      await project.edit('content/about.md', 'title: About the studio', 'title: About Us');
    }
    expect(await snapshotFolder(out)).toEqual(before);
    expect(await listLeftovers(out)).toEqual([]);
  });
});

/** A PNG whose header reads (800 by 600) but whose pixels do not: image-size passes it, the encoder cannot. */
function brokenPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(800, 0);
  header.writeUInt32BE(600, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from('not zlib')),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('an image that cannot be made', () => {
  it('fails the build with ImageFailed on the public/ file (made in the encoder process), and the previous output stays', async () => {
    const broken = await copyProject();
    try {
      expect((await runCli(['build'], { cwd: broken.root })).code).toBe(0);
      const out = broken.file('dist');
      const before = await snapshotFolder(out);
      await broken.write('public/images/portfolio/ecommerce-platform.png', brokenPng());
      await broken.edit('content/portfolio/ecommerce-platform.md', 'ecommerce-platform.svg', 'ecommerce-platform.png');
      const result = await runCli(['build'], { cwd: broken.root });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /public\/images\/portfolio\/ecommerce-platform\.png \[ImageFailed\] The image public\/images\/portfolio\/ecommerce-platform\.png could not be converted to (AVIF|WEBP|PNG): \S/,
      );
      expect(await snapshotFolder(out)).toEqual(before);
      expect(await listLeftovers(out)).toEqual([]);
    } finally {
      await broken.cleanup();
    }
  });

  it('fails the build with SvgMalformed at the element an SVG never closes, which it used to publish', async () => {
    const broken = await copyProject();
    try {
      await broken.write(
        'public/images/portfolio/ecommerce-platform.svg',
        '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">\n  <rect fill="url(#',
      );
      const result = await runCli(['check'], { cwd: broken.root });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^error public\/images\/portfolio\/ecommerce-platform\.svg:2:3 \[SvgMalformed\] The SVG public\/images\/portfolio\/ecommerce-platform\.svg is not well-formed XML: the element <rect> is never closed\./m,
      );
      expect(result.stderr.match(/\[SvgMalformed\]/g)).toHaveLength(1);
    } finally {
      await broken.cleanup();
    }
  });
});

describe('raw HTML in Markdown', () => {
  it('is left out with a warning at its line, and kept only with --allow-html', async () => {
    await project.edit(
      'content/legal/terms.md',
      '## Our services',
      '<script>document.title = "pwned"</script>\n\n## Our services',
    );
    const line = lineOf(await project.read('content/legal/terms.md'), '<script>');
    const sanitized = await run(['build']);
    expect(sanitized.code).toBe(0);
    expect(sanitized.stderr).toContain(`warning content/legal/terms.md:${line}:1 [RawHtmlRemoved]`);
    expect(await project.read('dist/terms.html')).not.toContain('pwned');
    // The next build takes the Markdown from the build cache, with where its raw HTML was.
    const cached = await run(['build', '--verbose']);
    expect(cached.stderr).toContain('"markdown":0');
    expect(cached.stderr).toContain(`warning content/legal/terms.md:${line}:1 [RawHtmlRemoved]`);

    const allowed = await run(['build', '--allow-html']);
    expect(allowed).toMatchObject({ code: 0, stderr: '' });
    expect(await project.read('dist/terms.html')).toContain('<script>document.title = "pwned"</script>');
  });
});
