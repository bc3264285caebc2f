/**
 * vitest.config.ts sorts the test files into three projects by glob. This reads the sorting back
 * from vitest itself: no test file may be skipped by every project or run by two, and the unit
 * project stays fast and safe without isolation because nothing in it builds, spawns, changes
 * globals or needs the shared browser.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';
import { PROJECT_ROOT } from './helpers/project.ts';

/** What a test file calls when it builds a project, spawns a process or starts a dev server. */
const BUILDS =
  /\b(buildSite|runCli|runAdvice|serveBuiltProject|copyWarmProject|startDevServer|createImagePipeline|execFile|spawn|fork)\(/;
/** What a test file calls when it needs the site or the Chromium that browser-setup.ts provides. */
const NEEDS_BROWSER_SETUP = /\b(servedSite|launchChromium|browserAvailable|describeInBrowser|inject)\(/;
/** What would leak from one unit file into the next: the unit project runs without isolation. */
const CHANGES_GLOBALS =
  /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers)\(|process\.env\.\w+\s*=[^=]|process\.chdir\(/;

async function testFilesOnDisk(): Promise<string[]> {
  const entries = await readdir(path.join(PROJECT_ROOT, 'tests'), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(PROJECT_ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('tests/fixtures/'))
    .sort();
}

/** Each project's test files, as vitest finds them with vitest.config.ts. */
async function projectsOfFiles(): Promise<Map<string, string[]>> {
  const vitest = await createVitest('test', { root: PROJECT_ROOT, watch: false });
  try {
    const projects = new Map<string, string[]>();
    for (const spec of await vitest.globTestSpecifications()) {
      const file = path.relative(PROJECT_ROOT, spec.moduleId).split(path.sep).join('/');
      projects.set(file, [...(projects.get(file) ?? []), spec.project.name].sort());
    }
    return projects;
  } finally {
    await vitest.close();
  }
}

describe('the vitest projects', () => {
  it('run every test file on disk in exactly one of unit, build and browser', async () => {
    const [files, projects] = await Promise.all([testFilesOnDisk(), projectsOfFiles()]);
    expect(files.length).toBeGreaterThan(50);
    const placement = files.map((file) => `${file}: ${(projects.get(file) ?? []).join(', ') || 'no project'}`);
    const once = placement.filter((line) => /: (unit|build|browser)$/.test(line));
    expect(placement).toEqual(once);
    expect(new Set([...projects.values()].map((names) => names[0]))).toEqual(new Set(['unit', 'build', 'browser']));
  });

  it('keep building, spawning, changed globals and the shared browser out of the unit project', async () => {
    const projects = await projectsOfFiles();
    const misplaced: string[] = [];
    for (const [file, [project]] of projects) {
      const text = await readFile(path.join(PROJECT_ROOT, file), 'utf8');
      if (NEEDS_BROWSER_SETUP.test(text) && project !== 'browser') misplaced.push(`${file} needs the browser project`);
      else if (BUILDS.test(text) && project === 'unit') misplaced.push(`${file} builds or spawns: build project`);
      else if (CHANGES_GLOBALS.test(text) && project === 'unit') misplaced.push(`${file} changes globals: not unit`);
    }
    expect(misplaced).toEqual([]);
  });
});
