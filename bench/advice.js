/**
 * What content advice costs on a large site: `agency-site check` on the corpus of bench/corpus.js
 * (real processes, cold with --no-cache and warm with the disk cache; CPU time, worker threads
 * included), then, in one process over
 * the same pages, the advice's own steps: collecting the Markdown facts from syntax trees the
 * Markdown step already has, parsing the bodies again (for a pipeline that does not collect them),
 * and every rule over every rendered page. Prints the figures; writes nothing outside its work folder.
 * Usage: node --expose-gc bench/advice.js [pages=4000] [runs=3]
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { copyProjectWithCorpus, createWorkFolder, importSourceBundle, median, seconds } from './measure.js';

process.env.NODE_ENV = 'production';
const count = Number(process.argv[2] ?? 4000);
const runs = Number(process.argv[3] ?? 3);
const work = createWorkFolder('agency-site-advice-');
const folder = copyProjectWithCorpus(path.join(work, `site-${count}`), count);
const node = process.execPath;

function loadApi() {
  return importSourceBundle('bench-advice', {
    'build.ts': ['buildSite'],
    'config.ts': ['resolveConfig'],
    'content/load.ts': ['loadSite'],
    'content/frontmatter.ts': ['splitFrontmatter'],
    'site/routes.ts': ['createRoutes', 'createUrlPolicy'],
    'advice/advise.ts': ['adviseSite', 'advisePage'],
    'advice/markdown.ts': ['collectMarkdownFacts', 'readMarkdownFacts'],
    'advice/advice-input.ts': ['collectSwitches', 'createAdvicePages', 'readSourceImages'],
    'advice/page-report.ts': ['createPageReports', 'formatPageReports'],
    remark: ['remark'],
  });
}

/** CPU time (user + system, this process) in ms: on a shared machine, wall time mostly measures the wait for a core. */
const timed = (fn) => {
  const started = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(started);
  return { ms: (used.user + used.system) / 1000, value };
};

/** A check as a new process: its CPU time (user + system, worker threads included), and its wall time. */
function timeCheck(args) {
  const run = spawnSync('/usr/bin/time', ['-f', '%e %U %S', node, 'bin/agency-site.js', 'check', ...args], {
    cwd: folder,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (run.status !== 0) throw new Error(`check failed:\n${run.stderr}`);
  const [wall, user, system] = run.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { ms: (user + system) * 1000, wallMs: wall * 1000 };
}

try {
  const check = timeCheck;
  check([]); // bundles the CLI and fills the disk cache; not counted
  const cold = [];
  const warm = [];
  // ADVICE_ONLY=1: the advice's own steps only (for profiling them).
  for (let run = 1; run <= (process.env.ADVICE_ONLY ? 0 : runs); run++) {
    const [coldRun, warmRun] = [check(['--no-cache']), check([])];
    cold.push(coldRun.ms);
    warm.push(warmRun.ms);
    console.log(
      `check run ${run} (CPU, wall): cold ${seconds(coldRun.ms)}, ${seconds(coldRun.wallMs)}; warm ${seconds(warmRun.ms)}, ${seconds(warmRun.wallMs)}`,
    );
  }

  const api = await loadApi();
  const config = api.resolveConfig({ root: folder, cache: false });
  const result = await api.buildSite(config, { write: false });
  const loaded = await api.loadSite(config);
  const urls = api.createUrlPolicy(config, loaded.site.settings.url);
  const routes = api.createRoutes(loaded.site, urls, loaded.pages);
  const output = new Map(result.output.map((file) => [file.path, file]));
  const rendered = routes.map((route) => ({ route, html: output.get(route.file).contents }));
  const bodies = new Map(
    loaded.sources
      .filter((source) => source.file.endsWith('.md'))
      .map((source) => {
        const split = api.splitFrontmatter(source.file, source.text);
        return [source.file, split];
      }),
  );
  const parser = api.remark().freeze();
  let trees = new Map([...bodies].map(([file, split]) => [file, parser.parse(split.body)]));
  const images = await api.readSourceImages(result.output.filter((file) => file.source?.startsWith(config.publicDir)));
  // Each step alone, after a full collection: the garbage of one must not be collected in the time of the next.
  const settle = () => globalThis.gc?.();
  const collect = [];
  let facts;
  for (let run = 1; run <= runs; run++) {
    settle();
    const made = timed(() => new Map([...trees].map(([file, tree]) => [file, api.collectMarkdownFacts(tree)])));
    collect.push(made.ms);
    facts = made.value;
  }
  trees = undefined;
  const markdownOf = (file) =>
    facts.has(file) ? { facts: facts.get(file), lineOffset: bodies.get(file).bodyLineOffset } : undefined;
  const input = (report) => ({
    pages: api.createAdvicePages(rendered, loaded.site, markdownOf),
    sources: loaded.sources,
    images,
    switches: api.collectSwitches(loaded.site, loaded.pages),
    base: config.base,
    report,
  });
  // A warm build keeps what the rules found on each page (advisePage) by the page's key and its files' hashes.
  const sources = new Map(loaded.sources.map((source) => [source.file, source]));
  const kept = api
    .createAdvicePages(rendered, loaded.site, markdownOf)
    .map((page) => ({ ...page, found: api.advisePage(page, { sources, base: config.base, report: false }) }));
  const rules = [];
  const keptFindings = [];
  const reported = [];
  let warnings = 0;
  for (let run = 1; run <= runs; run++) {
    settle();
    const advice = timed(() => api.adviseSite(input(false)));
    rules.push(advice.ms);
    warnings = advice.value.warnings.length;
    settle();
    keptFindings.push(timed(() => api.adviseSite({ ...input(false), pages: kept })).ms);
    settle();
    reported.push(timed(() => api.formatPageReports(api.createPageReports(api.adviseSite(input(true)).pages))).ms);
  }
  const parse = [];
  for (let run = 1; run <= runs; run++) {
    settle();
    parse.push(timed(() => [...bodies.values()].map((split) => api.readMarkdownFacts(split.body))).ms);
  }
  console.log(
    `facts from trees ${collect.map(Math.round).join(', ')} ms; rules ${rules.map(Math.round).join(', ')} ms; with kept page findings ${keptFindings.map(Math.round).join(', ')} ms; rules with --report ${reported.map(Math.round).join(', ')} ms; parse + facts ${parse.map(Math.round).join(', ')} ms`,
  );
  api.cleanup();
  const [coldMs, warmMs, collectMs, parseMs, rulesMs, reportMs, cachedMs] = [
    cold,
    warm,
    collect,
    parse,
    rules,
    reported,
    keptFindings,
  ].map((values) => median(values) ?? Number.NaN);
  const share = (part, whole) => `${((100 * part) / whole).toFixed(1)} %`;
  console.log(
    [
      `${routes.length} pages, ${warnings} warnings, medians of ${runs} runs, CPU time:`,
      `check: cold (--no-cache) ${seconds(coldMs)}, warm ${seconds(warmMs)}`,
      `rules over every page: ${rulesMs.toFixed(0)} ms (${share(rulesMs, coldMs)} of cold check, ${share(rulesMs, warmMs)} of warm)`,
      `the rules across pages, each page's findings from a cache: ${cachedMs.toFixed(0)} ms (${share(cachedMs, warmMs)} of warm)`,
      `the same with --report (words counted, report formatted): ${reportMs.toFixed(0)} ms`,
      `facts from the Markdown step's trees: ${collectMs.toFixed(0)} ms (${share(collectMs, coldMs)} of cold; nothing when cached with the Markdown)`,
      `facts by parsing the bodies again instead: ${parseMs.toFixed(0)} ms (${share(parseMs, coldMs)} of cold, ${share(parseMs, warmMs)} of warm)`,
    ].join('\n'),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
