/**
 * npm run bench:compare: the same corpus built by agency-site, Hugo (Debian's `hugo` package) and
 * Eleventy (installed from npm into a folder of the benchmark, never into this project), each
 * with a minimal one-layout site, in alternating runs; prints our time divided by theirs and
 * writes the table into docs/benchmarks.md. Every tool builds on tmpfs (/dev/shm, see WORK_ROOT in
 * measure.js), and each tool's system CPU time is reported apart, so that the disk's cost of
 * creating thousands of files does not pass for the generator's.
 *
 * Besides the wall time, each build's CPU time (user + system, GNU time) is kept: on a shared machine
 * the wall time is mostly queueing, and the ratio of CPU times is the steadier figure.
 *
 * BENCH_COMPARE_SIZES=1000,4000 (default) and BENCH_RUNS=5 (default) choose the sizes and runs.
 * ELEVENTY_VERSION (default 3.1.7, the version issue 22's goal names) pins Eleventy.
 * Hugo is not installed by .ci/run or by this bench: without it the bench says how to install it
 * and measures the others (BENCH_REQUIRE_HUGO=1 makes that an error instead).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pageSlug, renderCorpusPage, writeCorpus } from './corpus.js';
import { createHugoSite, LAYOUT_HEAD } from './hugo-site.js';
import {
  copyProjectWithCorpus,
  createWorkFolder,
  formatMachine,
  listFromEnv,
  machineDetails,
  median,
  megabytes,
  numberFromEnv,
  PROJECT_ROOT,
  ratio,
  seconds,
  table,
  timeProcess,
  WORK_ROOT,
  writeSection,
} from './measure.js';

const sizes = listFromEnv('BENCH_COMPARE_SIZES', [1000, 4000]);
const runs = numberFromEnv('BENCH_RUNS', 5);
const eleventyVersion = process.env.ELEVENTY_VERSION ?? '3.1.7';
const machine = machineDetails();
const node = process.execPath;
/** Kept between runs so Eleventy is installed once; outside the project. */
const toolsFolder = path.join(os.tmpdir(), 'agency-site-bench-tools');

function findHugo() {
  const probe = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    const reason =
      probe.error?.code === 'ENOENT' ? 'is not installed (no `hugo` on PATH)' : 'does not run (`hugo version` failed)';
    const message = [
      `Hugo ${reason}, so this run has no Hugo column and no ratio against Hugo.`,
      "Install Debian's package, as root: apt-get update && apt-get install -y hugo",
    ].join('\n');
    if (process.env.BENCH_REQUIRE_HUGO) {
      console.error(message);
      process.exit(1);
    }
    console.error(`\n*** ${message.replace('\n', '\n*** ')}\n`);
    return undefined;
  }
  return probe.stdout.trim();
}

function installEleventy() {
  const folder = path.join(toolsFolder, `eleventy-${eleventyVersion}`);
  const cmd = path.join(folder, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
  if (existsSync(cmd)) return cmd;
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, 'package.json'),
    JSON.stringify({ private: true, name: 'eleventy-bench', type: 'module' }),
  );
  console.log(`Installing @11ty/eleventy@${eleventyVersion} into ${folder} (not into the project)...`);
  const install = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-save', `@11ty/eleventy@${eleventyVersion}`],
    { cwd: folder, stdio: 'inherit' },
  );
  if (install.status !== 0 || !existsSync(cmd)) {
    console.log('Eleventy could not be installed, so there is no Eleventy column.');
    return undefined;
  }
  return cmd;
}

/** The same for Eleventy: one Liquid layout; Markdown is not run through a template engine first. */
function createEleventySite(folder, count) {
  mkdirSync(path.join(folder, '_includes'), { recursive: true });
  writeFileSync(
    path.join(folder, 'eleventy.config.js'),
    "export default function () {\n  return { dir: { input: '.', output: '_site', includes: '_includes' }, markdownTemplateEngine: false };\n}\n",
  );
  writeFileSync(
    path.join(folder, '_includes', 'layout.liquid'),
    `${LAYOUT_HEAD}{{ title }}</title><meta name="description" content="{{ description }}"></head><body><main><h1>{{ title }}</h1>{{ content }}</main></body></html>\n`,
  );
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  writeCorpus(path.join(folder, 'pages'), count);
  writeFileSync(path.join(folder, 'pages', 'pages.json'), JSON.stringify({ layout: 'layout.liquid' }));
}

const hugoVersion = findHugo();
const eleventyCmd = installEleventy();
const work = createWorkFolder('agency-site-compare-');
console.log(`agency-site bench:compare: sizes ${sizes.join(', ')}, ${runs} runs each, in ${work}`);

const rows = [];
try {
  for (const count of sizes) {
    const ours = copyProjectWithCorpus(path.join(work, `agency-site-${count}`), count);
    const hugo = path.join(work, `hugo-${count}`);
    const eleventy = path.join(work, `eleventy-${count}`);
    if (hugoVersion) createHugoSite(hugo, count);
    if (eleventyCmd) createEleventySite(eleventy, count);

    const steps = {
      cold: () => {
        rmSync(path.join(ours, 'dist'), { recursive: true, force: true });
        rmSync(path.join(ours, '.cache'), { recursive: true, force: true });
        return timeProcess(node, ['bin/agency-site.js', 'build'], { cwd: ours });
      },
      warm: (run) => {
        writeFileSync(path.join(ours, 'content', 'pages', `${pageSlug(1)}.md`), renderCorpusPage(1, count, run));
        return timeProcess(node, ['bin/agency-site.js', 'build'], { cwd: ours });
      },
      // Issue 27's second figure: a warm build with nothing changed since the last one.
      unchanged: () => timeProcess(node, ['bin/agency-site.js', 'build'], { cwd: ours }),
      hugo:
        hugoVersion &&
        (() => {
          for (const name of ['public', 'resources', '.hugo-cache'])
            rmSync(path.join(hugo, name), { recursive: true, force: true });
          return timeProcess('hugo', ['--quiet', '--cacheDir', path.join(hugo, '.hugo-cache')], { cwd: hugo });
        }),
      eleventy:
        eleventyCmd &&
        (() => {
          rmSync(path.join(eleventy, '_site'), { recursive: true, force: true });
          return timeProcess(node, [eleventyCmd, '--quiet'], { cwd: eleventy });
        }),
    };
    // One run of each, not timed: bundles our CLI, fills the disk cache for every tool alike.
    for (const [name, step] of Object.entries(steps)) if (step) await step(0).catch((error) => fail(name, error));
    const results = { cold: [], warm: [], unchanged: [], hugo: [], eleventy: [] };
    for (let run = 1; run <= runs; run++) {
      // Alternating, and in a different order each run, so a busy moment of the machine is shared out.
      // Warm comes last: it changes one page of the site the cold build just cached; unchanged then
      // builds that same site again.
      const order = ['cold', 'hugo', 'eleventy'];
      const rotated = [...order.slice(run % 3), ...order.slice(0, run % 3)];
      for (const name of [...rotated, 'warm', 'unchanged']) {
        if (!steps[name]) continue;
        results[name].push(await steps[name](run));
      }
      process.stdout.write(
        `  N=${count} run ${run}: ${Object.entries(results)
          .filter(([, list]) => list.length > 0)
          .map(([name, list]) => `${name} ${seconds(list.at(-1).ms)}`)
          .join(', ')}\n`,
      );
    }
    const summary = (list) => ({
      ms: median(list.map((result) => result.ms)),
      rss: median(list.map((result) => result.maxRssKb)),
      systemMs: median(list.map((result) => result.systemMs)),
      cpuMs: median(list.map((result) => (result.userMs === null ? null : result.userMs + result.systemMs))),
    });
    const row = { count, ...Object.fromEntries(Object.entries(results).map(([name, list]) => [name, summary(list)])) };
    rows.push(row);
    const both = (name, other) =>
      `${ratio(row[name].ms, row[other].ms)} (CPU ${ratio(row[name].cpuMs, row[other].cpuMs)})`;
    console.log(
      `N=${count}: cold ${seconds(row.cold.ms)}, warm ${seconds(row.warm.ms)}, unchanged ${seconds(row.unchanged.ms)}, ` +
        `hugo ${seconds(row.hugo.ms)}, eleventy ${seconds(row.eleventy.ms)}, load ${os.loadavg()[0].toFixed(2)}\n` +
        `  wall (CPU) ratios: cold/eleventy ${both('cold', 'eleventy')}, cold/hugo ${both('cold', 'hugo')}, ` +
        `warm/hugo ${both('warm', 'hugo')}, unchanged/hugo ${both('unchanged', 'hugo')}; ` +
        `peak memory: ours ${megabytes(row.cold.rss)}, hugo ${megabytes(row.hugo.rss)}, eleventy ${megabytes(row.eleventy.rss)}`,
    );
    for (const folder of [ours, hugo, eleventy]) rmSync(folder, { recursive: true, force: true });
  }

  const markdown = [
    `Generated by \`npm run bench:compare\` on ${new Date().toISOString().slice(0, 10)}: the same corpus built by each tool as a new process,`,
    `medians of ${runs} runs per size, the tools alternating (in a rotating order) within each run. Hugo and Eleventy build a minimal`,
    'one-layout site of the corpus pages (Eleventy without a template engine over the Markdown); agency-site builds the whole agency site',
    "with the corpus as extra pages, and checks every link. Cold: every tool from nothing (Hugo's cache folder emptied too). Warm: agency-site",
    'with its cache kept and one page changed; unchanged: the same build again with nothing changed. Memory: median peak resident set',
    '(GNU time and the process tree sampled, see bench/measure.js). Ratios are agency-site divided by the other tool: wall time, and in',
    'parentheses CPU time (user + system of the process and its children), the steadier figure on a shared machine.',
    `Every tool reads and writes in ${WORK_ROOT}${WORK_ROOT === '/dev/shm' ? ' (tmpfs)' : ''}; "CPU" is the median user + system time of the tool's processes (GNU time).`,
    '',
    formatMachine(machine, {
      hugo: hugoVersion ?? 'not installed',
      eleventy: eleventyCmd ? `@11ty/eleventy ${eleventyVersion}` : 'not installed',
    }),
    '',
    table(
      [
        'pages',
        'agency-site cold',
        'warm, one page changed',
        'warm, unchanged',
        'Hugo',
        'Eleventy',
        'cold / Eleventy',
        'cold / Hugo',
        'warm / Hugo',
        'unchanged / Hugo',
      ],
      rows.map((row) => [
        row.count,
        cell(row.cold),
        cell(row.warm),
        cell(row.unchanged),
        cell(row.hugo),
        cell(row.eleventy),
        bothRatios(row.cold, row.eleventy),
        bothRatios(row.cold, row.hugo),
        bothRatios(row.warm, row.hugo),
        bothRatios(row.unchanged, row.hugo),
      ]),
    ),
  ].join('\n');
  writeSection(
    path.join(PROJECT_ROOT, 'docs', 'benchmarks.md'),
    'bench-compare',
    `## Against Hugo and Eleventy (npm run bench:compare)\n\n${markdown}`,
  );
  console.log('Wrote docs/benchmarks.md');
} finally {
  rmSync(work, { recursive: true, force: true });
}

function cell(times) {
  return `${seconds(times.ms)} (CPU ${seconds(times.cpuMs)}, sys ${seconds(times.systemMs)}), ${megabytes(times.rss)}`;
}

function bothRatios(ours, theirs) {
  return `${ratio(ours.ms, theirs.ms)} (${ratio(ours.cpuMs, theirs.cpuMs)})`;
}

function fail(name, error) {
  console.error(`The ${name} build failed:\n${error.message}`);
  process.exit(1);
}
