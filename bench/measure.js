/**
 * What the benchmarks share: a temporary copy of the project with a corpus of N pages, timing a
 * command as a new process with its peak memory, medians, the machine's details, and writing one
 * generated section of docs/benchmarks.md (between markers, leaving the rest of the file alone).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

export function createWorkFolder(prefix) {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * A copy of the project (bin/, src/, package files, content/, templates/, public/; node_modules
 * linked, so the bundled CLI is shared) whose content/pages/ holds `count` generated pages.
 */
export function copyProjectWithCorpus(folder, count) {
  mkdirSync(folder, { recursive: true });
  for (const name of ['bin', 'src', 'content', 'templates', 'public', 'package.json', 'package-lock.json']) {
    cpSync(path.join(PROJECT_ROOT, name), path.join(folder, name), { recursive: true });
  }
  symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(folder, 'node_modules'), 'dir');
  rmSync(path.join(folder, 'content', 'pages'), { recursive: true, force: true });
  writeCorpus(path.join(folder, 'content', 'pages'), count);
  return folder;
}

/**
 * Runs a command as a new process and resolves to its wall time and peak resident memory (KB; by
 * GNU time when installed, else from the child's own report when it gives one, else null).
 */
export function timeProcess(command, args, { cwd, env } = {}) {
  const rssFile = path.join(os.tmpdir(), `agency-site-bench-rss-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const [file, argv] = HAS_GNU_TIME ? [GNU_TIME, ['-f', '%M', '-o', rssFile, command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(file, argv, { cwd, env: { ...process.env, NO_COLOR: '1', AGENCY_SITE_REPORT_MEMORY: '1', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      let maxRssKb = null;
      if (HAS_GNU_TIME && existsSync(rssFile)) {
        maxRssKb = Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop());
        rmSync(rssFile, { force: true });
      } else {
        const reported = /maxRSS \(KB\): (\d+)/.exec(stderr);
        if (reported) maxRssKb = Number(reported[1]);
      }
      if (code !== 0) {
        reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stderr || stdout}`));
        return;
      }
      resolve({ ms, maxRssKb, stdout, stderr });
    });
  });
}

export function median(values) {
  const sorted = values.filter((value) => value !== null && value !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function machineDetails() {
  const cpus = os.cpus();
  return {
    cores: os.availableParallelism(),
    cpu: cpus[0]?.model ?? 'unknown',
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    load: os.loadavg().map((value) => value.toFixed(2)).join(', '),
  };
}

export function formatMachine(machine, extra = {}) {
  const rows = { ...machine, ...extra };
  const names = { cores: 'CPU cores', cpu: 'CPU model', memory: 'Memory', node: 'Node.js', os: 'System', load: 'Load average at start (1, 5, 15 min)' };
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
  text = from !== -1 && to > from ? `${text.slice(0, from)}${block}${text.slice(to + end.length)}` : `${text.trimEnd()}\n\n${block}\n`;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

export function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
