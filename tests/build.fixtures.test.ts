/**
 * The bad-input corpus: tests/fixtures/<name>/ holds one defect as files laid over a copy of the
 * project (and an expect.json saying what to edit, remove or grow, and which problems must be
 * reported where). Each fixture is built over a good earlier output, which must stay exactly as it was.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { appendFile, cp, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/build.ts';
import { resolveConfig, type Options } from '../src/config.ts';
import { toSiteErrors, type SiteError } from '../src/errors.ts';
import { copyProject, PROJECT_ROOT, type TempProject } from './helpers/project.ts';
import { listLeftovers, snapshotFolder } from './helpers/snapshot.ts';

interface Expected {
  code: string;
  file: string;
  line?: number;
  /**
   * Instead of `line`, in a file of the real project (content/site.yaml, templates/): text whose first
   * occurrence, after the defect is applied, starts on the line of the problem. The fixture does
   * not break when lines are added above it.
   */
  at?: string;
  column?: number;
  /** Words the message must contain. */
  message?: string;
  /** Words the hint must contain. */
  hint?: string;
}

interface Fixture {
  /** What the build does with this defect: the test's name. */
  test: string;
  edit?: Array<{ file: string; find: string; replace: string }>;
  remove?: string[];
  /** Grow a file to this many bytes with plain paragraphs (big files are not committed). */
  grow?: { file: string; bytes: number };
  options?: Options;
  /** The build fails with exactly these errors, in any order... */
  errors?: Expected[];
  /** ...and reports exactly these warnings with them; without `errors`: the build succeeds with exactly these warnings... */
  warnings?: Expected[];
  /** ...and no page holds these strings. */
  absent?: string[];
}

const FIXTURES = path.join(PROJECT_ROOT, 'tests', 'fixtures');
const names = readdirSync(FIXTURES)
  .filter((name) => existsSync(path.join(FIXTURES, name, 'expect.json')))
  .sort();
const fixtures = names.map((name) => ({
  name,
  ...(JSON.parse(readFileSync(path.join(FIXTURES, name, 'expect.json'), 'utf8')) as Fixture),
}));

let good: TempProject;

beforeAll(async () => {
  good = await copyProject();
  await buildSite(resolveConfig({ root: good.root }));
});

afterAll(async () => {
  await good?.cleanup();
});

it('holds at least 30 broken inputs, each with its expectation', () => {
  expect(fixtures.length).toBeGreaterThanOrEqual(30);
  for (const fixture of fixtures) expect(fixture.errors ?? fixture.warnings, fixture.name).toBeDefined();
});

describe.each(fixtures)('$name', (fixture) => {
  it(fixture.test, async () => {
    const project = await copyProject();
    try {
      const outDir = project.file('dist');
      await cp(good.file('dist'), outDir, { recursive: true, preserveTimestamps: true });
      // The image cache too, so a fixture that gets as far as images does not encode them again.
      await cp(good.file('.cache'), project.file('.cache'), { recursive: true });
      const before = await snapshotFolder(outDir);
      await applyDefect(project, fixture);
      const expected = await Promise.all((fixture.errors ?? fixture.warnings!).map((item) => locate(project, item)));
      const warnings = await Promise.all((fixture.warnings ?? []).map((item) => locate(project, item)));
      const config = resolveConfig({ root: project.root, ...fixture.options });

      if (fixture.errors) {
        const problems = await buildSite(config).then(
          () => expect.fail('the build succeeded'),
          (thrown: unknown) => toSiteErrors(thrown) ?? expect.fail(`not a SiteError: ${String(thrown)}`),
        );
        // Every problem of the run comes in one report: the warnings found with the errors too.
        const errors = problems.filter((problem) => problem.severity === 'error');
        expect(errors.map(summarize)).toEqual(expect.arrayContaining(expected.map(matcher)));
        expect(errors).toHaveLength(fixture.errors.length);
        const found = problems.filter((problem) => problem.severity === 'warning');
        expect(found.map(summarize)).toEqual(expect.arrayContaining(warnings.map(matcher)));
        expect(found).toHaveLength(warnings.length);
        for (const error of problems) expect(error.hint, `${error.code} has a hint`).toBeTruthy();
        expect(await snapshotFolder(outDir)).toEqual(before);
        expect(await listLeftovers(outDir)).toEqual([]);
      } else {
        const result = await buildSite(config);
        expect(result.warnings.map(summarize)).toEqual(expect.arrayContaining(expected.map(matcher)));
        expect(result.warnings).toHaveLength(fixture.warnings!.length);
        for (const page of ['index.html', 'terms.html', 'cookies.html'].filter((file) =>
          existsSync(path.join(outDir, file)),
        )) {
          const html = await readFile(path.join(outDir, page), 'utf8');
          for (const text of fixture.absent ?? []) expect(html, page).not.toContain(text);
        }
      }
    } finally {
      await project.cleanup();
    }
  });
});

async function applyDefect(project: TempProject, fixture: Fixture & { name: string }): Promise<void> {
  for (const file of fixture.remove ?? []) {
    await stat(project.file(file)); // a removal of nothing would test nothing
    await project.remove(file);
  }
  for (const { file, find, replace } of fixture.edit ?? []) await project.edit(file, find, replace);
  const overlay = path.join(FIXTURES, fixture.name);
  for (const entry of readdirSync(overlay)) {
    if (entry !== 'expect.json') await cp(path.join(overlay, entry), project.file(entry), { recursive: true });
  }
  if (fixture.grow) {
    const paragraph = `${'Cookies are small text files that a site stores in your browser. '.repeat(15).trim()}\n\n`;
    const { size } = await stat(project.file(fixture.grow.file));
    await appendFile(
      project.file(fixture.grow.file),
      paragraph.repeat(Math.ceil((fixture.grow.bytes - size) / paragraph.length)),
    );
  }
}

/** An expectation with `at` gets the line where that text first stands in the defective file. */
async function locate(project: TempProject, expected: Expected): Promise<Expected> {
  if (expected.at === undefined) return expected;
  const text = await project.read(expected.file);
  const index = text.indexOf(expected.at);
  if (index === -1) throw new Error(`${expected.file} does not contain ${JSON.stringify(expected.at)}`);
  return { ...expected, line: text.slice(0, index).split('\n').length };
}

function summarize(error: SiteError) {
  return {
    code: error.code,
    file: error.file,
    line: error.line,
    column: error.column,
    message: error.message,
    hint: error.hint,
  };
}

function matcher(expected: Expected) {
  return expect.objectContaining({
    code: expected.code,
    file: expected.file,
    line: expected.line,
    column: expected.column,
    ...(expected.message ? { message: expect.stringContaining(expected.message) } : {}),
    ...(expected.hint ? { hint: expect.stringContaining(expected.hint) } : {}),
  });
}
