import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDiskCache } from '../../src/cache/disk.ts';
import { openSourceFiles, statStamps, type KeptKeys, type SourceStamps } from '../../src/cache/source-files.ts';
import { createStore } from '../../src/cache/store.ts';
import type { ContentFile } from '../../src/content/file.ts';
import { loadContentFile } from '../../src/content/file.ts';
import { KINDS } from '../../src/content/kinds.ts';

let dir: string | undefined;
afterEach(async () => dir && rm(dir, { recursive: true, force: true }));

/** Keys that name the file's text, and note the keys each restored file got back. */
function keysOf(scope: string, restored: Map<string, readonly string[]>, made: { count: number }): KeptKeys {
  return {
    scope,
    of(file) {
      made.count++;
      return [`${scope} ${file.source!.text.length}`];
    },
    restore: (file, keys) => restored.set(file.source!.file, keys),
  };
}

/** One build: the page read through the block, which is then saved with the store. */
async function build(root: string, keys: KeptKeys, now: number | SourceStamps): Promise<ContentFile<unknown>> {
  const store = createStore(await loadDiskCache(path.join(root, '.cache'), '1'));
  const files = openSourceFiles(store, keys, typeof now === 'number' ? statStamps(now) : now);
  const absolute = path.join(root, 'content', 'pages', 'about-us.md');
  const file = files.read(absolute, 'markdown', 'about-us', () =>
    loadContentFile({ root, contentDir: path.join(root, 'content') }, KINDS.pages, absolute, 'about-us'),
  );
  files.save();
  await store.save();
  return file;
}

describe('openSourceFiles', () => {
  it('takes an unchanged file from the block with its text (UTF-8) and its keys, and no block of another scope', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agency-site-source-files-'));
    await mkdir(path.join(dir, 'content', 'pages'), { recursive: true });
    const description = 'Who we are, what we make for our clients and how we work with them, in a few words.';
    const text = `---\ntitle: About us\ndescription: ${description}\n---\n\nWho we are: café, naïve, 🙂.\n`;
    await writeFile(path.join(dir, 'content', 'pages', 'about-us.md'), text);
    // Builds long after the file's time: outside the racy window.
    const later = Date.now() + 60_000;
    const restored = new Map<string, readonly string[]>();
    const made = { count: 0 };
    const first = await build(dir, keysOf('safe', restored, made), later);
    expect(first.errors).toEqual([]);
    expect(made.count).toBe(1);
    expect(restored.size).toBe(0);

    const second = await build(dir, keysOf('safe', restored, made), later + 1000);
    // Texts are kept as UTF-8 bytes and decoded when asked for.
    expect(second.source!.text).toBe(text);
    expect(second.parsed!.body).toBe(first.parsed!.body);
    expect(JSON.stringify(second.entry)).toBe(JSON.stringify(first.entry));
    expect(second.entry!.text).toBe(text);
    expect(made.count).toBe(1);
    expect(restored.get('content/pages/about-us.md')).toEqual([`safe ${first.source!.text.length}`]);

    // Keys made under other options (--allow-html) are not handed back: the file is read again.
    restored.clear();
    await build(dir, keysOf('raw', restored, made), later + 2000);
    expect(made.count).toBe(2);
    expect(restored.size).toBe(0);
  });

  it('reads a file that has no stamp (too new for its time to vouch for it), and keeps nothing of it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agency-site-source-files-'));
    await mkdir(path.join(dir, 'content', 'pages'), { recursive: true });
    await writeFile(path.join(dir, 'content', 'pages', 'about-us.md'), page('About us'));
    const restored = new Map<string, readonly string[]>();
    const made = { count: 0 };
    const keys = keysOf('safe', restored, made);
    await build(dir, keys, () => undefined);
    await build(dir, keys, () => undefined);
    // Neither kept it nor took it from the block.
    expect([made.count, restored.size]).toEqual([0, 0]);
    // With a stamp it is read once more, kept, and then taken from the block.
    await build(dir, keys, Date.now() + 60_000);
    expect([made.count, restored.size]).toEqual([1, 0]);
    await build(dir, keys, Date.now() + 61_000);
    expect([made.count, restored.size]).toEqual([1, 1]);
  });

  it('keeps a file with the stamp it was given, taken before the read: a change in between is read again', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agency-site-source-files-'));
    await mkdir(path.join(dir, 'content', 'pages'), { recursive: true });
    const file = path.join(dir, 'content', 'pages', 'about-us.md');
    const long = new Date('2024-03-01T10:00:00Z');
    await writeFile(file, page('About us'));
    await utimes(file, long, long);
    const later = Date.now() + 60_000;
    // The stamp a walk took before the build, then the file saved again before the build read it.
    const walked = statStamps(later)(file);
    expect(walked).toBeDefined();
    await writeFile(file, page('About us, changed'));
    await utimes(file, long, long);
    const restored = new Map<string, readonly string[]>();
    const keys = keysOf('safe', restored, { count: 0 });
    const during = await build(dir, keys, () => walked);
    expect(during.entry!.data).toMatchObject({ title: 'About us, changed' });
    // Kept with the walk's stamp, not the file's own: the next build reads it instead of taking it.
    expect((await build(dir, keys, later)).entry!.data).toMatchObject({ title: 'About us, changed' });
    expect(restored.size).toBe(0);
    expect((await build(dir, keys, later + 1000)).entry!.data).toMatchObject({ title: 'About us, changed' });
    expect(restored.size).toBe(1);
  });
});

function page(title: string): string {
  return `---\ntitle: ${title}\ndescription: Who we are, what we make for our clients and how we work with them, in a few words.\n---\n\nText.\n`;
}
