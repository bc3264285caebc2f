// The dev server in-process (startDevServer), saves of one corpus page, with a CPU profile of the
// saves after the first three; prints the median wall and CPU time of a save (save to reload message)
// and, with --expose-gc, the heap after a full collection. SPREAD=1 saves another page each time
// (page-00001, page-00002, ...): what a save keeps of pages it did not change must not pile up.
// Usage: [SPREAD=1] node [--expose-gc] bench/dev-server-profile.mjs <project> <saves> <pages> [out.cpuprofile]
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { pageSlug, renderCorpusPage } from './corpus.js';
import { importSourceBundle } from './measure.js';

process.env.NODE_ENV = 'production';
const [folder, savesText, pagesText, out] = process.argv.slice(2);
const { startDevServer, resolveConfig, cleanup } = await importSourceBundle('dev-prof', {
  'dev/dev.ts': ['startDevServer'],
  'config.ts': ['resolveConfig'],
});
const dev = await startDevServer(resolveConfig({ root: folder }), { port: 0, host: '127.0.0.1', open: false });
const messages = [];
let wake;
request(new URL('/__agency-site/events', dev.url), (response) => {
  response.setEncoding('utf8');
  let buffer = '';
  response.on('data', (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .find((line) => line.startsWith('data: '));
      buffer = buffer.slice(end + 2);
      if (data) messages.push(JSON.parse(data.slice(6)));
    }
    wake?.();
  });
}).end();
const nextReload = async () => {
  for (;;) {
    const index = messages.findIndex((message) => message.type === 'reload');
    if (index !== -1) return messages.splice(0, index + 1);
    await new Promise((done) => {
      wake = done;
    });
  }
};
const pageOf = (n) => (process.env.SPREAD ? 1 + (n % Number(pagesText)) : 1);
const fileOf = () => path.join(folder, 'content', 'services', 'web-development.md'); const svc = (await import('node:fs')).readFileSync(fileOf(), 'utf8');
const session = new Session();
session.connect();
const times = [];
const cpu = [];
const heap = [];
for (let n = 0; n < Number(savesText); n++) {
  if (n === 3 && out) {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  await new Promise((done) => setTimeout(done, 150));
  messages.length = 0;
  const started = performance.now();
  const used = process.cpuUsage();
  writeFileSync(fileOf(n), svc.replace(/^title: .*$/m, 'title: Web Development Q' + n));
  await nextReload();
  times.push(performance.now() - started);
  const spent = process.cpuUsage(used);
  cpu.push((spent.user + spent.system) / 1000);
  // With --expose-gc: the heap after a full collection after the warm-up saves, half way and at the end.
  if (globalThis.gc && (n === 3 || n === Math.ceil(Number(savesText) / 2) || n === Number(savesText) - 1)) {
    globalThis.gc();
    heap.push(Math.round(process.memoryUsage().heapUsed / 1024 / 1024));
  }
}
if (out) writeFileSync(out, JSON.stringify((await session.post('Profiler.stop')).profile));
const median = (values) => values.slice(3).sort((a, b) => a - b)[(values.length - 3) >> 1];
console.log(JSON.stringify({ medianMs: median(times), medianCpuMs: median(cpu), heapMb: heap }));
await dev.close();
// The bundle stays when profiled: bench/cpu-profile.js reads its source map (remove it after).
if (!out) cleanup();
process.exit(0);
