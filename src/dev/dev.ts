/**
 * `agency-site dev`: builds, serves the newest good build from memory, and rebuilds on every save through the
 * one pipeline (buildSite). The browser reloads or swaps the stylesheet after a good build and shows the
 * problems after a failed one; the terminal prints the same. Nothing here exits on bad input.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Server } from 'node:http';
import type { ResolvedConfig } from '../config.ts';
import { escapeControl, formatProblem, toInternalProblem, toProblem, type Problem, type SiteError } from '../errors.ts';
import { formatBytes, log } from '../log.ts';
import type { OutputFile } from '../output/plan.ts';
import { formatUrl, listen } from './listen.ts';
import { allowScriptInPolicy, createMemoryFiles, injectScript } from './memory.ts';
import { HEADERS_FILE, integrityOf, SECURITY_HEADERS } from '../publish/headers.ts';
import { headersFor, parseHeadersFile, type HeaderRule } from './headers-file.ts';
import { openBrowser } from './open.ts';
import { DEV_PATHS, type DevMessage } from './protocol.ts';
import { bundleClient, createDevServer } from './server.ts';
import type { FindFile } from './static.ts';
import { planUpdate } from './update.ts';
import { inside, watchSite, type BuildOutcome } from './watch.ts';
import type { BuildResult } from '../build.ts';
import type { OpenPages } from '../build-run.ts';
import { createAdminRoute, isAdminFile } from '../admin/dev-route.ts';
import { keepEncoderFor, releaseEncoder } from '../images/pipeline.ts';

export interface DevOptions {
  port: number;
  host: string;
  open: boolean;
  /** Quiet milliseconds after a save before rebuilding (tests and benchmarks pass their own). */
  debounce?: number;
}

export interface DevHandle {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** A script tag that loads the dev client, marked with the build it belongs to; its integrity lets the page's policy name it. */
const clientTag = (build: string, integrity = '') =>
  `<script src="${DEV_PATHS.client}"${integrity && ` integrity="${integrity}"`} data-build="${build}"></script>`;

// Before the first good build there are no pages: every request gets the client alone, to show the problems.
const placeholder = Buffer.from(
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>agency-site dev</title></head><body>${clientTag('')}</body></html>`,
);
const noBuild: FindFile = async (relative) =>
  relative === '404.html' ? { path: relative, size: placeholder.byteLength, body: () => placeholder } : undefined;

/** What the dev server shows: the last good build (served from memory) and the problems and warnings of the newest. */
interface DevState {
  builds: number;
  good?: { build: string; output: OutputFile[]; files: FindFile; headers: HeaderRule[] };
  problems: Problem[];
  warnings: Problem[];
  /** The last good build's warnings, to print and send them only when they change. */
  shownList?: BuildResult['warnings'];
}

type DevServer = ReturnType<typeof createDevServer>;

/** A developer saves again within minutes: the image encoder waits that long for the next save's image. */
const DEV_ENCODER_IDLE_MS = 5 * 60_000;

export async function startDevServer(config: ResolvedConfig, options: DevOptions): Promise<DevHandle> {
  const client = await bundleClient();
  const clientIntegrity = integrityOf(client);
  const state: DevState = { builds: 0, problems: [], warnings: [] };
  const adminRoute = createAdminRoute({ root: config.root, base: config.base, host: options.host, config });
  const devServer = createDevServer({
    base: config.base,
    host: options.host,
    client,
    files: () => state.good?.files ?? noBuild,
    headersFor: (pathname) => devHeaders(state.good?.headers ?? [], pathname),
    hello: () => ({ type: 'hello', build: state.good?.build ?? '', errors: state.problems, warnings: state.warnings }),
    route: adminRoute,
  });
  const session = randomBytes(4).toString('hex');
  const onBuild = (outcome: BuildOutcome) =>
    outcome.ok
      ? showGoodBuild(config, devServer, state, outcome, { session, clientIntegrity })
      : showFailedBuild(config, devServer, state, outcome);

  // A save shows in the open pages as soon as they are rendered, before the rest of the site and its
  // checks; the pages served change only with the build's outcome.
  const open: OpenPages = {
    hrefs: () => (state.good ? devServer.openPages() : new Set()),
    show(pages) {
      const build = state.good?.build;
      if (build === undefined) return;
      for (const { href, html } of pages)
        devServer.sendTo(href, { type: 'page', html: withClient(html, build, clientIntegrity) });
    },
  };
  const watcher = watchSite(config, { onBuild, debounce: options.debounce, open });
  await watcher.ready;
  let port: number;
  try {
    port = await listen(devServer.server, options.host, options.port);
  } catch (error) {
    await watcher.close();
    throw error;
  }
  const url = formatUrl(options.host, port, config.base);
  log.info(`Dev server: ${url} (watching content/, templates/ and public/; Ctrl+C stops it)`);
  if (options.open) openBrowser(url);
  keepEncoderFor(DEV_ENCODER_IDLE_MS);
  return {
    server: devServer.server,
    url,
    async close() {
      await watcher.close();
      await devServer.close();
      releaseEncoder();
    },
  };
}

function showFailedBuild(
  config: ResolvedConfig,
  devServer: DevServer,
  state: DevState,
  outcome: Exclude<BuildOutcome, { ok: true }>,
): void {
  state.problems = reportProblems(outcome);
  log.warn(
    `The build${formatChanges(config.root, outcome.changes)} failed; ${state.good ? 'still serving the last good pages' : 'the browser shows the problems until a build succeeds'}.`,
  );
  devServer.send({ type: 'errors', errors: state.problems });
}

/**
 * Prints the warnings when they changed and gives the message that lists them, sent after the reload so the
 * reload need not wait behind a long list; a page that reloads gets them with its new connection's hello.
 */
function showWarnings(state: DevState, warnings: BuildResult['warnings']): DevMessage | undefined {
  const last = state.shownList ?? [];
  state.shownList = warnings;
  if (sameWarnings(last, warnings)) return undefined;
  log.siteWarnings(warnings);
  state.warnings = warnings.map(problemOf);
  return { type: 'warnings', warnings: state.warnings };
}

/**
 * Whether two lists of warnings read the same, place by place. The advice keeps an unchanged warning as the same
 * object, so most are passed by a comparison of pointers and only the rest are formatted to compare their text.
 */
function sameWarnings(last: readonly SiteError[], warnings: readonly SiteError[]): boolean {
  if (last.length !== warnings.length) return false;
  for (let index = 0; index < warnings.length; index++) {
    const was = last[index]!;
    const warning = warnings[index]!;
    if (was !== warning && formattedOf(was) !== formattedOf(warning)) return false;
  }
  return true;
}

/** Each warning as the overlay shows it, projected once: a save keeps the warnings of other pages as the same objects. */
const projected = new WeakMap<SiteError, Problem>();
function problemOf(warning: SiteError): Problem {
  let problem = projected.get(warning);
  if (!problem) projected.set(warning, (problem = toProblem(warning)));
  return problem;
}

/** And formatted once, to tell whether the list shown changed. */
const formattedProblems = new WeakMap<SiteError, string>();
function formattedOf(warning: SiteError): string {
  let formatted = formattedProblems.get(warning);
  if (formatted === undefined) formattedProblems.set(warning, (formatted = formatProblem(problemOf(warning))));
  return formatted;
}

/** Serves a good build's output and tells the browser: reload, swap the stylesheet, or nothing when no page changed. */
function showGoodBuild(
  config: ResolvedConfig,
  devServer: DevServer,
  state: DevState,
  { result, changes }: Extract<BuildOutcome, { ok: true }>,
  { session, clientIntegrity }: { session: string; clientIntegrity: string },
): void {
  const changed = formatChanges(config.root, changes);
  const warnings = showWarnings(state, result.warnings);
  const recovered = state.problems.length > 0;
  state.problems = [];
  const publicChanged = changes.some((change) => inside(change.path, config.publicDir));
  const update = planUpdate(state.good?.output, result.output, config.base, publicChanged);
  if (update.kind === 'none' && state.good) {
    log.info(`Rebuilt${changed} in ${result.milliseconds} ms: no page changed.`);
    if (warnings) devServer.send(warnings);
    if (recovered) devServer.send({ type: 'clear', build: state.good.build });
    return;
  }
  const build = `${session}-${++state.builds}`;
  const output = result.output;
  state.good = {
    build,
    output,
    headers: devHeaderRules(output, clientIntegrity),
    files: createMemoryFiles(output, {
      publicDir: config.publicDir,
      // The CMS is not reloaded under its editor: its own saves rebuild the site.
      injectHtml: (html, relative) => (isAdminFile(relative) ? html : withClient(html, build, clientIntegrity)),
    }),
  };
  if (update.kind === 'css') {
    devServer.send({ type: 'css', build, from: update.from, to: update.to });
    log.info(`Rebuilt${changed} in ${result.milliseconds} ms: stylesheet swapped.`);
  } else {
    devServer.send({ type: 'reload', build });
    if (state.builds === 1)
      log.info(
        `Built ${result.pages} pages, ${result.files} files, ${formatBytes(result.bytes)} in ${result.milliseconds} ms.`,
      );
    else log.info(`Rebuilt${changed} in ${result.milliseconds} ms: reloading.`);
  }
  if (warnings) devServer.send(warnings);
}

/**
 * The build's own `_headers`, as a host would apply them, with the dev client's hash added to each
 * policy's script-src: dev sends production's headers on every response, the CMS's included.
 */
function devHeaderRules(output: OutputFile[], clientIntegrity: string): HeaderRule[] {
  const file = output.find((each) => each.path === HEADERS_FILE);
  if (!file?.contents) return [];
  const text = typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8');
  return parseHeadersFile(text).map((rule) => ({
    ...rule,
    headers: rule.headers.map(([name, value]) =>
      name.toLowerCase() === 'content-security-policy'
        ? [name, value.replace('script-src ', `script-src '${clientIntegrity}' `)]
        : [name, value],
    ),
  }));
}

/** Before the first good build there are no rules: the headers that need none still go out. */
function devHeaders(rules: HeaderRule[], pathname: string): Record<string, string> {
  const base = Object.fromEntries(Object.entries(SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), value]));
  return { ...base, 'content-security-policy': "frame-ancestors 'none'", ...headersFor(rules, pathname) };
}

/** Prints a failed build's problems and returns them as the overlay shows them. */
function reportProblems(outcome: Exclude<BuildOutcome, { ok: true }>): Problem[] {
  if ('errors' in outcome) {
    log.siteErrors(outcome.errors);
    // The run's warnings come with its errors (one report): the terminal prints them, the overlay shows the errors.
    return outcome.errors.filter((error) => error.severity === 'error').map((error) => toProblem(error));
  }
  log.internal(outcome.internal);
  return [toInternalProblem(outcome.internal)];
}

function formatChanges(root: string, changes: BuildOutcome['changes']): string {
  if (changes.length === 0) return '';
  // A file name is untrusted: an ESC in it must not reach the terminal raw.
  const first = escapeControl(path.relative(root, changes[0]!.path).split(path.sep).join('/'));
  return changes.length === 1 ? ` after ${first} changed` : ` after ${first} and ${changes.length - 1} more changed`;
}

/** A page as dev serves it: the reload client's script, allowed by the page's policy. */
function withClient(html: string, build: string, clientIntegrity: string): string {
  return injectScript(allowScriptInPolicy(html, clientIntegrity), clientTag(build, clientIntegrity));
}
