// Runs the CLI's script form (src/bundle.js writes it) for Node 20, which has no compile cache for ES modules,
// with V8's code cache beside it: written at 'exit', so that it holds the lazily compiled functions too, and
// again whenever V8 rejects it. Plain JavaScript because Node runs it before anything is compiled.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * The cache file of a script for this Node: a name per version spares two installed Nodes from overwriting
 * each other's. Node's own options leave the cache valid, so they are not in the name; V8 flags make V8 reject it.
 */
export function cacheFileOf(file, node = process) {
  return `${file}.${node.version}-${node.arch}.code-cache`;
}

/**
 * V8 drops the bytecode of a function that has not run for a few full collections, and a build
 * has many: made at the exit, the cache lacked the script's top level and the top level of every
 * bundled module (they run once, at the start), so each run parsed the whole script again.
 */
const KEEP_COMPILED = ['--no-flush-bytecode'];

/**
 * Compiles and runs the CommonJS-shaped script `file`, from its code cache when V8 accepts it.
 */
export function runScript(file) {
  for (const flag of KEEP_COMPILED) v8.setFlagsFromString(flag);
  const code = readFileSync(file, 'utf8');
  const cacheFile = cacheFileOf(file);
  const cachedData = readCache(cacheFile);
  // No importModuleDynamically: src/bundle.js turned every import() into require.
  const script = new vm.Script(code, { filename: file, cachedData });
  if (!cachedData || script.cachedDataRejected) process.once('exit', () => writeCache(script, cacheFile));
  const module = { exports: {}, filename: file };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
}

function readCache(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Written whole under a name of its own and renamed into place: two runs at once each write a
 * complete cache, and the last rename wins. A cache that cannot be written (a read-only install,
 * a full disk) only means the next run compiles again, so nothing here fails the run.
 */
function writeCache(script, file) {
  const staging = `${file}.tmp-${process.pid}`;
  try {
    writeFileSync(staging, script.createCachedData());
    renameSync(staging, file);
  } catch {
    rmSync(staging, { force: true });
  }
}
