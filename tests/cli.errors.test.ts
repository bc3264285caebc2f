/** The CLI as a real process: exit codes, what it prints on bad input, and that nothing is lost. */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, copyProject, runCli, type CliResult, type TempProject } from './helpers/project.ts';
import { listLeftovers, snapshotFolder } from './helpers/snapshot.ts';

let project: TempProject;

beforeAll(async () => {
  project = await copyProject();
});

afterAll(async () => {
  await project?.cleanup();
});

const run = (args: string[], env?: NodeJS.ProcessEnv) => runCli(args, { cwd: project.root, env });

describe('exit codes', () => {
  it('exits 2 on usage errors: unknown flags and commands, and bad --format, --base, --site-url, --port and --root values', async () => {
    const cases: Array<[string[], string]> = [
      [['build', '--bogus'], "unknown option '--bogus'"],
      [['publish'], "unknown command 'publish'"],
      [['build', '--format', 'pretty'], "Allowed choices are file, directory"],
      [['check', '--base', '/a b/'], '[UsageError] --base "/a b/" must be a plain path'],
      [['build', '--site-url', 'ftp://example.com'], '[UsageError] --site-url must use http or https'],
      [['build', '--site-url', 'example.com'], '[UsageError] --site-url "example.com" is not an absolute URL'],
      [['preview', '--port', 'eighty'], '[UsageError] --port must be a number from 0 to 65535, not "eighty"'],
      [['dev', '--port', '70000'], '[UsageError] --port must be a number'],
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

  it('exits 0 for --help and --version', async () => {
    const [help, version] = await Promise.all([run(['build', '--help']), run(['--version'])]);
    expect([help.code, version.code]).toEqual([0, 0]);
    expect(help.stdout).toContain('--allow-html');
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('exits 1 on content errors and prints all of them with file:line:column, a code frame and a hint', async () => {
    const broken = await copyProject();
    try {
      await broken.edit('content/site.yaml', 'address: hello@northwindstudio.dev', 'address: hello(at)northwindstudio.dev');
      await broken.edit('content/services/branding.md', 'order: 3', 'order: third');
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
      expect(result.stderr).toContain('content/site.yaml:82:14 [YamlInvalid] The field "contact.email.address" must be an email address');
      expect(result.stderr).toContain('2 problems found.');
    } finally {
      await broken.cleanup();
    }
  });

  it('prints the stack and says it is a bug when the generator itself fails, and exits 1', async () => {
    // A preloaded module breaks JSON.parse for the template source map: a stand-in for any bug of ours.
    const preload = path.join(os.tmpdir(), `agency-site-bug-${process.pid}.cjs`);
    await writeFile(
      preload,
      "const parse = JSON.parse;\nJSON.parse = function (text, ...rest) {\n  if (typeof text === 'string' && text.includes('\"mappings\"')) throw new TypeError('simulated bug');\n  return parse.call(this, text, ...rest);\n};\n",
    );
    const result = await run(['build'], { NODE_OPTIONS: `--require ${preload}` });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('internal error This is a bug in agency-site, not in your content.');
    expect(result.stderr).toContain('TypeError: simulated bug');
    expect(result.stderr).toMatch(/\n\s+at .*loadTemplates/);
  });
});

describe('agency-site check', () => {
  it('checks everything without touching the output folder, and exits 1 on a broken link', async () => {
    const site = await copyProject();
    try {
      expect((await runCli(['build'], { cwd: site.root })).code).toBe(0);
      const out = site.file('dist');
      const before = await snapshotFolder(out);

      const clean = await runCli(['check'], { cwd: site.root });
      expect(clean).toMatchObject({ code: 0, stdout: expect.stringContaining('no problems') });

      await site.edit('content/legal/terms.md', '## Our services', '## Our services\n\nSee [our prices](/pricing).');
      const broken = await runCli(['check'], { cwd: site.root });
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain('content/legal/terms.md:12:18 [BrokenLink] The page /terms links to "/pricing"');

      expect(await snapshotFolder(out)).toEqual(before);
      expect(await listLeftovers(out)).toEqual([]);
    } finally {
      await site.cleanup();
    }
  });
});

describe('raw HTML in Markdown', () => {
  it('is left out with a warning at its line, and kept only with --allow-html', async () => {
    const site = await copyProject();
    try {
      await site.edit('content/legal/terms.md', '## Our services', '<script>document.title = "pwned"</script>\n\n## Our services');
      const sanitized = await runCli(['build'], { cwd: site.root });
      expect(sanitized.code).toBe(0);
      expect(sanitized.stderr).toContain('warning content/legal/terms.md:10:1 [RawHtmlRemoved]');
      expect(await site.read('dist/terms.html')).not.toContain('pwned');

      const allowed = await runCli(['build', '--allow-html'], { cwd: site.root });
      expect(allowed).toMatchObject({ code: 0, stderr: '' });
      expect(await site.read('dist/terms.html')).toContain('<script>document.title = "pwned"</script>');
    } finally {
      await site.cleanup();
    }
  });
});

describe('a write that fails', () => {
  it('leaves the previous output exactly as it was when the disk refuses a file (ulimit -f), and exits 1', async () => {
    const site = await copyProject();
    try {
      expect((await runCli(['build'], { cwd: site.root })).code).toBe(0);
      const out = site.file('dist');
      const before = await snapshotFolder(out);
      await site.edit('content/about.md', 'title: About Us', 'title: About the studio');
      // No process may write a file over 8 blocks: writing index.html (about 13 KB) fails with EFBIG.
      const result = await new Promise<CliResult>((resolve) => {
        execFile('/bin/sh', ['-c', 'ulimit -f 8 && exec "$0" "$@"', process.execPath, CLI, 'build'], { cwd: site.root, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        );
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/dist\/\S+ \[WriteFailed\] The build failed while writing the new output \(EFBIG: file too large/);
      expect(result.stderr).toContain('The previous output is untouched.');
      expect(await snapshotFolder(out)).toEqual(before);
      expect(await listLeftovers(out)).toEqual([]);
    } finally {
      await site.cleanup();
    }
  });
});
