/**
 * The only code that touches the output folder. A build is written into a staging folder beside
 * it and swapped in by two renames once everything succeeded, so a failed or killed build never
 * damages the previous output, and the output never holds a file the current build did not make.
 */
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from './config.ts';
import { SiteError } from './errors.ts';

export interface PlannedFile {
  /** Relative to the output folder, forward slashes. */
  path: string;
  contents?: Uint8Array | string;
  /** Copy this file instead of writing contents. */
  source?: string;
  /** Bytes of `source`, for the summary. */
  size?: number;
}

/** Refuses output folders whose replacement would destroy something that is not a build. */
export async function guardOutDir(config: ResolvedConfig): Promise<void> {
  const out = config.outDir;
  const sources = [config.contentDir, config.templatesDir, config.publicDir];
  const inside = (child: string, parent: string) => child === parent || child.startsWith(parent + path.sep);
  // The output may live inside the project, but must neither hold the project nor sit in a source folder.
  const clash = [config.root, ...sources].find((folder) => inside(folder, out)) ?? sources.find((folder) => inside(out, folder));
  if (clash || path.parse(out).root === out) {
    throw new SiteError({
      code: 'UnsafeOutDir',
      message: `The output folder ${out} ${clash ? `overlaps ${clash}` : 'is the root of the disk'}; building there would replace your sources.`,
      hint: 'Choose an output folder of its own, such as --out dist.',
    });
  }
  let entries: string[];
  try {
    entries = await readdir(out);
  } catch {
    return;
  }
  if (entries.length > 0 && !entries.includes('index.html')) {
    throw new SiteError({
      code: 'UnsafeOutDir',
      message: `The folder ${out} already holds files and is not an earlier build (it has no index.html); the build replaces its output folder whole.`,
      hint: 'Empty or remove that folder, or choose another one with --out.',
    });
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
    else await rm(leftover, { recursive: true, force: true });
  }
}

export async function writeOutput(outDir: string, files: PlannedFile[]): Promise<void> {
  const { staging, old } = siblings(outDir);
  await rm(staging, { recursive: true, force: true });
  try {
    const folders = new Set(files.map((file) => path.dirname(path.join(staging, file.path))));
    for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
    await inBatches(files, 64, (file) => {
      const target = path.join(staging, file.path);
      return file.source ? copyFile(file.source, target) : writeFile(target, file.contents ?? '');
    });
  } catch (cause) {
    await rm(staging, { recursive: true, force: true });
    throw new SiteError({
      code: 'WriteFailed',
      message: `Writing the new output failed (${(cause as Error).message}); the previous output is untouched.`,
      file: path.basename(outDir),
      hint: 'Check free disk space and permissions, then build again.',
      cause,
    });
  }
  const hadOutput = await exists(outDir);
  if (hadOutput) await rename(outDir, old);
  await rename(staging, outDir);
  if (hadOutput) await rm(old, { recursive: true, force: true });
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
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
