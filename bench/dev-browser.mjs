// npm run bench:dev-browser: time from a content file's save to the changed text in the open
// page's DOM, in Chromium, the way a developer waits for it. Runs the real `agency-site dev` on a
// temporary copy of content/, templates/ and public/, opens each edit's page in Chromium
// (playwright-core, /usr/bin/chromium or CHROME_PATH) and, for each save, waits until the page
// shows the new words. The time is taken in the page (a MutationObserver) against the moment
// the file was written, both on the system clock. Options: --runs N (default 15); --pages N adds
// N corpus pages to content/pages/ (issue 43: "among 4,000 pages").
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { writeCorpus } from './corpus.js';
import { startDevProcess, summarize, WORK_ROOT } from './measure.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const option = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const RUNS = option('--runs', 15);
const PAGES = option('--pages', 0);
const WARMUP = 2;
/** Pause between saves, so each is a fresh one (the dev server batches saves that come close together). */
const PAUSE_MS = 200;

/** One edit per kind of content file: where it shows, and the words each save puts there. */
const EDITS = [
  {
    name: 'a service (services/web-development.md)',
    file: 'content/services/web-development.md',
    page: '/',
    change: (text, n) => text.replace('title: Web Development', `title: Web Development ${n}`),
    shows: (n) => `Web Development ${n}`,
  },
  {
    name: 'site.yaml (footer tagline)',
    file: 'content/site.yaml',
    page: '/',
    change: (text, n) => text.replace('ambitious businesses.\n', `ambitious businesses ${n}.\n`),
    shows: (n) => `ambitious businesses ${n}.`,
  },
  {
    name: 'home.yaml (a heading)',
    file: 'content/home.yaml',
    page: '/',
    change: (text, n) => text.replace('heading: Our Services', `heading: Our Services ${n}`),
    shows: (n) => `Our Services ${n}`,
  },
  {
    name: 'a page (pages/thanks.md)',
    file: 'content/pages/thanks.md',
    page: '/thanks',
    change: (text, n) => text.replace('title: Thank you', `title: Thank you ${n}`),
    shows: (n) => `Thank you ${n}`,
  },
  {
    name: 'a post (news/faster-sites-by-default.md)',
    file: 'content/news/faster-sites-by-default.md',
    page: '/news/faster-sites-by-default',
    change: (text, n) => text.replace('title: Faster sites, by default', `title: Faster sites, by default ${n}`),
    shows: (n) => `Faster sites, by default ${n}`,
  },
];

const project = await mkdtemp(path.join(WORK_ROOT, 'agency-site-bench-browser-'));
await Promise.all(
  ['content', 'templates', 'public'].map((folder) =>
    cp(path.join(root, folder), path.join(project, folder), { recursive: true }),
  ),
);
if (PAGES > 0) writeCorpus(path.join(project, 'content', 'pages'), PAGES);

const started = performance.now();
const dev = startDevProcess(project, { pages: PAGES });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

/** The dev server's builds so far: its "Rebuilt ..." lines. */
const builds = () => (dev.log().match(/^Rebuilt /gm) ?? []).length;
/**
 * Settles once the dev server has printed more than `count` builds: the build a save started is
 * over, so the next save starts one of its own, as a person's next save does seconds later.
 */
const builtMoreThan = (count) =>
  new Promise((resolve) => {
    const check = () => {
      if (builds() <= count) return;
      dev.child.stdout.off('data', check);
      dev.child.stderr.off('data', check);
      resolve();
    };
    dev.child.stdout.on('data', check);
    dev.child.stderr.on('data', check);
    check();
  });

try {
  const url = await dev.url;
  const serving = performance.now() - started;
  const rows = [];
  for (const edit of EDITS) {
    const page = await browser.newPage();
    const connected = page.waitForResponse((response) => new URL(response.url()).pathname === '/__agency-site/events');
    await page.goto(new URL(edit.page, url).href);
    await connected;
    const original = await readFile(path.join(project, edit.file), 'utf8');
    const times = [];
    let reloads = 0;
    for (let n = 0; n < WARMUP + RUNS; n++) {
      const text = edit.change(original, n);
      if (text === original) throw new Error(`the edit of ${edit.file} changes nothing`);
      await sleep(PAUSE_MS);
      const seen = page.evaluate(
        (words) =>
          new Promise((resolve) => {
            // Marked once per document: a full reload makes a new one, which this promise never sees.
            window.benchDocument ??= Math.random();
            const check = () => {
              if (!document.body.textContent.includes(words)) return false;
              observer.disconnect();
              resolve({ at: performance.timeOrigin + performance.now(), document: window.benchDocument });
              return true;
            };
            const observer = new MutationObserver(check);
            observer.observe(document, { subtree: true, childList: true, characterData: true });
            check();
          }),
        edit.shows(n),
      );
      const document = await page.evaluate(() => (window.benchDocument ??= Math.random()));
      const before = builds();
      const written = performance.timeOrigin + performance.now();
      await writeFile(path.join(project, edit.file), text);
      const shown = await Promise.race([
        // A full reload ends the page's script before it sees the words: the wait below then times it.
        seen.catch(() => new Promise(() => {})),
        page
          .waitForFunction((words) => document.body.textContent.includes(words), edit.shows(n), {
            timeout: 30_000,
          })
          .then(() => ({ at: performance.timeOrigin + performance.now(), document: undefined })),
      ]);
      if (shown.document !== document) reloads++;
      if (n >= WARMUP) times.push(shown.at - written);
      // The page may show the words before the build is over (dev renders the open page first).
      await builtMoreThan(before);
    }
    const before = builds();
    await writeFile(path.join(project, edit.file), original);
    await builtMoreThan(before);
    await page.close();
    rows.push({ name: edit.name, reloads, ...summarize(times) });
  }
  console.log(
    `\nagency-site dev: save -> changed text in the open page, Chromium (${RUNS} saves each after ${WARMUP} warm-up saves${PAGES ? `; ${PAGES} extra pages` : ''}; Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)})\n`,
  );
  const table = [
    ['edit', 'median', 'p90', 'min', 'max', 'full reloads'],
    ...rows.map((row) => [
      row.name,
      `${row.median.toFixed(0)} ms`,
      `${row.p90.toFixed(0)} ms`,
      `${row.min.toFixed(0)} ms`,
      `${row.max.toFixed(0)} ms`,
      String(row.reloads),
    ]),
  ];
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  for (const [index, row] of table.entries()) {
    console.log(`| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`);
    if (index === 0) console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  }
  console.log(`\nServing after ${serving.toFixed(0)} ms (from the dev command's start to its "Dev server:" line).`);
} finally {
  await browser.close();
  dev.child.kill();
  await rm(project, { recursive: true, force: true });
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
