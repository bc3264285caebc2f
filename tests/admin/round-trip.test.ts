/**
 * Nothing is lost on a round trip: every shipped content file, read through the local backend,
 * parsed and written again by Decap's own formats (what "save" does with an unchanged entry) and
 * stored through the backend's write path, keeps its fields, its values, its body and, where the
 * schema's order is the file's, its order.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import matter from 'gray-matter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createCmsConfig, LIST_FIELD, LIST_FORMAT } from '../../src/admin/cms-config.ts';
import { createLocalBackend, type LocalBackend } from '../../src/admin/local-backend.ts';
import { createListFormat } from '../../src/admin/preview/list-format.ts';
import type { CmsField } from '../../src/admin/widgets.ts';
import { KINDS } from '../../src/content/kinds.ts';
import { PROJECT_ROOT } from '../helpers/project.ts';
import { asSaved, type DecapFormat, loadDecapFormats } from './decap-formats.ts';

interface FileEntry {
  file: string;
  format: string;
  fields: CmsField[];
}
interface Collection {
  folder?: string;
  format?: string;
  files?: FileEntry[];
  fields?: CmsField[];
}

const config = createCmsConfig(KINDS) as { collections: Collection[] };

/** The format and fields the CMS uses for a project path. */
function entryFor(relative: string): { format: string; fields: CmsField[] } {
  for (const collection of config.collections) {
    const file = collection.files?.find((candidate) => candidate.file === relative);
    if (file) return file;
    if (collection.folder && path.posix.dirname(relative) === collection.folder)
      return { format: collection.format!, fields: collection.fields! };
  }
  throw new Error(`${relative} belongs to no collection of config.yml`);
}

/** What a file means: its data (and body) as our loader reads it. */
function meaning(relative: string, text: string): { data: unknown; body?: string } {
  if (relative.endsWith('.md')) {
    const parsed = matter(text);
    return { data: parsed.data, body: parsed.content.trim() };
  }
  return { data: parse(text) };
}

async function contentFiles(root: string): Promise<string[]> {
  const names = await readdir(path.join(root, 'content'), { recursive: true });
  return names
    .map((name) => `content/${String(name).split(path.sep).join('/')}`)
    .filter((name) => /\.(md|ya?ml)$/.test(name))
    .sort();
}

let root: string;
let backend: LocalBackend;
let formats: { yaml: DecapFormat; frontmatter: DecapFormat };
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'agency-site-round-trip-'));
  await cp(path.join(PROJECT_ROOT, 'content'), path.join(root, 'content'), { recursive: true });
  backend = createLocalBackend(root);
  formats = await loadDecapFormats();
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('a round trip through the CMS', async () => {
  const files = await contentFiles(PROJECT_ROOT);
  it('covers every shipped content file', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
  });

  for (const relative of files) {
    it(`keeps ${relative} unchanged in meaning`, async () => {
      const { format: name, fields } = entryFor(relative);
      const format =
        name === LIST_FORMAT ? createListFormat(LIST_FIELD) : name === 'yaml' ? formats.yaml : formats.frontmatter;
      const entry = (await backend.act({ action: 'getEntry', params: { path: relative } })) as { data: string };
      const order = fields.map((field) => field.name);
      const saved = asSaved(format, format.fromFile(entry.data), order);
      await backend.act({ action: 'persistEntry', params: { entry: { path: relative, raw: saved }, assets: [] } });

      const after = (await backend.act({ action: 'getEntry', params: { path: relative } })) as { data: string };
      expect(after.data).toBe(saved);
      expect(meaning(relative, after.data)).toEqual(meaning(relative, entry.data));
      // Keys in the schema's order: the file's own order wherever it already was the schema's.
      const keys = (text: string) => Object.keys((meaning(relative, text).data ?? {}) as object);
      const expected = keys(entry.data).sort((a, b) => order.indexOf(a) - order.indexOf(b));
      if (!Array.isArray(meaning(relative, entry.data).data)) expect(keys(after.data)).toEqual(expected);
    });
  }
});
