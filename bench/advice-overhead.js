/**
 * The cost of content advice: `check` on the corpus (N=4000 by default, RUNS=3) in two copies of
 * the project, one as it is and one with the advice stage and the Markdown facts patched out,
 * cold (cache emptied) and warm (one page changed), alternating which copy goes first.
 * The corpus's random descriptions trip 857 DescriptionLength warnings, which the advice run also
 * formats and prints; with CLEAN=1 each short description is lengthened (uniquely), so the corpus
 * passes every rule, as a site that follows the advice would.
 * Prints the medians; usage: [CLEAN=1] node bench/advice-overhead.js
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
const root = fileURLToPath(new URL('..', import.meta.url));
const { copyProjectWithCorpus, createWorkFolder, median, timeProcess } = await import(`${root}/bench/measure.js`);
const { pageSlug, renderCorpusPage } = await import(`${root}/bench/corpus.js`);
const count = Number(process.env.N ?? 4000),
  runs = Number(process.env.RUNS ?? 3);
const work = createWorkFolder('wire-advice-');
const on = copyProjectWithCorpus(path.join(work, 'on'), count, { root, ownBundle: true });
const off = copyProjectWithCorpus(path.join(work, 'off'), count, { root, ownBundle: true });
const clean = process.env.CLEAN === '1';
/** A corpus page whose description is at least 70 characters long (CLEAN=1). */
const passing = (text, index) =>
  text.replace(/^description: (.*)$/m, (line, description) =>
    description.length >= 70
      ? line
      : `description: ${description} It is page ${index} of the corpus, kept for the benchmarks.`,
  );
const writePage = (folder, index, text) =>
  writeFileSync(path.join(folder, 'content', 'pages', `${pageSlug(index)}.md`), clean ? passing(text, index) : text);
if (clean) {
  for (const folder of [on, off]) {
    for (const name of readdirSync(path.join(folder, 'content', 'pages'))) {
      const file = path.join(folder, 'content', 'pages', name);
      writeFileSync(file, passing(readFileSync(file, 'utf8'), Number(/\d+/.exec(name)[0])));
    }
  }
}
const patch = (file, from, to) => {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`patch: ${from}`);
  writeFileSync(file, text.replace(from, to));
};
patch(
  path.join(off, 'src/build.ts'),
  /const advice = await runAdviceStage\([^\n]*\);/.exec(readFileSync(path.join(off, 'src/build.ts'), 'utf8'))[0],
  'const advice = { warnings: [] as SiteError[], computed: 0, report: undefined };',
);
patch(
  path.join(off, 'src/markdown/processor.ts'),
  'const facts = collectMarkdownFacts(tree);',
  'const facts = { headings: [], links: [], images: [], contacts: [] };',
);
const check = (folder) => timeProcess(process.execPath, ['bin/agency-site.js', 'check'], { cwd: folder });
for (const folder of [on, off]) {
  const r = await check(folder);
  console.log(folder, r.ms, r.stdout.trim().slice(0, 200), r.stderr.slice(0, 300));
}
const results = {
  on: { cold: [], warm: [], coldCpu: [], warmCpu: [] },
  off: { cold: [], warm: [], coldCpu: [], warmCpu: [] },
};
const cpu = (result) => (result.userMs ?? NaN) + (result.systemMs ?? NaN);
for (let run = 1; run <= runs; run++) {
  for (const [name, folder] of run % 2
    ? [
        ['on', on],
        ['off', off],
      ]
    : [
        ['off', off],
        ['on', on],
      ]) {
    rmSync(path.join(folder, '.cache'), { recursive: true, force: true });
    const cold = await check(folder);
    writePage(folder, 1, renderCorpusPage(1, count, run));
    const warm = await check(folder);
    results[name].cold.push(cold.ms);
    results[name].warm.push(warm.ms);
    results[name].coldCpu.push(cpu(cold));
    results[name].warmCpu.push(cpu(warm));
    console.log(
      `run ${run} ${name}: cold ${cold.ms.toFixed(0)} ms, warm ${warm.ms.toFixed(0)} ms, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  }
}
for (const name of ['on', 'off'])
  console.log(
    name,
    'cold median',
    median(results[name].cold).toFixed(0),
    'warm median',
    median(results[name].warm).toFixed(0),
    JSON.stringify(results[name]),
  );
const change = (key) => `${((median(results.on[key]) / median(results.off[key]) - 1) * 100).toFixed(1)}%`;
console.log(`CPU time (user+system, GNU time): cold ${change('coldCpu')}, warm ${change('warmCpu')}`);
console.log(
  `cold +${((median(results.on.cold) / median(results.off.cold) - 1) * 100).toFixed(1)}%, warm +${((median(results.on.warm) / median(results.off.warm) - 1) * 100).toFixed(1)}%`,
);
rmSync(work, { recursive: true, force: true });
