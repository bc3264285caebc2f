/**
 * The dev rebuild through the API the dev server uses (buildSite with a kept store and the file
 * versions its watcher counts): the site is built once, then again after each edit of one page.
 * Prints JSON: wall and CPU time (every thread) of the rebuilds, medians.
 * Usage: node [--expose-gc] bench/dev-rebuild.js <project folder> <edits> <pages in content/pages>
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderCorpusPage, pageSlug } from './corpus.js';
import { importSourceBundle, median } from './measure.js';

process.env.NODE_ENV = 'production';
const [folder, editsText = '20', countText] = process.argv.slice(2);
const edits = Number(editsText);
const count = Number(countText);

/** The build API bundled like the CLI (with its Markdown worker and image encoder beside it). */
const { buildSite, openStore, createFileVersionCounter, resolveConfig, cleanup } = await importSourceBundle(
  'bench-api',
  {
    'build.ts': ['buildSite'],
    'cache/store.ts': ['openStore'],
    'cache/file-versions.ts': ['createFileVersionCounter'],
    'config.ts': ['resolveConfig'],
  },
);

const config = resolveConfig({ root: folder });
const store = await openStore(config);
const versions = createFileVersionCounter([config.contentDir, config.templatesDir, config.publicDir]);
let started = performance.now();
const first = await buildSite(config, { write: false, store, files: versions.snapshot() });
const firstMs = performance.now() - started;
const times = [];
/** CPU time of each rebuild (every thread of the process): steadier than wall time on a shared machine. */
const cpuTimes = [];
const stages = [];
/** MB of heap in use after a full collection (with --expose-gc): flat over many edits, or dev leaks. */
const heap = [];
// BENCH_PROFILE=file.cpuprofile: a CPU profile of the rebuilds alone (not the first build).
const profiler = process.env.BENCH_PROFILE ? await startProfiler() : undefined;
// New text every run, so no edit is already in the cache from an earlier run.
const edition = Date.now() % 1_000_000;
for (let edit = 1; edit <= edits; edit++) {
  const index = 1 + ((edit * 7919) % count);
  const file = path.join(folder, 'content', 'pages', `${pageSlug(index)}.md`);
  writeFileSync(file, renderCorpusPage(index, count, edition + edit));
  started = performance.now();
  const cpu = process.cpuUsage();
  versions.record({ path: file, event: 'change' });
  const result = await buildSite(config, { write: false, store, files: versions.snapshot() });
  times.push(performance.now() - started);
  const used = process.cpuUsage(cpu);
  cpuTimes.push((used.user + used.system) / 1000);
  stages.push(result.stages);
  if (result.computed.pages !== 1) throw new Error(`an edit of one page re-rendered ${result.computed.pages} pages`);
  // With --expose-gc: the heap after a full collection, after the first edit, half way and at the end.
  if (globalThis.gc && (edit === 1 || edit === Math.ceil(edits / 2) || edit === edits)) {
    globalThis.gc();
    heap.push(Math.round(process.memoryUsage().heapUsed / 1024 / 1024));
  }
}
if (profiler) await profiler.stop(process.env.BENCH_PROFILE);
cleanup();
process.stdout.write(
  `${JSON.stringify({ pages: first.pages, firstMs, medianMs: median(times), medianCpuMs: median(cpuTimes), cpu: process.env.BENCH_ALL ? cpuTimes.map(Math.round) : undefined, wall: process.env.BENCH_ALL ? times.map(Math.round) : undefined, minMs: Math.min(...times), maxMs: Math.max(...times), maxRssKb: process.resourceUsage().maxRSS, heapMb: heap, stages: medianStages(stages) })}\n`,
);

function medianStages(list) {
  const names = Object.keys(list[0] ?? {});
  return Object.fromEntries(names.map((name) => [name, median(list.map((entry) => entry[name]))]));
}

async function startProfiler() {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
    },
  };
}
