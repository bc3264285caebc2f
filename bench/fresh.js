/**
 * npm run bench:fresh: issue 43 point 1, the build a fresh CI run waits for. The shipped site
 * (content/, templates/, public/ as they are) is built by `node bin/agency-site.js build` in a copy
 * that has only what `npm ci` leaves: packages, and the bundles its prepare step makes; no
 * .cache/, no output. Against it, Eleventy 3.1.7 builds the same Markdown files with one layout,
 * cold. The two alternate, all on tmpfs (WORK_ROOT in measure.js); prints the medians and the
 * ratio pair by pair, and writes them into docs/benchmarks.md.
 *
 * BENCH_RUNS=7 (default) chooses the runs.
 */
import { cpSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { installEleventy } from './eleventy.js';
import {
  createWorkFolder,
  formatMachine,
  machineDetails,
  median,
  numberFromEnv,
  PROJECT_ROOT,
  ratio,
  seconds,
  table,
  timeProcess,
  writeSection,
} from './measure.js';

const runs = numberFromEnv('BENCH_RUNS', 7);
const node = process.execPath;
const machine = machineDetails();
const work = createWorkFolder('agency-site-bench-fresh-');

/** The project as a fresh clone has it: the tracked folders, and packages without any cache. */
function freshCopy(folder) {
  for (const name of ['bin', 'src', 'content', 'templates', 'public', 'package.json', 'package-lock.json']) {
    cpSync(path.join(PROJECT_ROOT, name), path.join(folder, name), { recursive: true });
  }
  const modules = path.join(PROJECT_ROOT, 'node_modules');
  mkdirSync(path.join(folder, 'node_modules'));
  for (const name of readdirSync(modules)) {
    if (name !== '.cache') symlinkSync(path.join(modules, name), path.join(folder, 'node_modules', name));
  }
  return folder;
}

/** The shipped Markdown, every file where it is, under one Liquid layout. */
function eleventySite(folder) {
  cpSync(path.join(PROJECT_ROOT, 'content'), path.join(folder, 'content'), {
    recursive: true,
    filter: (source) => !/\.(ya?ml|json)$/.test(source),
  });
  mkdirSync(path.join(folder, '_includes'));
  writeFileSync(
    path.join(folder, 'eleventy.config.js'),
    "export default function () {\n  return { dir: { input: 'content', output: '_site', includes: '../_includes' }, markdownTemplateEngine: false };\n}\n",
  );
  writeFileSync(
    path.join(folder, '_includes', 'layout.liquid'),
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title><meta name="description" content="{{ description }}"></head><body><main><h1>{{ title }}</h1>{{ content }}</main></body></html>\n',
  );
  writeFileSync(path.join(folder, 'content', 'content.json'), JSON.stringify({ layout: 'layout.liquid' }));
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  return folder;
}

const ours = freshCopy(path.join(work, 'agency-site'));
const eleventyCmd = installEleventy();
const theirs = eleventySite(path.join(work, 'eleventy'));

const tools = [
  {
    name: 'agency-site build, fresh clone',
    async run() {
      for (const leftover of ['.cache', 'dist', 'node_modules/.cache'])
        rmSync(path.join(ours, leftover), { recursive: true, force: true });
      // What npm ci's prepare step makes, not timed: it is the install's, not the build's.
      await timeProcess(node, ['src/bundle.js'], { cwd: ours });
      return timeProcess(node, ['bin/agency-site.js', 'build'], { cwd: ours, env: { CI: 'true' } });
    },
  },
  {
    name: `Eleventy ${process.env.ELEVENTY_VERSION ?? '3.1.7'}, cold`,
    async run() {
      rmSync(path.join(theirs, '_site'), { recursive: true, force: true });
      return timeProcess(node, [eleventyCmd, '--quiet'], { cwd: theirs });
    },
  },
];

const times = tools.map(() => []);
for (let index = 0; index < runs; index++) {
  // Alternating, and the first of each pair switching, so neither always runs on a warmer machine.
  const order = index % 2 === 0 ? [0, 1] : [1, 0];
  for (const which of order) times[which].push(await tools[which].run());
}

const cpu = (result) => (result.userMs ?? 0) + (result.systemMs ?? 0);
const pairRatios = times[0].map((result, index) => result.ms / times[1][index].ms);
const rows = tools.map((tool, which) => [
  tool.name,
  `${seconds(median(times[which].map((result) => result.ms)))} (${seconds(Math.min(...times[which].map((r) => r.ms)))} to ${seconds(Math.max(...times[which].map((r) => r.ms)))})`,
  seconds(median(times[which].map(cpu))),
]);
rows.push([
  'ratio, pair by pair (median)',
  `${median(pairRatios).toFixed(2)}x`,
  ratio(median(times[0].map(cpu)), median(times[1].map(cpu))),
]);

const markdown = [
  `The shipped site built as a fresh CI run builds it, against Eleventy on the same Markdown, ${runs} alternating runs each:`,
  '',
  formatMachine(machine),
  '',
  table(['', 'wall, median (min to max)', 'CPU, median'], rows),
].join('\n');
console.log(markdown);
writeSection(path.join(PROJECT_ROOT, 'docs', 'benchmarks.md'), 'bench:fresh', markdown);
if (!process.env.BENCH_KEEP) rmSync(work, { recursive: true, force: true });
