/**
 * npm run bench:cold-gate -- [commit ...]: issue 22 point 6's gate for the cold build, in one
 * command. The 4000-page corpus is built cold by this checkout and by each commit given (default
 * 2f0ff1a, the "before" of the issue), every one with its own node_modules, and by Eleventy 3.1.7
 * on the same corpus, alternating in a rotating order, all on tmpfs (see WORK_ROOT in measure.js).
 * Prints the medians (wall, CPU = user + system of the process and its children, peak memory) and
 * the ratios the gate names: CPU against 2f0ff1a (at most 1.15), wall time against Eleventy (at
 * most 1.8), peak memory (at most 230 MiB); writes them into docs/benchmarks.md.
 *
 * A commit is checked out with `git worktree add --detach` into the system's temporary folder and
 * installed with `npm ci` the first time (kept for later runs). BENCH_RUNS=5 (default),
 * BENCH_SIZE=4000 (default), BENCH_ARGS="--threads 1" passes flags to every agency-site build
 * (this checkout's and the commits'), e.g. to compare with the Markdown worker forced on.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEleventySite, ELEVENTY_VERSION, installEleventy } from './eleventy.js';
import {
  copyProjectWithCorpus,
  createWorkFolder,
  formatMachine,
  machineDetails,
  median,
  megabytes,
  numberFromEnv,
  PROJECT_ROOT,
  ratio,
  seconds,
  table,
  timeProcess,
  writeSection,
} from './measure.js';

const commits = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['2f0ff1a'];
const runs = numberFromEnv('BENCH_RUNS', 5);
const count = numberFromEnv('BENCH_SIZE', 4000);
const extra = (process.env.BENCH_ARGS ?? '').split(/\s+/).filter(Boolean);
const node = process.execPath;
const machine = machineDetails();

/** A checkout of `commit` with its own packages, made once. */
function checkout(commit) {
  const folder = path.join(os.tmpdir(), `agency-site-gate-${commit}`);
  if (!existsSync(path.join(folder, 'package.json'))) {
    rmSync(folder, { recursive: true, force: true });
    run('git', ['worktree', 'add', '--detach', folder, commit], PROJECT_ROOT);
  }
  if (!existsSync(path.join(folder, 'node_modules'))) {
    run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], folder);
  }
  return folder;
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

/** The project copied with the corpus; node_modules a folder of links to `root`'s packages, with a bundle cache of its own. */
function siteOf(root, folder) {
  copyProjectWithCorpus(folder, count, { root });
  rmSync(path.join(folder, 'node_modules'), { force: true });
  mkdirSync(path.join(folder, 'node_modules'));
  const modules = path.join(root, 'node_modules');
  for (const name of readdirSync(modules)) {
    if (name !== '.cache') symlinkSync(path.join(modules, name), path.join(folder, 'node_modules', name));
  }
  return folder;
}

const eleventyCmd = installEleventy();
const work = createWorkFolder('agency-site-gate-');
console.log(
  `agency-site bench:cold-gate: this checkout against ${commits.join(', ')}, N=${count}, ${runs} runs, in ${work}`,
);
try {
  const builds = { this: siteOf(PROJECT_ROOT, path.join(work, 'this')) };
  for (const commit of commits) builds[commit] = siteOf(checkout(commit), path.join(work, commit));
  const steps = Object.fromEntries(
    Object.entries(builds).map(([name, folder]) => [
      name,
      () => {
        rmSync(path.join(folder, 'dist'), { recursive: true, force: true });
        rmSync(path.join(folder, '.cache'), { recursive: true, force: true });
        return timeProcess(node, ['bin/agency-site.js', 'build', ...extra], { cwd: folder });
      },
    ]),
  );
  if (eleventyCmd) {
    const eleventy = path.join(work, 'eleventy');
    createEleventySite(eleventy, count);
    steps.eleventy = () => {
      rmSync(path.join(eleventy, '_site'), { recursive: true, force: true });
      return timeProcess(node, [eleventyCmd, '--quiet'], { cwd: eleventy });
    };
  }
  const names = Object.keys(steps);
  // Not timed: bundles each CLI and brings every file into the page cache.
  for (const name of names) await steps[name]();
  const results = Object.fromEntries(names.map((name) => [name, []]));
  const loads = [];
  for (let round = 1; round <= runs; round++) {
    const order = [...names.slice(round % names.length), ...names.slice(0, round % names.length)];
    for (const name of order) results[name].push(await steps[name]());
    loads.push(os.loadavg()[0]);
    const last = names.map((name) => {
      const result = results[name].at(-1);
      return `${name} ${seconds(result.ms)} (CPU ${seconds(result.userMs + result.systemMs)}, ${megabytes(result.maxRssKb)})`;
    });
    console.log(`  run ${round}: ${last.join(', ')}, load ${os.loadavg()[0].toFixed(2)}`);
  }
  const summary = Object.fromEntries(
    names.map((name) => [
      name,
      {
        ms: median(results[name].map((result) => result.ms)),
        cpuMs: median(results[name].map((result) => result.userMs + result.systemMs)),
        rss: median(results[name].map((result) => result.maxRssKb)),
      },
    ]),
  );
  const before = summary[commits[0]];
  const ours = summary.this;
  const gate = [
    `CPU this / ${commits[0]}: ${ratio(ours.cpuMs, before.cpuMs)} (at most 1.15)`,
    `peak memory this: ${megabytes(ours.rss)} (at most 230; MB here are 1024 * 1024 bytes)`,
    summary.eleventy && `wall this / Eleventy: ${ratio(ours.ms, summary.eleventy.ms)} (at most 1.8)`,
  ].filter(Boolean);
  const rows = names.map((name) => [
    name === 'this' ? 'this checkout' : name === 'eleventy' ? `Eleventy ${ELEVENTY_VERSION}` : name,
    seconds(summary[name].ms),
    seconds(summary[name].cpuMs),
    megabytes(summary[name].rss),
    ratio(ours.cpuMs, summary[name].cpuMs),
    ratio(ours.ms, summary[name].ms),
  ]);
  const load = `load average (1 min) ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}`;
  console.log(`\n${gate.join('\n')}\n${load}`);
  const markdown = [
    `Generated by \`npm run bench:cold-gate${commits.join(' ') === '2f0ff1a' ? '' : ` -- ${commits.join(' ')}`}\`` +
      `${extra.length > 0 ? ` with BENCH_ARGS="${extra.join(' ')}"` : ''} on ${new Date().toISOString().slice(0, 10)}:` +
      ` cold builds of the ${count}-page corpus, medians of ${runs} alternating runs, ${load}.`,
    '',
    formatMachine(machine, {}),
    '',
    table(['build', 'wall', 'CPU (user + sys)', 'peak memory', 'this / it, CPU', 'this / it, wall'], rows),
    '',
    ...gate.map((line) => `- ${line}`),
  ].join('\n');
  writeSection(
    path.join(PROJECT_ROOT, 'docs', 'benchmarks.md'),
    'bench-cold-gate',
    `### The last run of npm run bench:cold-gate\n\n${markdown}`,
  );
  console.log('Wrote docs/benchmarks.md');
} finally {
  rmSync(work, { recursive: true, force: true });
}
