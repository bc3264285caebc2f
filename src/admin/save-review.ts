/**
 * What the local backend does with a save before it writes: each file keeps its formatting where its fields
 * did not change (keep-format.ts), then the build judges it (verdict.ts). A save that brings an error is
 * refused with the problems in an editor's words; an accepted one brings its warnings back.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config.ts';
import { KINDS } from '../content/kinds.ts';
import { createCmsConfig } from './cms-config.ts';
import { type CmsEntry, type EditorProblem, formatForEditor } from './editor-words.ts';
import { keepFormat } from './keep-format.ts';
import { createVerdicts, type ProposedFile } from './verdict.ts';

/** A file of a save, as Decap sends it. */
export interface SavedFile {
  path: string;
  raw: string;
  newPath?: string;
}
export interface SavedAsset {
  path: string;
  content: string;
}

/** The answer to an accepted save: what the build warned of, and what the site already had. */
export interface SaveAnswer {
  warnings: EditorProblem[];
  existing: EditorProblem[];
  milliseconds: number;
}

export class RefusedSave extends Error {
  constructor(
    readonly problems: EditorProblem[],
    readonly answer: SaveAnswer,
  ) {
    super(problems.map((problem) => problem.message).join(' '));
  }
}

export type SaveReview = (
  files: readonly SavedFile[],
  assets: readonly SavedAsset[],
) => Promise<{ files: SavedFile[]; answer: SaveAnswer }>;

export function createSaveReview(config: ResolvedConfig): SaveReview & { warm(): Promise<void> } {
  const verdicts = createVerdicts(config);
  const entries = cmsEntries();
  const read = (file: string) => readFile(path.join(config.root, file), 'utf8').catch(() => undefined);
  const review = async (saved: readonly SavedFile[], assets: readonly SavedAsset[]) => {
    const files = await Promise.all(
      saved.map(async (file) => ({ ...file, raw: keepFormat(await read(file.path), file.raw, file.path) })),
    );
    const proposed: ProposedFile[] = [
      ...files.map((file) => ({ path: file.path, contents: file.raw, newPath: file.newPath })),
      ...assets.map((asset) => ({ path: asset.path, contents: Buffer.from(asset.content, 'base64') })),
    ];
    const verdict = await verdicts.judge(proposed);
    const texts = new Map(files.map((file) => [file.newPath ?? file.path, file.raw]));
    const others = new Map<string, string | undefined>();
    // The files a problem is in, and the entries it names (the other page at the same address).
    const named = [...verdict.errors, ...verdict.warnings, ...verdict.existing].flatMap((found) => [
      found.file,
      found.other,
    ]);
    for (const file of named)
      if (file !== undefined && !texts.has(file) && !others.has(file)) others.set(file, await read(file));
    const context = {
      entryOf: entries,
      textOf: (file: string) => texts.get(file) ?? others.get(file),
      saved: new Set(texts.keys()),
    };
    const words = (found: typeof verdict.errors) => found.map((problem) => formatForEditor(problem, context));
    const answer = {
      warnings: words(verdict.warnings),
      existing: words(verdict.existing),
      milliseconds: verdict.milliseconds,
    };
    if (verdict.errors.length > 0) throw new RefusedSave(words(verdict.errors), answer);
    return { files, answer };
  };
  return Object.assign(review, { warm: verdicts.warm });
}

/** The CMS's entries by file, with the labels the editor sees. */
function cmsEntries(): (file: string) => CmsEntry | undefined {
  const config = createCmsConfig(KINDS) as {
    collections: Array<{
      label: string;
      folder?: string;
      identifier_field?: string;
      fields?: CmsEntry['fields'];
      files?: Array<{ label: string; file: string; fields: CmsEntry['fields'] }>;
    }>;
  };
  return (file) => {
    for (const collection of config.collections) {
      const inFiles = collection.files?.find((entry) => entry.file === file);
      if (inFiles) return { label: inFiles.label, fields: inFiles.fields };
      if (collection.folder && file.startsWith(`${collection.folder}/`))
        return {
          label: collection.label,
          fields: collection.fields ?? [],
          identifier: collection.identifier_field,
        };
    }
    return undefined;
  };
}
