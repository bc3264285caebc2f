/**
 * What the benchmarks share: a temporary copy of the project with a corpus of N pages, timing a
 * command as a new process with its peak memory, medians, the machine's details, and writing one
 * generated section of docs/benchmarks.md (between markers, leaving the rest of the file alone),
 * and src/ bundled the way the CLI bundles it, for benches that call its functions in process.
 */
import { spawn } from 'node:child_process';
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { writeCorpus } from './corpus.js';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
const GNU_TIME = '/usr/bin/time';
export const HAS_GNU_TIME = existsSync(GNU_TIME);

/** Numbers from an environment variable ("250,1000"), or the defaults. */
export function listFromEnv(name, defaults) {
  const value = process.env[name];
  if (!value) return defaults;
  return value.split(',').map((part) => {
    const number = Number(part.trim());
    if (!Number.isInteger(number) || number <= 0) throw new Error(`${name} must list whole numbers, not "${value}"`);
    return number;
  });
}

export function numberFromEnv(name, fallback) {
  const value = process.env[name];
  if (!value) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`${name} must be a whole number, not "${value}"`);
  return number;
}

/**
 * Where the benchmarks build: tmpfs (/dev/shm) when there is one, so that creating thousands of
 * output files measures the generators, not the disk (on ext4 with online discard that costs
 * seconds of system time). BENCH_TMPDIR chooses another folder.
 */
export const WORK_ROOT = process.env.BENCH_TMPDIR ?? (isWritableFolder('/dev/shm') ? '/dev/shm' : os.tmpdir());

function isWritableFolder(folder) {
  try {
    accessSync(folder, constants.W_OK);
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

export function createWorkFolder(prefix) {
  return mkdtempSync(path.join(WORK_ROOT, prefix));
}

/**
 * A copy of a project (bin/, src/, package files, content/, templates/, public/; node_modules
 * linked, so the bundled CLI is shared) whose content/pages/ holds `count` generated pages.
 * `root` is the project to copy (default: this one); with `ownBundle`, node_modules is a folder of
 * links to this project's packages with a .cache of its own, so that two versions of the CLI
 * built side by side do not replace each other's bundle.
 */
export function copyProjectWithCorpus(folder, count, { root = PROJECT_ROOT, ownBundle = false } = {}) {
  mkdirSync(folder, { recursive: true });
  for (const name of ['bin', 'src', 'content', 'templates', 'public', 'package.json', 'package-lock.json']) {
    cpSync(path.join(root, name), path.join(folder, name), { recursive: true });
  }
  const modules = path.join(PROJECT_ROOT, 'node_modules');
  if (ownBundle) {
    mkdirSync(path.join(folder, 'node_modules'));
    for (const name of readdirSync(modules)) {
      if (name !== '.cache') symlinkSync(path.join(modules, name), path.join(folder, 'node_modules', name));
    }
  } else {
    symlinkSync(modules, path.join(folder, 'node_modules'), 'dir');
  }
  rmSync(path.join(folder, 'content', 'pages'), { recursive: true, force: true });
  writeCorpus(path.join(folder, 'content', 'pages'), count);
  return folder;
}

/**
 * Reads the memory of a process tree on Linux: the parent of every process in /proc, looked up
 * once per process, gives the tree. The measured process itself counts with its resident set
 * (VmRSS in /proc/PID/status, a counter the kernel keeps); each process it started counts with its
 * proportional set size (Pss: a page shared by n processes counts 1/n in each, so the node binary
 * that a build and its encoder process share counts at most one and a half times). The sum is
 * never below the tree's own Pss. The measured process is not read through smaps_rollup: that
 * walks its page tables under its memory map's lock, 10 ms a read for a 280 MB build here, and
 * read every 25 ms it held up the build's own page faults and mappings (a cold 4000-page build
 * took 20.9 s instead of 15.8 s while sampled that way).
 */
function createTreeSampler(root, withRoot) {
  const parents = new Map();
  return () => {
    let names;
    try {
      names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
      return 0;
    }
    const children = new Map();
    for (const name of names) {
      const pid = Number(name);
      if (!parents.has(pid)) {
        try {
          // The parent is the 4th field, after the command name in parentheses (which may hold spaces).
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          parents.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
        } catch {
          continue;
        }
      }
      const parent = parents.get(pid);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(pid);
    }
    let total = 0;
    // [pid, counted, the measured process itself]
    const stack = [[root, withRoot, withRoot]];
    while (stack.length > 0) {
      const [pid, counted, measured] = stack.pop();
      if (counted) {
        try {
          total += measured
            ? Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
            : Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
        } catch {
          // it ended meanwhile
        }
      }
      for (const child of children.get(pid) ?? []) stack.push([child, true, !counted]);
    }
    return total;
  };
}

const CAN_SAMPLE = existsSync(`/proc/${process.pid}/smaps_rollup`);
/** How often the memory of a process tree is read. */
const SAMPLE_MS = 25;

/**
 * Runs a command as a new process and resolves to its wall time and peak memory (KB): the larger
 * of GNU time's figure (the peak resident set of the largest single process) and the peak of the
 * memory of the process and its children together (the image encoder, esbuild; see
 * createTreeSampler) sampled every 25 ms, since GNU time does not add up processes that run at the
 * same time. Without either, the child's own report, else null. With GNU time, also the system
 * and user CPU time of the process and its waited-for children (ms), so that time spent in the
 * kernel (creating files) can be told apart.
 */
export function timeProcess(command, args, { cwd, env, okCodes = [0], timeoutMs } = {}) {
  const rssFile = path.join(os.tmpdir(), `agency-site-bench-rss-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const [file, argv] = HAS_GNU_TIME ? [GNU_TIME, ['-f', '%M %S %U', '-o', rssFile, command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(file, argv, {
      cwd,
      env: { ...process.env, NO_COLOR: '1', AGENCY_SITE_REPORT_MEMORY: '1', ...env },
      // A group of its own, so that a timeout stops GNU time's child as well.
      detached: Boolean(timeoutMs),
    });
    let sampledKb = 0;
    // GNU time itself (the root when it is installed) is not counted.
    const sample = CAN_SAMPLE && createTreeSampler(child.pid, !HAS_GNU_TIME);
    const sampler = sample && setInterval(() => (sampledKb = Math.max(sampledKb, sample())), SAMPLE_MS);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    // The whole group: GNU time's child too.
    const timer = timeoutMs && setTimeout(() => process.kill(-child.pid, 'SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (sampler) clearInterval(sampler);
      let maxRssKb = null;
      let systemMs = null;
      let userMs = null;
      if (HAS_GNU_TIME && existsSync(rssFile)) {
        const [rss, system, user] = readFileSync(rssFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
        [maxRssKb, systemMs, userMs] = [rss, system * 1000, user * 1000];
        rmSync(rssFile, { force: true });
      } else {
        const reported = /maxRSS \(KB\): (\d+)/.exec(stderr);
        if (reported) maxRssKb = Number(reported[1]);
      }
      if (sampledKb > 0) maxRssKb = Math.max(maxRssKb ?? 0, sampledKb);
      if (!okCodes.includes(code)) {
        const how = signal ? `was killed (${signal}) after ${Math.round(ms)} ms` : `exited with ${code}`;
        reject(new Error(`${command} ${args.join(' ')} ${how}:\n${stderr || stdout}`));
        return;
      }
      resolve({ ms, maxRssKb, systemMs, userMs, stdout, stderr, code });
    });
  });
}

export function median(values) {
  const sorted = values.filter((value) => value !== null && value !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Median, 90th percentile, fastest and slowest of some timings. */
export function summarize(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: median(sorted),
    p90: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))],
    min: sorted[0],
    max: sorted.at(-1),
  };
}

/**
 * The real `agency-site dev` on `project`, on a free port: its process, everything it printed so
 * far (`log()`), and its URL once it says it serves (`url`; a cold build of `pages` may take a while).
 */
export function startDevProcess(project, { pages = 0 } = {}) {
  const child = spawn(
    process.execPath,
    [path.join(PROJECT_ROOT, 'bin', 'agency-site.js'), 'dev', '--root', project, '--port', '0'],
    { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev did not start:\n${log}`)), 60_000 + pages * 60);
    child.stdout.on('data', () => {
      const found = /Dev server: (http:\/\/\S+)/.exec(log);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`dev exited with ${code}:\n${log}`)));
  });
  return { child, url, log: () => log };
}

export function machineDetails() {
  const cpus = os.cpus();
  return {
    cores: os.availableParallelism(),
    cpu: cpus[0]?.model ?? 'unknown',
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    load: os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', '),
  };
}

export function formatMachine(machine, extra = {}) {
  const rows = { ...machine, ...extra };
  const names = {
    cores: 'CPU cores',
    cpu: 'CPU model',
    memory: 'Memory',
    node: 'Node.js',
    os: 'System',
    load: 'Load average at start (1, 5, 15 min)',
  };
  return Object.entries(rows)
    .map(([key, value]) => `- ${names[key] ?? key}: ${value}`)
    .join('\n');
}

export const seconds = (ms) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
export const megabytes = (kb) => (kb === null ? 'n/a' : `${Math.round(kb / 1024)} MB`);
export const ratio = (a, b) => (a === null || b === null || b === 0 ? 'n/a' : `${(a / b).toFixed(2)}`);

/** Replaces the section between <!-- NAME:start --> and <!-- NAME:end --> (appends it the first time). */
export function writeSection(file, name, markdown) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  text =
    from !== -1 && to > from
      ? `${text.slice(0, from)}${block}${text.slice(to + end.length)}`
      : `${text.trimEnd()}\n\n${block}\n`;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

export function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * Bundles `exports` (names by their file under src/, or by package) the way the CLI is bundled, with the Markdown
 * worker and the image encoder beside it, and imports it: a bench runs the path users run.
 * `cleanup()` removes the bundle. It lies inside node_modules, so the packages left out resolve.
 */
export async function importSourceBundle(name, exports) {
  const outdir = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'agency-site', `${name}-${process.pid}`);
  mkdirSync(outdir, { recursive: true });
  const entry = path.join(outdir, 'entry.ts');
  const source = (file) => JSON.stringify(file.endsWith('.ts') ? path.join(PROJECT_ROOT, 'src', file) : file);
  writeFileSync(
    entry,
    Object.entries(exports)
      .map(([file, names]) => `export { ${names.join(', ')} } from ${source(file)};`)
      .join('\n'),
  );
  await esbuild.build({
    entryPoints: [
      entry,
      path.join(PROJECT_ROOT, 'src', 'markdown', 'worker.ts'),
      path.join(PROJECT_ROOT, 'src', 'images', 'encoder.ts'),
    ],
    entryNames: '[name]',
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
    // For bench/cpu-profile.js, which maps a profile's positions back to src/ through it.
    sourcemap: 'external',
    external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'sharp'],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  const api = await import(pathToFileURL(path.join(outdir, 'entry.js')).href);
  return { ...api, cleanup: () => rmSync(outdir, { recursive: true, force: true }) };
}
