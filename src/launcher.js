// Runs the CLI from the bundle of src/ that src/bundle.js keeps, made anew whenever the sources change.
// Plain JavaScript because Node runs it before anything is compiled.
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBundle, SCRIPT_NAME } from './bundle.js';

// The generator always renders with React's production build, whatever the caller's NODE_ENV says.
process.env.NODE_ENV = 'production';
// Once the event loop is empty, end at once with process.exit(), which keeps process.exitCode and still runs the
// 'exit' listeners (src/script-cache.js writes its cache there), instead of handing a large heap back page by page.
// Not when another 'beforeExit' listener is there: it may still start work.
process.on('beforeExit', () => {
  if (process.listenerCount('beforeExit') === 1) process.exit();
});

let entry;
try {
  entry = await ensureBundle();
} catch (error) {
  if (error.code !== 'BundleUnwritable') throw error;
  process.stderr.write(`error ${error.message}\n`);
  process.exit(1);
}
// Node 22 and later keep V8's compiled code of the bundle between runs, here beside the bundles
// (a folder src/bundle.js made sure is ours). Node 20 has no such cache for ES modules: it runs
// the script form of the same CLI, whose code src/script-cache.js keeps beside it.
if (module.enableCompileCache) {
  module.enableCompileCache(path.join(path.dirname(path.dirname(entry)), 'compile-cache'));
  await import(pathToFileURL(entry).href);
} else {
  const { runScript } = await import('./script-cache.js');
  runScript(path.join(path.dirname(entry), SCRIPT_NAME));
}
