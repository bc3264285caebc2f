/**
 * buildUnlessUnchanged: `agency-site build` with the last build's record in front of it. A build
 * whose sources, output folder, options, generator and news schedule are all as the last
 * successful build left them would make the same files again: it is answered from the record
 * (what that build printed: its counts and its warnings) without loading the pipeline. Anything
 * else runs buildSite and leaves a new record.
 *
 * What the record vouches for is the stats of every file and folder under content/, public/ and
 * templates/, taken before the build read them, and under the output folder as the build left it:
 * the walk with which the write verified the previous output, the one file it then wrote in place
 * stat'ed again (src/output/in-place.ts), or a walk after the build when it staged the output
 * whole (src/tree-walk.ts). A file changed while the build ran has other stats than the
 * record's, so the next build runs.
 * A source file too new to be judged by its time (git's racy rule) leaves no record; an output file
 * this build wrote in the same tick as a hand edit could be is checked by its content instead.
 * `--no-cache` neither reads nor leaves a record, and a build that fails or is killed leaves none.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BuildResult } from './build.ts';
import type { BuildOptions } from './build-run.ts';
import { walkTrees, type TreeWalk } from './tree-walk.ts';
import { GENERATOR_VERSION } from './cache/version.ts';
import type { ResolvedConfig } from './config.ts';
import { restoreError, type SiteError, type SiteErrorInit } from './errors.ts';
import { isWithin, type TimeWindow } from './news/time-window.ts';
import { outputFileOf, outputPathOf, walkOutputFolder } from './output/output-walk.ts';
import type { OutputFile } from './output/plan.ts';
import { hasLeftovers } from './output/staging.ts';
import { clockNs } from './racy.ts';

const RECORD_FILE = 'last-build.json';
/** More output files written in the racy window than this (a cold build): no record, the next build runs. */
const MOST_RACY_OUTPUTS = 256;

/** What `build` prints of a build, made anew or answered from the record. */
export type BuildSummary = Pick<
  BuildResult,
  'pages' | 'files' | 'bytes' | 'milliseconds' | 'stages' | 'computed' | 'workers' | 'warnings' | 'report'
>;

interface BuildRecord {
  /** Everything the output depends on besides the files: the generator, Node.js and the options. */
  key: string;
  window: TimeWindow;
  /** The files esbuild bundled that lie outside the source folders. */
  outside: string[];
  sources: string;
  output: string;
  /** Output files written in the racy window, by path: the hash of their content. */
  racyOutput: Record<string, string>;
  pages: number;
  files: number;
  bytes: number;
  warnings: SiteErrorInit[];
}

export async function buildUnlessUnchanged(
  config: ResolvedConfig,
  options: Pick<BuildOptions, 'strict' | 'report'>,
): Promise<BuildSummary> {
  const started = performance.now();
  // --report asks for what only the pipeline makes; --no-cache for everything made anew.
  if (!config.cache || options.report) return build(config, options);
  const file = path.join(config.cacheDir, RECORD_FILE);
  const last = readRecord(file);
  const sources = walkSources(config, last?.outside ?? []);
  if (last && sources && isReplayable(last, config, options, sources)) {
    return {
      pages: last.pages,
      files: last.files,
      bytes: last.bytes,
      warnings: last.warnings.map(restoreError),
      milliseconds: Math.round(performance.now() - started),
      stages: { unchanged: Math.round((performance.now() - started) * 10) / 10 },
      computed: { markdown: 0, pages: 0, advice: 0 },
      workers: 0,
    };
  }
  // Gone before the build touches anything: a build that fails or is killed leaves no record.
  if (!removeRecord(file)) return build(config, options);
  // The walk's stamps stand for the content files' own, so each is stat'ed once. They were taken
  // before the build read anything, as a stamp must be (src/cache/source-files.ts): a file that
  // changes after the walk is kept by the pipeline with the walk's stamp, this build's record has
  // the walk's stats, and the next build's walk sees other stats, runs the pipeline, and the file's
  // stamp no longer matches: it is read again. A file too new for its time to vouch for it has no
  // stamp, and is read (git's racy rule, src/racy.ts, against the clock before the walk).
  const result = await build(config, { ...options, walked: sources?.plain ? sources.files : undefined });
  const record = sources && recordOf(config, sources, last?.outside ?? [], result);
  if (record) await writeRecord(file, record);
  return result;
}

async function build(
  config: ResolvedConfig,
  options: Pick<BuildOptions, 'strict' | 'report' | 'walked'>,
): Promise<BuildResult> {
  const { buildSite } = await import('./build.ts');
  return buildSite(config, options);
}

function keyOf(config: ResolvedConfig): string {
  // The clock is judged by the record's window; threads and verbose change no byte of the output.
  const { now: _now, verbose: _verbose, threads: _threads, threadsAuto: _auto, ...rest } = config;
  return JSON.stringify({ generator: GENERATOR_VERSION, node: process.version, config: rest });
}

function walkSources(config: ResolvedConfig, outside: readonly string[]): TreeWalk | undefined {
  return walkSafely(() =>
    walkTrees(config.root, [config.contentDir, config.publicDir, config.templatesDir], outside, clockNs()),
  );
}

function walkOutput(config: ResolvedConfig): TreeWalk | undefined {
  return walkSafely(() => walkOutputFolder(config.outDir).close());
}

/** A folder that cannot be read is the pipeline's to report. */
function walkSafely(walk: () => TreeWalk): TreeWalk | undefined {
  try {
    return walk();
  } catch {
    return undefined;
  }
}

function isReplayable(
  last: BuildRecord,
  config: ResolvedConfig,
  options: Pick<BuildOptions, 'strict'>,
  sources: TreeWalk,
): boolean {
  // --strict fails on warnings: only the pipeline stops a build.
  if (options.strict && last.warnings.length > 0) return false;
  if (last.key !== keyOf(config) || !isWithin(last.window, config.now)) return false;
  if (!sources.plain || sources.racy.length > 0 || sources.digest !== last.sources) return false;
  if (hasLeftovers(config.outDir)) return false;
  const output = walkOutput(config);
  if (!output?.plain || output.digest !== last.output) return false;
  return output.racy.every((name) => {
    try {
      return last.racyOutput[name] === contentHash(readFileSync(outputPathOf(config.outDir, name)));
    } catch {
      return false;
    }
  });
}

function recordOf(
  config: ResolvedConfig,
  sources: TreeWalk,
  walkedOutside: readonly string[],
  result: BuildResult,
): BuildRecord | undefined {
  // A source file that may change unseen within its tick, or a link, cannot be vouched for.
  if (!result.written || !sources.plain || sources.racy.length > 0) return undefined;
  const outside = result.bundled.filter((file) => !isInsideAny(file, config)).sort();
  // The files outside the folders were walked before the build as the last record named them.
  if (outside.join('\n') !== [...walkedOutside].sort().join('\n')) return undefined;
  // The write's own walk when it wrote in place (the file it wrote stat'ed again); else a walk now.
  const output = result.outputWalk ?? walkOutput(config);
  if (!output?.plain || output.racy.length > MOST_RACY_OUTPUTS) return undefined;
  // The racy files by their output path, found in one pass over the planned files: a path.join for
  // each of thousands of files cost more than the rest of the record.
  const racy = new Map(output.racy.map((name) => [outputFileOf(config.outDir, name), name]));
  const racyOutput: Record<string, string> = {};
  for (const file of result.output) {
    const name = racy.get(file.path);
    if (name === undefined) continue;
    const bytes = bytesOf(file);
    if (!bytes) return undefined;
    racyOutput[name] = contentHash(bytes);
  }
  if (Object.keys(racyOutput).length !== racy.size) return undefined;
  return {
    key: keyOf(config),
    window: result.window,
    outside,
    sources: sources.digest,
    output: output.digest,
    racyOutput,
    pages: result.pages,
    files: result.files,
    bytes: result.bytes,
    warnings: result.warnings.map(keptError),
  };
}

function isInsideAny(file: string, config: ResolvedConfig): boolean {
  return [config.contentDir, config.publicDir, config.templatesDir].some((folder) =>
    file.startsWith(folder + path.sep),
  );
}

function bytesOf(file: OutputFile): Uint8Array | string | undefined {
  if (file.contents !== undefined) return file.contents;
  try {
    return file.source === undefined ? undefined : readFileSync(file.source);
  } catch {
    return undefined;
  }
}

function contentHash(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

function keptError(error: SiteError): SiteErrorInit {
  const { code, message, hint, file, line, column, frame } = error;
  return { code, message, hint, file, line, column, frame };
}

/** false when the record cannot be removed (a cache folder that cannot be written): then none is written either. */
function removeRecord(file: string): boolean {
  try {
    rmSync(file, { force: true });
    return true;
  } catch {
    return false;
  }
}

function readRecord(file: string): BuildRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as BuildRecord;
    return typeof record.key === 'string' && Array.isArray(record.warnings) ? record : undefined;
  } catch {
    return undefined;
  }
}

async function writeRecord(file: string, record: BuildRecord): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, JSON.stringify(record));
    await rename(temporary, file);
  } catch {
    // Like the rest of the cache: a record that cannot be kept only means the next build runs.
    await rm(temporary, { force: true });
  }
}
