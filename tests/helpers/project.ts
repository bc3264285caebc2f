/** Test helpers: a throw-away copy of the real project, and the CLI run as a real process. */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SiteErrors, type SiteError } from '../../src/errors.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = path.join(PROJECT_ROOT, 'bin', 'agency-site.js');

export interface TempProject {
  root: string;
  file(relative: string): string;
  read(relative: string): Promise<string>;
  write(relative: string, text: string | Uint8Array): Promise<void>;
  /** Replace `search` in a file; fails loudly when the text is not there. */
  edit(relative: string, search: string | RegExp, replacement: string): Promise<void>;
  remove(relative: string): Promise<void>;
  cleanup(): Promise<void>;
}

/** Copies content/, templates/ and public/ of the real project into a fresh temporary folder. */
export async function copyProject(prefix = 'agency-site-test-'): Promise<TempProject> {
  const root = await mkdtemp(path.join(os.tmpdir(), prefix));
  await Promise.all(
    ['content', 'templates', 'public'].map((folder) =>
      cp(path.join(PROJECT_ROOT, folder), path.join(root, folder), { recursive: true }),
    ),
  );
  const file = (relative: string) => path.join(root, relative);
  return {
    root,
    file,
    read: (relative) => readFile(file(relative), 'utf8'),
    write: (relative, text) => writeFile(file(relative), text),
    async edit(relative, search, replacement) {
      const before = await readFile(file(relative), 'utf8');
      const after = before.replace(search, replacement);
      if (after === before) throw new Error(`edit: ${String(search)} not found in ${relative}`);
      await writeFile(file(relative), after);
    },
    remove: (relative) => rm(file(relative), { recursive: true, force: true }),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/** The 1-based line where `needle` first stands in `text`: for expectations on files of the real project. */
export function lineOf(text: string, needle: string): number {
  const index = text.indexOf(needle);
  if (index === -1) throw new Error(`lineOf: ${JSON.stringify(needle)} not found`);
  return text.slice(0, index).split('\n').length;
}

/** A file of content/pages/ with the fields a page needs and `body` as its text. */
export function pageSource(title: string, body: string): string {
  // Short on purpose: the content advice's length rules are off for these test pages.
  return `---\ntitle: ${title}\ndescription: About ${title}.\nadvice: { off: [title-length, description-length] }\n---\n\n${body}\n`;
}

/** Empties content/pages/ of the project and writes these pages into it, by slug. */
export async function replacePages(project: TempProject, pages: Record<string, string>): Promise<void> {
  await rm(project.file('content/pages'), { recursive: true, force: true });
  await mkdir(project.file('content/pages'));
  for (const [slug, source] of Object.entries(pages)) await project.write(`content/pages/${slug}.md`, source);
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      {
        cwd: options.cwd ?? PROJECT_ROOT,
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, GITHUB_ACTIONS: undefined, ...options.env },
        timeout: options.timeout ?? 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The problems a step reports; fails the test when the step succeeds or throws something else. */
export async function siteErrorsOf(step: Promise<unknown>): Promise<SiteError[]> {
  try {
    await step;
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors;
    throw error;
  }
  throw new Error('expected the step to report problems, but it succeeded');
}
