import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileChange } from '../../src/cache/file-versions.ts';
import { type SourceWatcher, watchSourceFolders } from '../../src/dev/source-watcher.ts';

/** Counts the folder listings the watcher makes (chokidar listed a folder again on every event in it). */
const listings = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  return {
    ...fs,
    readdir: (...args: Parameters<typeof fs.readdir>) => {
      listings.count++;
      return fs.readdir(...args);
    },
  };
});

let root: string;
let watcher: SourceWatcher | undefined;
let changes: FileChange[] = [];
let stirs = 0;
/** The size each reported change saw (lstat), in order. */
let sizes: Array<number | undefined> = [];

afterEach(async () => {
  watcher?.close();
  watcher = undefined;
  changes = [];
  sizes = [];
  stirs = 0;
  await rm(root, { recursive: true, force: true });
});

async function start(files: Record<string, string>): Promise<void> {
  root = await mkdtemp(path.join(os.tmpdir(), 'agency-site-source-watcher-'));
  for (const [relative, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), text);
  }
  watcher = watchSourceFolders(root, ['content', 'templates', 'public'].map(at), {
    change: (change, stats) => {
      changes.push(change);
      sizes.push(stats?.size);
    },
    stir: () => stirs++,
    error: (error) => {
      throw error;
    },
  });
  await watcher.ready;
}

const at = (relative: string) => path.join(root, relative);

/** The changes seen once `done` holds of them, as [event, relative path], in order. */
async function seen(done: (list: [string, string][]) => boolean): Promise<[string, string][]> {
  const list = () => changes.map((change): [string, string] => [change.event, path.relative(root, change.path)]);
  for (let waited = 0; waited < 5000; waited += 10) {
    if (done(list())) return list();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`not seen; seen so far: ${JSON.stringify(list())}`);
}

const has = (event: string, relative: string) => (list: [string, string][]) =>
  list.some(([e, file]) => e === event && file === relative);

describe('watchSourceFolders', () => {
  it('reports a change of one file among many without listing its folder again', async () => {
    const pages = Object.fromEntries(
      Array.from({ length: 300 }, (_, index) => [`content/pages/page-${index}.md`, `page ${index}\n`]),
    );
    await start({ ...pages, 'templates/index.ts': '', 'public/robots.txt': '' });
    const listed = listings.count;
    await writeFile(at('content/pages/page-7.md'), 'page 7, edited\n');
    await seen(has('change', 'content/pages/page-7.md'));
    await writeFile(at('content/pages/page-8.md'), '');
    await writeFile(at('content/pages/page-8.md'), 'page 8, truncated then written\n');
    await seen(has('change', 'content/pages/page-8.md'));
    expect(listings.count).toBe(listed);
    expect(stirs).toBeGreaterThan(0);
    expect(changes.every((change) => change.event === 'change')).toBe(true);
  });

  it('reports every save of a file: its last look is after its last write, also within one mtime tick', async () => {
    await start({ 'content/about.md': 'one\n' });
    const final = 'a longer text, written right after the first save\n';
    await writeFile(at('content/about.md'), 'two\n');
    await writeFile(at('content/about.md'), final);
    await seen((list) => list.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(changes.every((change) => change.event === 'change')).toBe(true);
    expect(sizes.at(-1)).toBe(Buffer.byteLength(final));
  });

  it('reports added, renamed and deleted files, and ignores dot files', async () => {
    await start({ 'content/about.md': 'about\n', 'public/.well-known/security.txt': 'x' });
    await writeFile(at('content/new.md'), 'new\n');
    await writeFile(at('content/.new.md.swp'), 'swap\n');
    await writeFile(at('public/.well-known/change-password'), 'y');
    await seen(has('add', 'content/new.md'));
    await seen(has('add', 'public/.well-known/change-password'));
    await rename(at('content/new.md'), at('content/renamed.md'));
    await seen((list) => has('unlink', 'content/new.md')(list) && has('add', 'content/renamed.md')(list));
    await rm(at('content/renamed.md'));
    await seen(has('unlink', 'content/renamed.md'));
    expect(changes.some((change) => change.path.includes('.swp'))).toBe(false);
  });

  it('sees folders that come and go, the source folders themselves included', async () => {
    await start({ 'content/legal/terms.md': 'terms\n', 'templates/index.ts': '' });
    await mkdir(at('content/news/2026'), { recursive: true });
    await writeFile(at('content/news/2026/post.md'), 'post\n');
    await seen(has('add', 'content/news/2026/post.md'));
    // A file in a folder that appeared is watched like the others.
    await writeFile(at('content/news/2026/post.md'), 'post, edited\n');
    await seen(has('change', 'content/news/2026/post.md'));

    await rename(at('content/legal'), at('legal-away'));
    await seen(has('unlinkDir', 'content/legal'));
    await rm(at('content'), { recursive: true });
    await seen(has('unlinkDir', 'content'));
    changes = [];
    await mkdir(at('content/legal'), { recursive: true });
    await writeFile(at('content/legal/terms.md'), 'terms again\n');
    await seen(has('add', 'content/legal/terms.md'));
    await writeFile(at('content/legal/terms.md'), 'terms edited\n');
    await seen(has('change', 'content/legal/terms.md'));
    expect(watcher!.folders()).toContain(at('content/legal'));
    expect(watcher!.folders()).not.toContain(at('content/news'));
  });

  it('does not follow a linked folder', async () => {
    await start({ 'content/about.md': '', 'templates/index.ts': '' });
    await symlink(at('templates'), at('content/loop'));
    await seen(has('add', 'content/loop'));
    expect(watcher!.folders().some((folder) => folder.includes('loop'))).toBe(false);
  });
});
