// Runs the CLI from a bundle of src/ that is keyed by the hash of its sources, so a stale
// compiled CLI can never run: any change to src/, package.json or the lock file makes a new
// bundle on the next start (about a second, once), and unchanged sources start at once.
// Plain JavaScript because Node runs it before anything is compiled.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The generator always renders with React's production build, whatever the caller's NODE_ENV says.
process.env.NODE_ENV = 'production';
// V8 grows the heap by up to four times what survived the last full collection, and remark's
// short-lived objects fill that room: a cold build of 4000 pages peaked at 358 to 370 MB. A fixed
// factor of 1.5 kept it at 288 to 298 MB with no measurable change in time (docs/benchmarks.md).
v8.setFlagsFromString('--heap-growing-percent=50');

const toolRoot = fileURLToPath(new URL('..', import.meta.url));
const sourceDir = path.join(toolRoot, 'src');
const cacheDir = path.join(toolRoot, 'node_modules', '.cache', 'agency-site');

function sourceHash() {
  const hash = createHash('sha256');
  const names = readdirSync(sourceDir, { recursive: true }).map(String).sort();
  for (const name of names) {
    const file = path.join(sourceDir, name);
    if (!/\.(ts|tsx|js|json)$/.test(name)) continue;
    hash.update(`${name}\0`).update(readFileSync(file)).update('\0');
  }
  for (const name of ['package.json', 'package-lock.json', 'templates/api.ts']) {
    const file = path.join(toolRoot, name);
    if (existsSync(file)) hash.update(`${name}\0`).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

async function ensureBundle() {
  const hash = sourceHash();
  const outdir = path.join(cacheDir, `cli-${hash}`);
  const entry = path.join(outdir, 'cli.js');
  if (existsSync(entry)) return entry;
  const esbuild = await import('esbuild');
  const staging = `${outdir}.tmp-${process.pid}`;
  mkdirSync(cacheDir, { recursive: true });
  esbuild.buildSync({
    // The Markdown worker and the image encoder are entries of their own: threads and processes start from a file.
    entryPoints: [path.join(sourceDir, 'cli.ts'), path.join(sourceDir, 'markdown', 'worker.ts'), path.join(sourceDir, 'publish', 'image-encoder.ts')],
    entryNames: '[name]',
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'error',
    // The build cache belongs to one generator: src/cache/version.ts reads this.
    define: { __AGENCY_SITE_SOURCE_HASH__: JSON.stringify(hash) },
    // Packages with binaries or their own module state stay in node_modules; React is shared with
    // the template bundle, and loads its production build because NODE_ENV is set above.
    external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'chokidar', 'fsevents', 'playwright-core', 'sharp'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  for (const name of readdirSync(cacheDir)) {
    if (/^cli-[0-9a-f]{16}$/.test(name)) rmSync(path.join(cacheDir, name), { recursive: true, force: true });
  }
  try {
    renameSync(staging, outdir);
  } catch (error) {
    // Another process finished the same bundle first: use theirs.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(entry)) throw error;
  }
  return entry;
}

await import(pathToFileURL(await ensureBundle()).href);
