import { readFile, rename, mkdtemp, rm, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { resolveConfig } from '../../src/config.ts';
import type { OutputFile } from '../../src/output/plan.ts';
import { watchSite, type BuildOutcome, type SiteWatcher } from '../../src/dev/watch.ts';
import type { TempProject } from '../helpers/project.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

let project: TempProject;
let watcher: SiteWatcher;
let coldOut: string;
const outcomes: BuildOutcome[] = [];

afterEach(async () => {
  await watcher?.close();
  await project?.cleanup();
  if (coldOut) await rm(coldOut, { recursive: true, force: true });
  outcomes.length = 0;
});

/** Waits for the build whose batch holds `relative` (a path under the project). */
async function builtAfter(relative: string): Promise<BuildOutcome> {
  const file = project.file(relative);
  for (let waited = 0; waited < 10_000; waited += 20) {
    const found = outcomes.find((outcome) =>
      outcome.changes.some((change) => change.path === file || file.startsWith(change.path + path.sep)),
    );
    if (found) {
      outcomes.length = 0;
      return found;
    }
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error(`no build after ${relative}`);
}

async function expectSameAsColdBuild(outcome: BuildOutcome): Promise<void> {
  if (!outcome.ok) throw new Error(`the dev build failed: ${JSON.stringify(outcome)}`);
  coldOut = await mkdtemp(path.join(os.tmpdir(), 'agency-site-cold-'));
  const config = resolveConfig({ root: project.root, out: path.join(coldOut, 'dist') });
  await buildSite(config);
  const written = (await readdir(config.outDir, { recursive: true, withFileTypes: true })).filter((entry) =>
    entry.isFile(),
  );
  const cold = new Map(
    await Promise.all(
      written.map(async (entry) => {
        const full = path.join(entry.parentPath, entry.name);
        return [path.relative(config.outDir, full).split(path.sep).join('/'), await readFile(full)] as const;
      }),
    ),
  );
  const dev = new Map(
    await Promise.all(outcome.result.output.map(async (file) => [file.path, await bytesOf(file)] as const)),
  );
  expect([...dev.keys()].sort()).toEqual([...cold.keys()].sort());
  for (const [file, bytes] of dev) expect(bytes.equals(cold.get(file)!), file).toBe(true);
  await rm(coldOut, { recursive: true, force: true });
}

function bytesOf(file: OutputFile): Promise<Buffer> {
  return file.source ? readFile(file.source) : Promise.resolve(Buffer.from(file.contents ?? ''));
}

describe('watchSite', () => {
  it('after edits, additions, renames and deletions, gives byte for byte what a cold build gives', async () => {
    project = await copyWarmProject('agency-site-watch-');
    watcher = watchSite(resolveConfig({ root: project.root }), { onBuild: (outcome) => outcomes.push(outcome) });
    await watcher.ready;
    expect(outcomes[0]?.ok).toBe(true);
    outcomes.length = 0;

    await project.edit('content/about.md', 'a small team', 'a very small team');
    await builtAfter('content/about.md');
    await project.edit('templates/sections/AboutSection.tsx', 'about-text measure', 'about-text');
    await builtAfter('templates/sections/AboutSection.tsx');
    await project.write(
      'templates/styles/site.css',
      `${await project.read('templates/styles/site.css')}\n.watch-test { color: red; }\n`,
    );
    await builtAfter('templates/styles/site.css');
    await project.write('public/extra.txt', 'an extra public file\n');
    await builtAfter('public/extra.txt');
    const terms = await project.read('content/legal/terms.md');
    await project.write(
      'content/legal/cookie-policy.md',
      terms.replace('title: Terms of Service', 'title: Cookie Policy').replace('order: 1', 'order: 9'),
    );
    const added = await builtAfter('content/legal/cookie-policy.md');
    expect(added.ok && added.result.output.some((file) => file.path === 'cookie-policy.html')).toBe(true);

    await rename(project.file('content/legal/cookie-policy.md'), project.file('content/legal/cookies.md'));
    const renamed = await builtAfter('content/legal/cookies.md');
    expect(renamed.ok && renamed.result.output.map((file) => file.path)).toContain('cookies.html');
    expect(renamed.ok && renamed.result.output.map((file) => file.path)).not.toContain('cookie-policy.html');
    await expectSameAsColdBuild(renamed);

    await project.remove('content/legal/cookies.md');
    await project.remove('public/extra.txt');
    const removed = await builtAfter('content/legal/cookies.md');
    await expectSameAsColdBuild(await waitForQuiet(removed));
  });
});

/** The newest outcome once no build has finished for a while (some saves make two batches). */
async function waitForQuiet(latest: BuildOutcome): Promise<BuildOutcome> {
  for (;;) {
    await new Promise((done) => setTimeout(done, 200));
    if (outcomes.length === 0) return latest;
    latest = outcomes.at(-1)!;
    outcomes.length = 0;
  }
}
