/**
 * The files that worker threads and child processes start from. The bundled CLI has them beside
 * it (src/launcher.js makes them); run from source (tests, benchmarks), they are bundled here once
 * per generator version, so tests start the same threads and processes that users do.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { GENERATOR_VERSION } from './cache/version.ts';

/** Entries by their source path under src/, without the extension. */
export type EntryName = 'markdown/worker' | 'images/encoder';

const bundled = new Map<EntryName, string>();

/** The JavaScript file of an entry: the bundled one, or one made from src/ on first use. */
export function resolveEntryFile(name: EntryName): string {
  // In the bundle, this module and the entries share one folder.
  const beside = fileURLToPath(new URL(`./${path.basename(name)}.js`, import.meta.url));
  if (existsSync(beside)) return beside;
  let file = bundled.get(name);
  if (!file) bundled.set(name, (file = bundleFromSource(name)));
  return file;
}

function bundleFromSource(name: EntryName): string {
  const root = fileURLToPath(new URL('..', import.meta.url));
  // Inside node_modules, so that the packages left outside the bundle resolve from there.
  const outdir = path.join(
    root,
    'node_modules',
    '.cache',
    'agency-site',
    `entries-${GENERATOR_VERSION.replace(/[^\w.-]/g, '_')}`,
  );
  const file = path.join(outdir, `${path.basename(name)}.js`);
  if (existsSync(file)) return file;
  // Made beside and renamed: parallel test files may bundle the same entry at once.
  const staging = `${outdir}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  // Loaded here, run from source only: the bundled CLI never needs esbuild for its entries.
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  buildSync({
    entryPoints: [path.join(root, 'src', `${name}.ts`)],
    outdir: staging,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
    external: ['sharp'],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  mkdirSync(outdir, { recursive: true });
  try {
    renameSync(path.join(staging, `${path.basename(name)}.js`), file);
  } catch (error) {
    if (!existsSync(file)) throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return file;
}
