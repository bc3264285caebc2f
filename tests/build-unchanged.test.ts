/**
 * A build with nothing changed is answered from the last build's record (issue 27): the same
 * counts and warnings, no pipeline run, and the output left as it is. Anything the output depends
 * on that changed (a source file, even one with the same size and modification time; a file added;
 * the output folder edited by hand; the options; the instant a scheduled post is published) runs
 * the pipeline again, and so do --no-cache, --report, --strict with warnings, a failed build and a
 * killed build's leftovers.
 */
import { chmod, mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig, type Options } from '../src/config.ts';
import { buildUnlessUnchanged } from '../src/unchanged-build.ts';
import { walkTrees } from '../src/tree-walk.ts';
import { clockNs } from '../src/racy.ts';
import { copyProject, pageSource, replacePages, runCli, siteErrorsOf, type TempProject } from './helpers/project.ts';
import { readTree } from './helpers/tree.ts';

let project: TempProject;

beforeEach(async () => {
  project = await copyProject();
  await replacePages(project, {
    alpha: pageSource('Alpha', 'The first page.'),
    beta: pageSource('Beta', 'The second page.'),
  });
  await ageSources();
});
afterEach(() => project.cleanup());

/** A whole second long ago: older than any racy window, so the stats can vouch for the files. */
const LONG_AGO = new Date('2024-03-01T10:00:00Z');

/** Gives every file of the source folders an old modification time, as a checkout that was not just made. */
async function ageSources() {
  for (const folder of ['content', 'public', 'templates']) {
    for (const name of await readdir(project.file(folder), { recursive: true })) {
      const file = path.join(project.file(folder), String(name));
      if ((await stat(file)).isFile()) await utimes(file, LONG_AGO, LONG_AGO);
    }
  }
}

const build = (options: Options = {}, flags: { strict?: boolean; report?: boolean } = {}) =>
  buildUnlessUnchanged(resolveConfig({ root: project.root, threads: 0, ...options }), flags);
const replayed = (result: { stages: Record<string, number> }) => 'unchanged' in result.stages;
/** Past the racy window of the files the last build wrote. */
const pause = (ms = 120) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a build with nothing changed', { timeout: 120_000 }, () => {
  it('is answered from the record with the same counts and warnings, and leaves the output as it was', async () => {
    const first = await build();
    expect(replayed(first)).toBe(false);
    const files = await readTree(project.file('dist'));
    const times = (await stat(project.file('dist/alpha.html'))).mtimeMs;
    const second = await build();
    expect(replayed(second)).toBe(true);
    expect(second.computed).toEqual({ markdown: 0, pages: 0, advice: 0 });
    expect({ pages: second.pages, files: second.files, bytes: second.bytes }).toEqual({
      pages: first.pages,
      files: first.files,
      bytes: first.bytes,
    });
    const fields = (list: typeof first.warnings) =>
      list.map(({ code, message, hint, file, line, column, frame, severity, title }) => ({
        ...{ code, message, hint, file, line, column, frame, severity, title },
      }));
    expect(fields(second.warnings)).toEqual(fields(first.warnings));
    expect(await readTree(project.file('dist'))).toEqual(files);
    expect((await stat(project.file('dist/alpha.html'))).mtimeMs).toBe(times);
  });

  it('builds again when a source changed with the same size, or only its change time moved', async () => {
    await build();
    await project.edit('content/pages/alpha.md', 'The first page.', 'The FIRST page.');
    const later = new Date(LONG_AGO.getTime() + 1000);
    await utimes(project.file('content/pages/alpha.md'), later, later);
    const again = await build();
    expect(replayed(again)).toBe(false);
    expect(again.computed.pages).toBe(1);
    expect(await project.read('dist/alpha.html')).toContain('The FIRST page.');
    expect(replayed(await build())).toBe(true);
    // Same size and modification time (utimes can set it back), but a change time no one can set.
    await chmod(project.file('content/pages/alpha.md'), 0o600);
    expect(replayed(await build())).toBe(false);
  });

  it("takes a content file's stats from the walk before the pipeline, as the pipeline takes its own", async () => {
    await build();
    // Same size, time and inode: make, and the pipeline's own stats, would not read it again. Its
    // change time moved, so the pipeline runs, and it finds the file in the walk by its path.
    await project.edit('content/pages/alpha.md', 'The first page.', 'The FIRST page.');
    await utimes(project.file('content/pages/alpha.md'), LONG_AGO, LONG_AGO);
    const again = await build();
    expect(replayed(again)).toBe(false);
    expect(await project.read('dist/alpha.html')).toContain('The first page.');
    // A time the walk cannot vouch for: read.
    const now = new Date();
    await utimes(project.file('content/pages/alpha.md'), now, now);
    expect(replayed(await build())).toBe(false);
    expect(await project.read('dist/alpha.html')).toContain('The FIRST page.');
  });

  it('builds again when a file is added to a source folder, or a template changes', async () => {
    await build();
    await project.write('content/pages/gamma.md', pageSource('Gamma', 'The third page.'));
    await utimes(project.file('content/pages/gamma.md'), LONG_AGO, LONG_AGO);
    expect(replayed(await build())).toBe(false);
    expect(await project.read('dist/gamma.html')).toContain('The third page.');
    const styles = (await readdir(project.file('templates'), { recursive: true })).map(String);
    const css = styles.find((name) => name.endsWith('.css'));
    expect(css).toBeDefined();
    await writeFile(project.file(`templates/${css}`), `${await project.read(`templates/${css}`)}\n/* changed */\n`);
    await utimes(project.file(`templates/${css}`), LONG_AGO, LONG_AGO);
    expect(replayed(await build())).toBe(false);
  });

  it('builds again when the output folder was edited by hand, and puts it back', async () => {
    await build();
    const original = await project.read('dist/alpha.html');
    await pause();
    await writeFile(project.file('dist/alpha.html'), original.replace('The first page.', 'The HAND edit.'));
    expect(replayed(await build())).toBe(false);
    expect(await project.read('dist/alpha.html')).toBe(original);
    await writeFile(project.file('dist/extra.html'), 'left by hand');
    expect(replayed(await build())).toBe(false);
    await expect(stat(project.file('dist/extra.html'))).rejects.toThrow();
  });

  it('puts back an output file edited right after the build, within the racy window, with the same size', async () => {
    await build();
    // The build wrote its files moments ago: a same-size edit may keep every stat to the tick, and
    // only the content the record keeps for such fresh files can tell.
    const original = await project.read('dist/alpha.html');
    await writeFile(project.file('dist/alpha.html'), original.replace('The first page.', 'The FIRST page.'));
    expect(replayed(await build())).toBe(false);
    expect(await project.read('dist/alpha.html')).toBe(original);
  });

  it('builds again for other options, --no-cache, --report and --strict with warnings', async () => {
    await project.write(
      'content/pages/short.md',
      "---\ntitle: The short page of the studio's site\ndescription: Short.\n---\n\nText.\n",
    );
    await ageSources();
    const first = await build();
    expect(first.warnings.map((warning) => warning.code)).toContain('DescriptionLength');
    const directory = { format: 'directory', out: 'dist' };
    expect(replayed(await build(directory))).toBe(false);
    expect(replayed(await build(directory))).toBe(true);
    expect(replayed(await build({ ...directory, cache: false }))).toBe(false);
    expect(replayed(await build(directory))).toBe(false);
    expect(replayed(await build(directory, { report: true }))).toBe(false);
    expect(replayed(await build(directory))).toBe(true);
    // --strict fails on the warnings, in the pipeline, as it would without a record.
    const errors = await siteErrorsOf(build(directory, { strict: true }));
    expect(errors.map((error) => error.code)).toContain('DescriptionLength');
  });

  it('builds again when a scheduled post is due at the new instant, not before', async () => {
    await mkdir(project.file('content/news'), { recursive: true });
    await project.write(
      'content/news/launch.md',
      '---\ntitle: We launched the new studio site today\ndate: 2030-03-10\ndescription: The new site of the studio is live, with case studies, services and a way to reach us.\n---\n\nThe site is live.\n',
    );
    await ageSources();
    const before = await build({ now: '2030-03-01T00:00:00Z' });
    expect(replayed(before)).toBe(false);
    await expect(stat(project.file('dist/news/launch.html'))).rejects.toThrow();
    expect(replayed(await build({ now: '2030-03-09T23:59:59Z' }))).toBe(true);
    const due = await build({ now: '2030-03-10T00:00:00Z' });
    expect(replayed(due)).toBe(false);
    expect(await project.read('dist/news/launch.html')).toContain('The site is live.');
  });

  it('leaves no record when the build fails, and runs the pipeline after a killed build', async () => {
    await build();
    const good = await project.read('content/pages/alpha.md');
    await project.write('content/pages/alpha.md', '---\ntitle: [unclosed\n---\n\nText.\n');
    await utimes(project.file('content/pages/alpha.md'), LONG_AGO, LONG_AGO);
    await siteErrorsOf(build());
    await project.write('content/pages/alpha.md', good);
    await utimes(project.file('content/pages/alpha.md'), LONG_AGO, LONG_AGO);
    // The record went with the failed build: the content is as before it, but the pipeline runs.
    expect(replayed(await build())).toBe(false);
    await pause();
    expect(replayed(await build())).toBe(true);
    // A build killed mid-swap leaves a staging folder beside the output.
    await mkdir(project.file('dist.staging-999999'));
    expect(replayed(await build())).toBe(false);
    await expect(stat(project.file('dist.staging-999999'))).rejects.toThrow();
  });
});

describe('walkTrees', () => {
  it('names the files whose times are too close to the walk to vouch for them', async () => {
    const file = project.file('content/pages/alpha.md');
    const folder = project.file('content/pages');
    expect(walkTrees(project.root, [folder], [], clockNs()).racy).toEqual([]);
    await writeFile(file, await readFile(file));
    const walk = walkTrees(project.root, [folder], [], clockNs());
    expect(walk.racy).toEqual(['content/pages/alpha.md']);
    expect(walk.plain).toBe(true);
  });
});

describe('through the CLI', { timeout: 120_000 }, () => {
  it('prints what the build printed, in the terminal and as JSON', async () => {
    const run = (...args: string[]) => runCli(['build', '--root', project.root, '--threads', '0', ...args]);
    const withoutTime = (text: string) => text.replace(/ in \d+ ms/g, ' in N ms').replace(/"milliseconds": ?\d+/g, '');
    const problemsOf = (text: string) =>
      text
        .split('\n')
        .filter((line) => !line.startsWith('stages (ms)') && !line.startsWith('made anew'))
        .join('\n');
    await project.write(
      'content/pages/short.md',
      "---\ntitle: The short page of the studio's site\ndescription: Short.\n---\n\nText.\n",
    );
    await ageSources();
    const built = await run();
    expect(built.code).toBe(0);
    const record = project.file('.cache/agency-site/last-build.json');
    const recorded = (await stat(record)).mtimeMs;
    const again = await run('--verbose');
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('stages (ms): {"unchanged"');
    expect(withoutTime(again.stdout)).toBe(withoutTime(built.stdout));
    expect(problemsOf(again.stderr)).toBe(problemsOf(built.stderr));
    const replayedJson = await run('--reporter', 'json');
    expect(replayedJson.code).toBe(0);
    // Answered from the record, which only a build that runs writes again.
    expect((await stat(record)).mtimeMs).toBe(recorded);
    const json = await run('--reporter', 'json', '--no-cache');
    expect(JSON.parse(replayedJson.stdout).problems.length).toBeGreaterThan(0);
    expect(withoutTime(replayedJson.stdout)).toBe(withoutTime(json.stdout));
  });
});
