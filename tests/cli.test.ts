/** The CLI as a real process: help, version, exit codes and what it prints. */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { copyProject, runCli, type TempProject } from './helpers/project.ts';

let project: TempProject;
beforeAll(async () => {
  project = await copyProject();
});
afterAll(async () => {
  await project.cleanup();
});

describe('agency-site CLI', () => {
  it('prints its version', async () => {
    const result = await runCli(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${packageJson.version}\n` });
  });

  it('lists the commands, and each command lists its flags with defaults', async () => {
    const main = await runCli(['--help']);
    expect(main.code).toBe(0);
    for (const command of ['build', 'check', 'dev', 'preview'])
      expect(main.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    const build = await runCli(['build', '--help']);
    expect(build.code).toBe(0);
    expect(build.stdout).toContain('--out <dir>');
    expect(build.stdout).toContain('(default: "dist")');
    expect(build.stdout).toContain('--base <path>');
    expect(build.stdout).toContain('--format <format>');
    const dev = await runCli(['dev', '--help']);
    expect(dev.stdout).toContain('(default: "4321")');
    expect(dev.stdout).toContain('(default: "127.0.0.1")');
  });

  it('exits 2 on an unknown command, an unknown flag or a bad flag value', async () => {
    expect((await runCli(['deploy'])).code).toBe(2);
    const flag = await runCli(['build', '--nope']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("unknown option '--nope'");
    const format = await runCli(['build', '--root', project.root, '--format', 'pretty']);
    expect(format.code).toBe(2);
    expect(format.stderr).toMatch(/Allowed choices are file, directory/);
    const base = await runCli(['build', '--root', project.root, '--base', '/../up']);
    expect(base.code).toBe(2);
    expect(base.stderr).toContain('--base');
  });

  it('builds the site, prints pages, bytes and time, and exits 0', async () => {
    const result = await runCli(['build', '--root', project.root]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // KB for the site alone, MB with the CMS in admin/.
    expect(result.stdout).toMatch(/^Built 11 pages, \d+ files, [\d.]+ (KB|MB) into .+dist in \d+ ms\.\n$/);
    expect(await readFile(project.file('dist/index.html'), 'utf8')).toMatch(/^<!DOCTYPE html><html lang="en">/);
  });

  it('exits 1 on a content error, names file and line, and keeps the previous output', async () => {
    const before = await readFile(project.file('dist/index.html'));
    const original = await project.read('content/services/branding.md');
    // Written here whole, so the line number below is this test's own.
    await project.write(
      'content/services/branding.md',
      '---\ntitle: Branding\norder: three\nicon: palette\nfeatures:\n  - Logo Design\n---\n\nA clear identity.\n',
    );
    try {
      const result = await runCli(['build', '--root', project.root]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        'content/services/branding.md:3:8 [FrontmatterInvalid] The field "order" must be a whole number, not "three".',
      );
      expect(result.stderr).toContain('> 3 | order: three');
      expect(result.stderr).toContain('hint:');
      expect(await readFile(project.file('dist/index.html'))).toEqual(before);
    } finally {
      await project.write('content/services/branding.md', original);
    }
  });

  it('checks without writing: exit 0 on good content, 1 on a broken link', async () => {
    const good = await runCli(['check', '--root', project.root, '--out', 'never']);
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(/^Checked 11 pages/);
    await project.edit('content/site.yaml', 'href: /#about', 'href: /#team');
    try {
      const bad = await runCli(['check', '--root', project.root, '--out', 'never']);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(
        /content\/site\.yaml:\d+:\d+ \[BrokenAnchor\] The pages \/, .* link to "\/#team", but the page \/ has no element with id="team"/,
      );
    } finally {
      await project.edit('content/site.yaml', 'href: /#team', 'href: /#about');
    }
    await expect(readFile(project.file('never/index.html'))).rejects.toThrow();
  });
});
