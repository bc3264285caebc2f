/**
 * The dev rebuild through the API the dev server uses (buildSite with a kept store and the file
 * versions its watcher counts): the site is built once, then again after each edit of one page.
 * Prints JSON.
 * Usage: node bench/dev-rebuild.js <project folder> <edits>
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
const stages = [];
// BENCH_PROFILE=file.cpuprofile: a CPU profile of the rebuilds alone (not the first build).
const profiler = process.env.BENCH_PROFILE ? await startProfiler() : undefined;
// New text every run, so no edit is already in the cache from an earlier run.
const edition = Date.now() % 1_000_000;
for (let edit = 1; edit <= edits; edit++) {
  const index = 1 + ((edit * 7919) % count);
  const file = path.join(folder, 'content', 'pages', `${pageSlug(index)}.md`);
  writeFileSync(file, renderCorpusPage(index, count, edition + edit));
  started = performance.now();
  versions.record({ path: file, event: 'change' });
  const result = await buildSite(config, { write: false, store, files: versions.snapshot() });
  times.push(performance.now() - started);
  stages.push(result.stages);
  if (result.computed.pages !== 1) throw new Error(`an edit of one page re-rendered ${result.computed.pages} pages`);
}
if (profiler) await profiler.stop(process.env.BENCH_PROFILE);
cleanup();
process.stdout.write(
  `${JSON.stringify({ pages: first.pages, firstMs, medianMs: median(times), minMs: Math.min(...times), maxMs: Math.max(...times), maxRssKb: process.resourceUsage().maxRSS, stages: medianStages(stages) })}\n`,
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
