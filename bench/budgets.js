/**
 * The parsing budgets of untrusted content (issue 23): every attack input below the 1 MB file
 * limit, generated here, is given to `agency-site check` as a new process, and must end (a clean
 * refusal, exit 1, or a pass, exit 0; never a crash or an internal error) within a time and a peak
 * memory bound. The time bound is CPU time (all threads and child processes) over that of the
 * project without the attack, measured first, so that a machine busy with other work does not
 * fail the check; the memory bound is absolute. A run is stopped after five minutes of wall time. Prints one line per
 * input, with wall and CPU time and peak memory, and exits 1 when any bound is passed.
 *
 * Usage: node bench/budgets.js [--small] [--only name,name] [--max-seconds S] [--max-mb MB]
 * --small divides every input by 20 (for tests/security/budgets-bench.test.ts); the bounds stay.
 */
import { spawnSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createWorkFolder, megabytes, PROJECT_ROOT, seconds, timeProcess } from './measure.js';

const { values: flags } = parseArgs({
  options: {
    small: { type: 'boolean', default: false },
    only: { type: 'string' },
    'max-seconds': { type: 'string', default: '10' },
    'max-mb': { type: 'string', default: '600' },
  },
});
const SCALE = flags.small ? 1 / 20 : 1;
const MAX_MS = Number(flags['max-seconds']) * 1000;
const MAX_KB = Number(flags['max-mb']) * 1024;
/** A run still going after this is killed: it has failed its bound long before. */
const KILL_MS = Math.max(MAX_MS * 3, 300_000);

const count = (full) => Math.max(1, Math.round(full * SCALE));
const page = (front, body) => `---\ntitle: Attack\ndescription: An attack page.\n${front}---\n\n${body}\n`;
/** `unit` repeated to about `bytes` (scaled), on one line. */
const fill = (unit, bytes) => unit.repeat(Math.ceil(count(bytes) / unit.length));

/** A 1-bit greyscale PNG of width x height, all black: deflate shrinks its rows to almost nothing. */
function blackPng(width, height) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Math.ceil(width / 8) + 1;
  const pixels = deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Each input: the files it writes into a copy of the project. */
const INPUTS = {
  /** The project as it is, for comparison. */
  baseline: () => ({}),
  /** A long page of real prose, which must pass: budgets refuse attacks, not long pages. */
  'long-prose': () => {
    const terms = readFileSync(path.join(PROJECT_ROOT, 'content/legal/terms.md'), 'utf8').split(/^---$/m)[2];
    return { 'content/pages/attack.md': page('', terms.repeat(Math.ceil(count(950_000) / terms.length))) };
  },
  'yaml-aliases': () => ({
    'content/pages/attack.md': page(`tags: &a [x]\nmore: [${fill('*a, ', 225_000)}*a]\n`, 'Text.'),
  }),
  'yaml-keys': () => ({
    'content/pages/attack.md': page(Array.from({ length: count(80_000) }, (_, n) => `k${n}: 1\n`).join(''), 'Text.'),
  }),
  'markdown-emphasis': () => ({ 'content/pages/attack.md': page('', fill('*a**a***', 1_000_000)) }),
  'markdown-underscores': () => ({ 'content/pages/attack.md': page('', fill('_a__a___', 1_000_000)) }),
  'markdown-link-openers': () => ({ 'content/pages/attack.md': page('', fill('[a', 1_000_000)) }),
  'markdown-image-openers': () => ({ 'content/pages/attack.md': page('', fill('![a', 1_000_000)) }),
  /** Broken links that render, each a problem with a code frame of the same long line. */
  'broken-links-frames': () => ({
    'content/pages/attack.md': page('', Array.from({ length: count(5_000) }, (_, n) => `[x](/${n})`).join(' ')),
  }),
  'markdown-broken-links': () => ({
    'content/pages/attack.md': page('', Array.from({ length: count(60_000) }, (_, n) => `[x](/${n})`).join(' ')),
  }),
  'raw-html-nesting': () => ({
    'content/pages/attack.md': page('', `${'<sup>'.repeat(count(40_000))}x${'</sup>'.repeat(count(40_000))}`),
  }),
  'svg-embedded-raster': () => {
    // Not scaled: the file is 64 KB at full size, and a smaller image would be within the limit.
    const side = 20_000;
    const png = blackPng(side, side).toString('base64');
    return {
      'public/images/logo.svg': `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="200" viewBox="0 0 200 200"><image width="200" height="200" href="data:image/png;base64,${png}"/></svg>\n`,
    };
  },
};

function makeProject(work, name) {
  const root = path.join(work, name);
  mkdirSync(root);
  for (const folder of ['content', 'templates', 'public'])
    cpSync(path.join(PROJECT_ROOT, folder), path.join(root, folder), { recursive: true });
  for (const [file, text] of Object.entries(INPUTS[name]())) writeFileSync(path.join(root, file), text);
  return root;
}

/** Runs `check` in `root`; a run past KILL_MS is stopped and counts as over its bound. */
async function measure(root) {
  const cli = path.join(PROJECT_ROOT, 'bin', 'agency-site.js');
  const run = timeProcess(process.execPath, [cli, 'check', '--no-cache'], {
    cwd: root,
    okCodes: [0, 1],
    timeoutMs: KILL_MS,
  });
  return run.catch((error) => ({ failed: String(error.message).split('\n').slice(0, 3).join(' | ') }));
}

const names = [
  'baseline',
  ...(flags.only ? flags.only.split(',') : Object.keys(INPUTS)).filter((name) => name !== 'baseline'),
];
let baselineCpuMs = 0;
const work = createWorkFolder('agency-site-budgets-');
// The first run after a change of src/ compiles the CLI: not part of any input's figures.
spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'bin', 'agency-site.js'), '--version']);
let over = 0;
try {
  for (const name of names) {
    if (!INPUTS[name]) throw new Error(`no input named ${name}; known: ${Object.keys(INPUTS).join(', ')}`);
    const root = makeProject(work, name);
    const bytes = Object.keys(INPUTS[name]()).reduce(
      (sum, file) => sum + readFileSync(path.join(root, file)).byteLength,
      0,
    );
    const result = await measure(root);
    rmSync(root, { recursive: true, force: true });
    const codes = result.failed ? [] : [...new Set(result.stderr.match(/\[[A-Za-z]+\]/g) ?? [])].slice(0, 4);
    const problems = [];
    if (result.failed) problems.push(result.failed);
    else {
      const cpuMs = (result.userMs ?? 0) + (result.systemMs ?? 0);
      if (name === 'baseline') baselineCpuMs = cpuMs;
      else if (cpuMs > baselineCpuMs + MAX_MS) problems.push(`over ${MAX_MS / 1000} s of CPU more than the baseline`);
      if (result.maxRssKb !== null && result.maxRssKb > MAX_KB) problems.push(`over ${MAX_KB / 1024} MB`);
      if (/internal error/.test(result.stderr)) problems.push('internal error');
    }
    if (problems.length > 0) over++;
    const cpu = result.userMs === null ? '' : ` (CPU ${seconds(result.userMs + result.systemMs)})`;
    const figures = result.failed
      ? 'n/a'
      : `${seconds(result.ms)}${cpu}, ${megabytes(result.maxRssKb)}, exit ${result.code}`;
    console.log(
      `${problems.length > 0 ? 'OVER' : 'ok  '} ${name} (${Math.round(bytes / 1024)} KB): ${figures} ${codes.join(' ')}${problems.length > 0 ? ` -- ${problems.join('; ')}` : ''}`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (over > 0) {
  console.log(
    `${over} input${over === 1 ? '' : 's'} over budget (baseline + ${MAX_MS / 1000} s of CPU, ${MAX_KB / 1024} MB).`,
  );
  process.exitCode = 1;
}
