/**
 * node bench/cpu-profile.js <file.cpuprofile>... : where a build's CPU went, from the profiles that
 * `node --cpu-prof --cpu-prof-dir=DIR bin/agency-site.js build` writes (one per thread: the main
 * thread and each Markdown worker). Positions in the bundled CLI are mapped back to src/ and to
 * the packages through the bundle's source maps (node_modules/.cache/agency-site/cli-*), so the
 * bundle of the profiled version must still be there.
 *
 * Prints, over all the files given, the busy time (idle left out) by package or src/ file, by
 * function, and by the nearest src/ function on the stack (the module of ours that asked for the
 * work, so remark's time shows under the Markdown step that called it), and by src/ function
 * inclusive of what it called (each function once per sample; an async function's time after its
 * first await shows under no caller, so read these for synchronous work).
 *
 * The profiler samples wall time: on a loaded machine a thread that waits for a core still gets
 * samples. Read the shares, not the milliseconds, and take CPU totals from GNU time.
 * TOP=40 (default 30) sets the length of each list.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('Usage: node bench/cpu-profile.js <file.cpuprofile>...');
  process.exit(2);
}
const top = Number(process.env.TOP ?? 30);
const maps = new Map();

function mapOf(url) {
  if (!maps.has(url)) {
    let map = null;
    const file = url.startsWith('file:') ? fileURLToPath(url) : url;
    if (file && existsSync(`${file}.map`)) map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    maps.set(url, map);
  }
  return maps.get(url);
}

/** Where a frame's code was written: a src/ or templates/ file, a package (pkg:name), or Node's own. */
function placeOf(frame) {
  let source = frame.url.replace(/^file:\/\//, '');
  const map = frame.url && frame.lineNumber >= 0 ? mapOf(frame.url) : null;
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  if (entry?.originalSource) source = entry.originalSource;
  if (!entry && source.includes('/.cache/agency-site/'))
    return { file: 'the bundle (its source map is gone)', own: false };
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  // htmlparser2 and entities ship their sources as src/*.ts: the package, not ours.
  if (inPackage) return { file: `pkg:${inPackage[1]}`, own: false };
  const own = /(?:^|\/)((?:src|templates)\/.*)$/.exec(source);
  if (own && !source.includes('/.cache/')) return { file: own[1], own: true };
  return { file: source || frame.functionName || '(native)', own: false };
}

const busy = { byFile: new Map(), byFunction: new Map(), byCaller: new Map(), inclusive: new Map() };
let total = 0;
const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const about = new Map(
    profile.nodes.map((node) => [
      node.id,
      { name: node.callFrame.functionName || '(anonymous)', ...placeOf(node.callFrame) },
    ]),
  );
  const timeOf = new Map();
  profile.samples.forEach((id, index) => {
    add(timeOf, id, (profile.timeDeltas[index + 1] ?? 0) / 1000);
  });
  for (const [id, ms] of timeOf) {
    const leaf = about.get(id);
    if (leaf.name === '(idle)' || leaf.name === '(program)') continue;
    total += ms;
    add(busy.byFile, leaf.name.startsWith('(') ? leaf.name : leaf.file, ms);
    add(busy.byFunction, `${leaf.name} ${leaf.file}`, ms);
    let caller = leaf.name.startsWith('(') ? leaf.name : `${leaf.file} (no src/ caller)`;
    for (let node = id; node !== undefined; node = parent.get(node)) {
      const frame = about.get(node);
      if (frame.own) {
        caller = `${frame.file} ${frame.name}`;
        break;
      }
    }
    add(busy.byCaller, caller, ms);
    // Each src/ function on the stack once: the time spent in it and in what it called.
    const seen = new Set();
    for (let node = id; node !== undefined; node = parent.get(node)) {
      const frame = about.get(node);
      const name = `${frame.file} ${frame.name}`;
      if (frame.own && !seen.has(name)) {
        seen.add(name);
        add(busy.inclusive, name, ms);
      }
    }
  }
}

const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${key}`);
  }
};
console.log(`busy: ${total.toFixed(0)} ms sampled in ${files.length} profile(s)`);
print('by package or file (self time)', busy.byFile);
print('by function (self time)', busy.byFunction);
print('by the nearest src/ function on the stack', busy.byCaller);
print('by src/ function, inclusive (itself and what it called)', busy.inclusive);
