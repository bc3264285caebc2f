/**
 * Symbolic links in content/ and public/ (a pull request can add them) never make the build read,
 * print or publish a file from outside the project, and the dev watcher never follows them out.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { resolveConfig } from '../../src/config.ts';
import { formatError, type SiteError } from '../../src/errors.ts';
import { watchSite } from '../../src/dev/watch.ts';
import { PROJECT_ROOT, runCli, siteErrorsOf, type TempProject } from '../helpers/project.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

const SECRET = 'SECRET_TOKEN=sk-live-do-not-print';

let project: TempProject;
let outside: string;
const links: string[] = [];

/** A link at `relative` in the project to `target`, removed after the test. */
async function link(target: string, relative: string): Promise<void> {
  await mkdir(path.dirname(project.file(relative)), { recursive: true });
  await symlink(target, project.file(relative));
  links.push(project.file(relative));
}

/** Every word the problems would print, in the terminal and in the overlay. */
const printed = (errors: SiteError[]) =>
  errors.map((error) => `${formatError(error)} ${String(error.cause ?? '')}`).join('\n');

beforeAll(async () => {
  project = await copyWarmProject('agency-site-links-');
  outside = await mkdtemp(path.join(os.tmpdir(), 'agency-site-outside-'));
  await writeFile(path.join(outside, 'secret.env'), `${SECRET}\nOTHER=1\n`);
  await writeFile(
    path.join(outside, 'page.md'),
    '---\ntitle: Outside\ndescription: A page from elsewhere.\n---\n\nPublished from outside.\n',
  );
  await writeFile(
    path.join(outside, 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>outside-logo</title></svg>',
  );
  await mkdir(path.join(outside, 'deep', 'deeper'), { recursive: true });
});

afterEach(async () => {
  for (const file of links.splice(0)) await unlink(file);
});

afterAll(async () => {
  await project?.cleanup();
  await rm(outside, { recursive: true, force: true });
});

const build = () => buildSite(resolveConfig({ root: project.root }), { write: false });

describe('symbolic links out of the project', () => {
  it('refuses a content file linked to a secret as SymlinkOutside at the link, printing no byte of it', async () => {
    await link(path.join(outside, 'secret.env'), 'content/pages/leak.md');
    const errors = await siteErrorsOf(build());
    expect(errors.map((error) => [error.code, error.file])).toEqual([['SymlinkOutside', 'content/pages/leak.md']]);
    expect(printed(errors)).not.toContain('SECRET');
    expect(printed(errors)).not.toContain('secret.env');
    expect(printed(errors)).not.toContain(outside);
    const cli = await runCli(['check'], { cwd: project.root });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('content/pages/leak.md [SymlinkOutside]');
    expect(cli.stdout + cli.stderr).not.toContain('SECRET');
  });

  it('does not publish a Markdown page linked from outside', async () => {
    await link(path.join(outside, 'page.md'), 'content/pages/outside.md');
    const errors = await siteErrorsOf(build());
    expect(errors.map((error) => [error.code, error.file])).toEqual([['SymlinkOutside', 'content/pages/outside.md']]);
  });

  it('refuses a portfolio image in public/ linked from outside, a linked folder, and a link to a project file outside public/', async () => {
    await unlink(project.file('public/images/portfolio/ai-customer-support.svg')).catch(() => undefined);
    await link(path.join(outside, 'logo.svg'), 'public/images/portfolio/ai-customer-support.svg');
    await link(path.join(outside, 'deep'), 'public/escape');
    await link(project.file('content/site.yaml'), 'public/site.txt');
    const errors = await siteErrorsOf(build());
    expect(errors.map((error) => [error.code, error.file]).sort()).toEqual([
      ['SymlinkOutside', 'public/escape'],
      ['SymlinkOutside', 'public/images/portfolio/ai-customer-support.svg'],
      ['SymlinkOutside', 'public/site.txt'],
    ]);
    expect(printed(errors)).not.toContain('outside-logo');
    await unlink(project.file('public/images/portfolio/ai-customer-support.svg'));
    links.splice(links.indexOf(project.file('public/images/portfolio/ai-customer-support.svg')), 1);
    await project.write(
      'public/images/portfolio/ai-customer-support.svg',
      await readFile(path.join(PROJECT_ROOT, 'public/images/portfolio/ai-customer-support.svg')),
    );
  });

  it('accepts a link that stays inside the project and publishes what it points at', async () => {
    await link(project.file('public/favicon.svg'), 'public/icon-copy.svg');
    const result = await build();
    expect(result.output.map((file) => file.path)).toContain('icon-copy.svg');
  });
});

describe('the dev watcher', () => {
  it('does not follow a linked folder out of the project, nor loop through a link to its own folder', async () => {
    await link(outside, 'content/elsewhere');
    await link(project.file('templates'), 'templates/loop');
    const watcher = watchSite(resolveConfig({ root: project.root }), { onBuild: () => undefined });
    try {
      await watcher.ready;
      const folders = watcher.watchedFolders();
      expect(folders.length).toBeGreaterThan(3);
      expect(
        folders.filter(
          (folder) =>
            folder.startsWith(outside) || folder.includes(`${path.sep}elsewhere`) || folder.includes(`${path.sep}loop`),
        ),
      ).toEqual([]);
    } finally {
      await watcher.close();
    }
  });
});
