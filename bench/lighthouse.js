/**
 * npm run bench:lighthouse: issue 41's Lighthouse goal (100 in all four categories on mobile) on
 * the shipped home page and on the every-section home (tests/browser/fixtures/every-section-home.yaml),
 * each built by this checkout and served by `agency-site preview` on 127.0.0.1, the pages
 * alternating. Lighthouse 12 (version 13 needs Node 22.19) is installed from npm into a folder
 * outside the project, once; it drives Debian's Chromium (/usr/bin/chromium, or CHROME_PATH).
 * Prints each run and the medians, and writes them into docs/benchmarks.md.
 *
 * BENCH_RUNS=5 (default) chooses the runs per page.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createWorkFolder,
  formatMachine,
  machineDetails,
  median,
  numberFromEnv,
  PROJECT_ROOT,
  table,
  writeSection,
} from './measure.js';

const VERSION = '12';
/** Lighthouse's own threshold (core/gather/driver/environment.js): below it, the host is slower than it expects. */
const SLOW_HOST = 1000;
const runs = numberFromEnv('BENCH_RUNS', 5);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const machine = machineDetails();
const work = createWorkFolder('agency-site-bench-lighthouse-');
const cli = path.join(PROJECT_ROOT, 'bin', 'agency-site.js');

function installLighthouse() {
  const folder = path.join(os.tmpdir(), 'agency-site-bench-tools', `lighthouse-${VERSION}`);
  const bin = path.join(folder, 'node_modules', 'lighthouse', 'cli', 'index.js');
  if (existsSync(bin)) return bin;
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ private: true, name: 'lighthouse-bench' }));
  console.log(`Installing lighthouse@${VERSION} into ${folder} (not into the project)...`);
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', `lighthouse@${VERSION}`], {
    cwd: folder,
    stdio: 'inherit',
  });
  if (install.status !== 0 || !existsSync(bin)) throw new Error('Lighthouse could not be installed.');
  return bin;
}

/** A copy of the site, `home` as its home page, built; then served by preview. */
async function servedSite(name, home) {
  const folder = path.join(work, name);
  for (const part of ['content', 'public', 'templates'])
    cpSync(path.join(PROJECT_ROOT, part), path.join(folder, part), { recursive: true });
  if (home) cpSync(home, path.join(folder, 'content', 'home.yaml'));
  const built = spawnSync(process.execPath, [cli, 'build', '--quiet'], { cwd: folder, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`${name} did not build:\n${built.stderr}`);
  const server = spawn(process.execPath, [cli, 'preview', '--port', '0', '--host', '127.0.0.1'], { cwd: folder });
  const url = await new Promise((resolve, reject) => {
    let said = '';
    const hear = (chunk) => {
      said += chunk;
      const found = / at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(said);
      if (found) resolve(found[1]);
    };
    server.stdout.on('data', hear);
    server.stderr.on('data', hear);
    server.on('exit', (code) => reject(new Error(`preview of ${name} exited with ${code}: ${said}`)));
  });
  return { name, url, stop: () => server.kill() };
}

function lighthouse(bin, url) {
  const report = path.join(work, 'report.json');
  const flags = '--headless=new --no-sandbox --disable-background-networking --disable-component-update --no-first-run';
  const ran = spawnSync(
    process.execPath,
    [
      bin,
      url,
      '--quiet',
      `--chrome-flags=${flags}`,
      '--form-factor=mobile',
      '--output=json',
      `--output-path=${report}`,
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, encoding: 'utf8' },
  );
  if (ran.status !== 0 || !existsSync(report)) return undefined;
  const { categories, audits, environment } = JSON.parse(readFileSync(report, 'utf8'));
  rmSync(report);
  const value = (id) => audits[id]?.numericValue;
  return {
    // Lighthouse's own measure of the host's CPU; under 1,000 it warns that scores are not to be trusted.
    benchmarkIndex: environment?.benchmarkIndex,
    scores: ['performance', 'accessibility', 'best-practices', 'seo'].map((id) => categories[id]?.score),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

const bin = installLighthouse();
const sites = [
  await servedSite('shipped home', undefined),
  await servedSite(
    'every-section home',
    path.join(PROJECT_ROOT, 'tests', 'browser', 'fixtures', 'every-section-home.yaml'),
  ),
];
const results = new Map(sites.map((site) => [site.name, []]));
try {
  for (let index = 0; index < runs; index++) {
    for (const site of index % 2 === 0 ? sites : [...sites].reverse()) {
      const result = lighthouse(bin, site.url);
      if (!result) {
        console.log(`${site.name}: Lighthouse failed this run`);
        continue;
      }
      results.get(site.name).push(result);
      console.log(
        `${site.name}: ${result.scores.join(' ')}, FCP ${Math.round(result.fcp)} ms, TBT ${Math.round(result.tbt)} ms, benchmark index ${Math.round(result.benchmarkIndex)}`,
      );
    }
  }
} finally {
  for (const site of sites) site.stop();
}

const ms = (values) => `${Math.round(median(values))} ms`;
const rows = [...results].map(([name, found]) => [
  name,
  String(found.length),
  found.map((result) => result.scores[0]).join(', '),
  found
    .map((result) => result.scores.slice(1).join('/'))
    .filter((value, i, all) => all.indexOf(value) === i)
    .join(', '),
  ms(found.map((result) => result.fcp)),
  ms(found.map((result) => result.lcp)),
  ms(found.map((result) => result.tbt)),
  median(found.map((result) => result.cls)).toFixed(3),
  found.map((result) => Math.round(result.benchmarkIndex)).join(', '),
]);
const markdown = [
  `Lighthouse ${VERSION}, mobile (simulated slow 4G, 4x CPU), \`agency-site preview\` on 127.0.0.1, the pages alternating. Lighthouse warns that a run whose benchmark index is under ${SLOW_HOST} had a host too slow for its CPU model:`,
  '',
  formatMachine(machine),
  '',
  table(
    [
      'page',
      'runs',
      'performance, each run',
      'a11y/best practices/SEO',
      'FCP, median',
      'LCP, median',
      'TBT, median',
      'CLS, median',
      'benchmark index, each run',
    ],
    rows,
  ),
].join('\n');
console.log(markdown);
writeSection(path.join(PROJECT_ROOT, 'docs', 'benchmarks.md'), 'bench:lighthouse', markdown);
rmSync(work, { recursive: true, force: true });
