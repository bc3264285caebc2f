/**
 * The only code that touches the output folder. A build is written into a staging folder beside it and
 * swapped in by two renames once all succeeded, so a failed or killed build never damages the previous
 * output, and the output never holds a file this build did not make (unchanged files are linked from it; a
 * single changed file is replaced: src/output/in-place.ts).
 */
import { chmodSync, copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config.ts';
import { createError, type SiteError } from '../errors.ts';
import type { OutputFile } from './plan.ts';
import { writeInPlace } from './in-place.ts';
import { openPreviousOutput, type OutputRecords } from './previous-output.ts';

/** Refuses output folders whose replacement would destroy something that is not a build. */
export async function guardOutDir(config: ResolvedConfig): Promise<void> {
  // Compare real paths, so a symbolic link cannot smuggle a source folder in as the output.
  const [out, root, ...sources] = await Promise.all(
    [config.outDir, config.root, config.contentDir, config.templatesDir, config.publicDir].map(resolveReal),
  );
  const inside = (child: string, parent: string) =>
    child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
  // The output may live inside the project, but must neither hold the project nor sit in a source folder.
  const holds = [root!, ...sources].find((folder) => inside(folder, out!));
  const within = sources.find((folder) => inside(out!, folder));
  const problem =
    path.parse(out!).root === out
      ? 'is the root of the disk'
      : holds !== undefined && holds === out
        ? `is the ${holds === root ? 'project' : path.basename(holds)} folder itself`
        : holds
          ? `holds ${holds}`
          : within && `is inside ${within}`;
  if (problem) {
    throw createError('UnsafeOutDir', { outDir: config.outDir, problem: 'sources', where: problem });
  }
  let entries: string[];
  try {
    entries = await readdir(config.outDir);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return;
    const reason = (cause as Error).message;
    throw createError('UnsafeOutDir', { outDir: config.outDir, problem: 'unreadable', reason }, { cause });
  }
  if (entries.length > 0 && !entries.includes('index.html')) {
    throw createError('UnsafeOutDir', { outDir: config.outDir, problem: 'foreign' });
  }
}

/** The real path of `file`, or of its nearest existing parent joined with the rest. */
async function resolveReal(file: string): Promise<string> {
  const rest: string[] = [];
  let current = file;
  for (;;) {
    try {
      return path.join(await realpath(current), ...rest);
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return file;
      rest.unshift(path.basename(current));
      current = parent;
    }
  }
}

function siblings(outDir: string) {
  const name = path.basename(outDir);
  return {
    staging: `${outDir}.staging-${process.pid}`,
    old: `${outDir}.old-${process.pid}`,
    pattern: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(staging|old)-(\\d+)$`),
  };
}

/** Leftovers of a build that was killed: restore a previous output caught mid-swap, drop the rest. */
export async function recoverOutput(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const { pattern } = siblings(outDir);
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return;
  }
  for (const name of names.sort()) {
    const match = pattern.exec(name);
    if (!match || isAlive(Number(match[2]))) continue;
    const leftover = path.join(parent, name);
    if (match[1] === 'old' && !(await exists(outDir))) await rename(leftover, outDir);
    else removeFolder(leftover, 'removing the leftovers of an earlier build');
  }
}

/**
 * Removes a folder of ours even when its files were made read-only (we own them, so we make them writable);
 * a failure is a WriteFailed naming the folder, never a raw error that every later build repeats.
 */
function removeFolder(folder: string, step: string): void {
  try {
    rmSync(folder, { recursive: true, force: true });
    return;
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw leftoverFailed(cause, folder, step);
  }
  try {
    makeWritable(folder);
    rmSync(folder, { recursive: true, force: true });
  } catch (cause) {
    throw leftoverFailed(cause, folder, step);
  }
}

function makeWritable(folder: string): void {
  chmodSync(folder, 0o700);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) makeWritable(path.join(folder, entry.name));
  }
}

function leftoverFailed(cause: unknown, folder: string, step: string): SiteError {
  const facts = { step, reason: (cause as Error).message, leftover: folder };
  return createError('WriteFailed', facts, { file: path.basename(folder), cause });
}

/**
 * Writes `files` as the new output. `last`: what the last build recorded of the files it left
 * (src/output/previous-output.ts). Returns the record for the next build.
 */
export async function writeOutput(outDir: string, files: OutputFile[], last?: OutputRecords): Promise<OutputRecords> {
  const { staging, old } = siblings(outDir);
  const previous = openPreviousOutput(last);
  const shown = (file: string) => `${path.basename(outDir)}/${file}`;
  // The first file that could not be written, for the message.
  let failedAt: string | undefined;
  const noting =
    (file: string) =>
    (cause: unknown): never => {
      failedAt ??= file;
      throw cause;
    };
  // At most one file differs from a previous output verified whole: no staging folder. A file
  // that cannot be replaced so (a read-only folder) left the output as it was: staged instead.
  try {
    const kept = writeInPlace(outDir, staging, files, last);
    if (kept) return kept;
  } catch {}
  try {
    await rm(staging, { recursive: true, force: true });
    const folders = new Set(files.map((file) => path.dirname(path.join(staging, file.path))));
    for (const folder of [...folders].sort())
      attempt(() => mkdirSync(folder, { recursive: true }), noting(path.relative(staging, folder)));
    // Synchronous on purpose: for thousands of small files the thread pool's round trips cost more
    // than the writes, and nothing else runs meanwhile.
    for (const file of files) {
      const target = path.join(staging, file.path);
      attempt(() => {
        if (file.source) return copyFileSync(file.source, target);
        // The contents are read only when the file is written, or compared to the previous copy.
        const linked = previous.link(file, path.join(outDir, file.path), target);
        if (!linked) writeFileSync(target, file.contents ?? '');
      }, noting(file.path));
    }
  } catch (cause) {
    await rm(staging, { recursive: true, force: true });
    throw writeFailed(
      cause,
      failedAt === undefined ? path.basename(outDir) : shown(failedAt),
      'writing the new output',
    );
  }
  const hadOutput = await exists(outDir);
  try {
    if (hadOutput) await rename(outDir, old);
  } catch (cause) {
    await rm(staging, { recursive: true, force: true });
    throw writeFailed(cause, path.basename(outDir), 'moving the previous output aside');
  }
  try {
    await rename(staging, outDir);
  } catch (cause) {
    if (hadOutput) await rename(old, outDir);
    await rm(staging, { recursive: true, force: true });
    throw writeFailed(cause, path.basename(outDir), 'moving the new output in place');
  }
  if (hadOutput) removeFolder(old, 'removing the previous output (the new output is in place)');
  return previous.records();
}

function attempt(work: () => void, onError: (cause: unknown) => never): void {
  try {
    work();
  } catch (cause) {
    onError(cause);
  }
}

function writeFailed(cause: unknown, file: string, step: string): SiteError {
  const facts = { step, reason: (cause as Error).message, errno: (cause as NodeJS.ErrnoException).code };
  return createError('WriteFailed', facts, { file, cause });
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
