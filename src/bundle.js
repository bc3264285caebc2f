// The compiled CLI: a bundle of src/ keyed by the hash of its sources, so a stale one can never run. Made by
// `npm run prepare` or at the first start, in the first folder that can be written (see bundleFolders),
// so a read-only install still starts. Plain JavaScript because Node runs it before anything is compiled.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The CLI as a script (see writeBundle), beside the entry `cli.js` of the ES modules. */
export const SCRIPT_NAME = 'cli-script.js';

const toolRoot = fileURLToPath(new URL('..', import.meta.url));
const sourceDir = path.join(toolRoot, 'src');

export function sourceHash() {
  const hash = createHash('sha256');
  // Listed with their types, and named by cutting the folder off the listing's own paths: Node
  // 20's recursive listing by name alone, or a path.relative per entry, takes several times as
  // long, and this runs before every command.
  const files = readdirSync(sourceDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|json)$/.test(entry.name))
    .map((entry) => `${entry.parentPath}${path.sep}${entry.name}`)
    .sort();
  for (const file of files) {
    hash
      .update(`${file.slice(sourceDir.length + 1)}\0`)
      .update(readFileSync(file))
      .update('\0');
  }
  for (const name of ['package.json', 'package-lock.json', 'templates/api.ts']) {
    const file = path.join(toolRoot, name);
    if (existsSync(file)) hash.update(`${name}\0`).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Folders a bundle may live in, best first. `linked`: outside node_modules, so it needs links
 * back; `shared`: a folder other users can write in, trusted only when it is ours alone.
 */
export function bundleFolders(env = process.env) {
  // One folder per install: bundles of two checkouts never mix.
  const install = `tool-${createHash('sha256').update(toolRoot).digest('hex').slice(0, 12)}`;
  const userCache = env.XDG_CACHE_HOME || (os.homedir() ? path.join(os.homedir(), '.cache') : undefined);
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  return [
    { dir: path.join(toolRoot, 'node_modules', '.cache', 'agency-site'), linked: false, shared: false },
    ...(userCache ? [{ dir: path.join(userCache, 'agency-site', install), linked: true, shared: false }] : []),
    { dir: path.join(os.tmpdir(), `agency-site-${uid}`, install), linked: true, shared: true },
  ];
}

/** The entry of a bundle of the current sources, made if none exists; an Error saying where it tried otherwise. */
export async function ensureBundle(env = process.env) {
  const hash = sourceHash();
  const folders = bundleFolders(env);
  for (const { dir, shared } of folders) {
    const entry = path.join(dir, `cli-${hash}`, 'cli.js');
    if (existsSync(entry) && (!shared || ownedByUs(path.dirname(dir)))) return entry;
  }
  const failures = [];
  for (const folder of folders) {
    try {
      return await writeBundle(folder, hash);
    } catch (error) {
      if (!['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'ENOSPC', 'NotOwned'].includes(error.code)) throw error;
      failures.push(`${folder.dir} (${error.code})`);
    }
  }
  const error = new Error(
    `agency-site could not write its compiled CLI in any of these folders: ${failures.join(', ')}. ` +
      'Run "npm run prepare" where agency-site is installed, or set XDG_CACHE_HOME to a folder you can write.',
  );
  error.code = 'BundleUnwritable';
  throw error;
}

async function writeBundle({ dir, linked, shared }, hash) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (shared && !ownedByUs(path.dirname(dir)))
    throw Object.assign(new Error(`${dir} belongs to someone else`), { code: 'NotOwned' });
  // The bundle resolves react, sharp and the rest, and the dev server finds src/dev/client.ts,
  // by walking up from itself: outside the tool, links put node_modules and src on that way.
  if (linked) {
    for (const name of ['node_modules', 'src']) {
      const link = path.join(dir, name);
      if (!isLink(link)) symlinkSync(path.join(toolRoot, name), link, 'dir');
    }
  }
  const outdir = path.join(dir, `cli-${hash}`);
  const entry = path.join(outdir, 'cli.js');
  const staging = `${outdir}.tmp-${process.pid}`;
  const esbuild = await import('esbuild');
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'error',
    // Packages with binaries or their own module state stay in node_modules; React is shared with
    // the template bundle, and loads its production build because the launcher sets NODE_ENV.
    external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'playwright-core', 'sharp'],
  };
  // The build cache belongs to one generator: src/cache/version.ts reads this.
  const sourceHash = JSON.stringify(hash);
  esbuild.buildSync({
    ...common,
    // The Markdown worker and the image encoder are entries of their own: threads and processes start from a file.
    entryPoints: [
      path.join(sourceDir, 'cli.ts'),
      path.join(sourceDir, 'markdown', 'worker.ts'),
      path.join(sourceDir, 'images', 'encoder.ts'),
      path.join(sourceDir, 'admin', 'install-preview.ts'),
    ],
    entryNames: '[name]',
    outdir: staging,
    splitting: true,
    format: 'esm',
    define: { __AGENCY_SITE_SOURCE_HASH__: sourceHash },
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  // The CLI once more as one script, a function of CommonJS's arguments, for Node 20: it has no
  // compile cache for ES modules, but keeps V8's code of a script that src/script-cache.js runs.
  // import.meta.url is the script's own file, as it is in the ES module beside it.
  esbuild.buildSync({
    ...common,
    entryPoints: [path.join(sourceDir, 'cli.ts')],
    outfile: path.join(staging, SCRIPT_NAME),
    format: 'cjs',
    // Without the comments of the packages, some of which are not ASCII, the script is ASCII:
    // V8 then holds it as one byte per character, and Node reads it several times as fast (it is
    // read before every command). Positions in it are mapped back through the source map.
    minifyWhitespace: true,
    // import('esbuild') and the like become require: a dynamic import needs a callback that V8
    // loses when it takes the script's code from the cache (Node 20 then throws
    // ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), and these packages are CommonJS anyway.
    supported: { 'dynamic-import': false },
    define: { __AGENCY_SITE_SOURCE_HASH__: sourceHash, 'import.meta.url': '__agency_site_url' },
    banner: {
      js: "(function (exports, require, module, __filename, __dirname) { 'use strict'; const __agency_site_url = require('node:url').pathToFileURL(__filename).href;",
    },
    footer: { js: '})' },
  });
  for (const name of readdirSync(dir)) {
    if (/^cli-[0-9a-f]{16}$/.test(name)) rmSync(path.join(dir, name), { recursive: true, force: true });
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

/** A shared folder (the temporary one) must be ours alone, or another user could plant a bundle. */
function ownedByUs(dir) {
  if (typeof process.getuid !== 'function') return true;
  const stat = lstatSync(dir);
  return stat.isDirectory() && stat.uid === process.getuid() && (stat.mode & 0o022) === 0;
}

function isLink(file) {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Builds the shipped site once in a scratch folder, so that V8 keeps the code it compiled (src/script-cache.js,
 * Node 22's compile cache) for a fresh CI run's first build. Only in this repository; it fails nothing.
 */
function compileByBuilding() {
  if (!existsSync(path.join(toolRoot, 'content', 'site.yaml'))) return;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'agency-site-prepare-'));
  try {
    for (const folder of ['content', 'templates', 'public'])
      cpSync(path.join(toolRoot, folder), path.join(scratch, folder), { recursive: true });
    spawnSync(process.execPath, [path.join(toolRoot, 'bin', 'agency-site.js'), 'build', '--root', scratch], {
      stdio: 'ignore',
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The CMS preview of the templates here, made beside the bundle (src/admin/preview-bundle.ts): a
 * fresh clone's build then runs no esbuild for it. A template that fails is the build's to report.
 */
function installPreview(entry) {
  spawnSync(process.execPath, [path.join(path.dirname(entry), 'install-preview.js')], { stdio: 'ignore' });
}

// `node src/bundle.js` (npm's prepare script): make the bundle now, so the first start needs no write.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entry = await ensureBundle();
  process.stdout.write(`agency-site: compiled CLI in ${path.dirname(entry)}\n`);
  installPreview(entry);
  compileByBuilding();
}
