/**
 * kill -9 in the middle of writing: a real build process is killed while it fills its staging
 * folder. The previous output must be byte-identical, and the next build must clean up.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildSite } from '../src/build.ts';
import { resolveConfig } from '../src/config.ts';
import { CLI, copyProject, type TempProject } from './helpers/project.ts';
import { listLeftovers, snapshotFolder } from './helpers/snapshot.ts';

/** Files in public/ make the write stage long enough to kill the build inside it. */
const BULK_FILES = 1000;
/** Kill once this many files are staged: well inside the write, far from its end. */
const KILL_AFTER_FILES = 100;

let project: TempProject;

beforeAll(async () => {
  project = await copyProject();
  await mkdir(project.file('public/bulk'));
  await Promise.all(
    Array.from({ length: BULK_FILES }, (_, index) =>
      writeFile(project.file(`public/bulk/file-${index}.txt`), `${'x'.repeat(1000)} ${index}\n`),
    ),
  );
  await buildSite(resolveConfig({ root: project.root }));
  // Built again past the racy window: the killed builds link the pages this one recorded, unread.
  await new Promise((resolve) => setTimeout(resolve, 150));
  await buildSite(resolveConfig({ root: project.root }));
});

afterAll(async () => {
  await project?.cleanup();
});

interface KillResult {
  /** The staging folder was there, partly written, when the process died. */
  landed: boolean;
  staging?: string;
  stagedFiles: number;
}

/** Starts `agency-site build` and sends SIGKILL once its staging folder holds KILL_AFTER_FILES files. */
async function killDuringWrite(root: string): Promise<KillResult> {
  const child = spawn(process.execPath, [CLI, 'build'], { cwd: root, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  const staging = `dist.staging-${child.pid}`;
  const countFiles = async () =>
    (await readdir(path.join(root, staging), { recursive: true, withFileTypes: true }).catch(() => [])).filter(
      (entry) => entry.isFile(),
    ).length;
  while (running) {
    if ((await countFiles()) >= KILL_AFTER_FILES) {
      child.kill('SIGKILL');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await exited;
  const names = await readdir(root);
  if (!names.includes(staging)) return { landed: false, stagedFiles: 0 };
  const stagedFiles = await countFiles();
  return { landed: stagedFiles >= KILL_AFTER_FILES && stagedFiles < BULK_FILES, staging, stagedFiles };
}

it('leaves the previous output byte-identical when a build is killed with SIGKILL while writing, and the next build cleans up', async () => {
  const out = project.file('dist');
  let killed: KillResult | undefined;
  for (let attempt = 1; attempt <= 3 && !killed?.landed; attempt++) {
    // A new page each time, so a build that finished before the kill would show in the output.
    await project.write(
      `content/legal/notice-${attempt}.md`,
      `---\ntitle: Notice ${attempt}\ndateLine: Today\ndescription: Notice ${attempt}.\norder: ${10 + attempt}\n---\n\nText.\n`,
    );
    const before = await snapshotFolder(out);
    killed = await killDuringWrite(project.root);
    if (killed.landed) {
      expect(await snapshotFolder(out)).toEqual(before);
      expect(await listLeftovers(out)).toEqual([killed.staging]);
    }
  }
  expect(killed?.landed, `the kill never landed while writing (last: ${JSON.stringify(killed)})`).toBe(true);

  await buildSite(resolveConfig({ root: project.root }));
  expect(await listLeftovers(out)).toEqual([]);
  const files = await readdir(out);
  expect(files).toContain('notice-1.html');
  expect((await readdir(path.join(out, 'bulk'))).length).toBe(BULK_FILES);
});
