/**
 * Decap's "yaml" and "frontmatter" formats, taken over by ones that keep a file's format. Decap hands a format
 * only the entry's data, so preSave keeps the text the entry was loaded from and toFile edits it where the
 * fields changed (src/admin/keep-format.ts).
 */
import { parse, stringify } from 'yaml';
import { keepFormat } from '../keep-format.ts';
import type { CmsFormat } from './list-format.ts';

/** The file being saved, as it was loaded: set by preSave, read by toFile. */
export const saving: { raw?: string; path?: string } = {};

const FRONT = /^---\r?\n([\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

export const keptYaml: CmsFormat = {
  fromFile: (text) => (parse(text) ?? {}) as Record<string, unknown>,
  toFile: (data) => keep(stringify(data, { lineWidth: 0 }), 'file.yaml'),
};

export const keptFrontmatter: CmsFormat = {
  fromFile(text) {
    const match = FRONT.exec(text);
    if (!match) return { body: text };
    const fields = (parse(match[1] ?? '') ?? {}) as Record<string, unknown>;
    const body = match[2] ?? '';
    return { ...fields, ...(body.trim() ? { body } : {}) };
  },
  toFile(data) {
    const { body = '', ...fields } = data as { body?: string } & Record<string, unknown>;
    return keep(`---\n${stringify(fields, { lineWidth: 0 })}---\n${body}`, 'file.md');
  },
};

/**
 * The one format of every collection, as Decap reads a files collection's format from the collection, not the
 * file: front matter for Markdown, a list for a top-level list (edited in `listField`), YAML otherwise.
 */
export function createKeptFormat(listField: string): CmsFormat {
  return {
    fromFile(text) {
      if (FRONT.test(text)) return keptFrontmatter.fromFile(text);
      const value = parse(text) as unknown;
      return Array.isArray(value) ? { [listField]: value } : ((value ?? {}) as Record<string, unknown>);
    },
    toFile(data) {
      const fields = data as Record<string, unknown>;
      if (saving.path?.endsWith('.md') || (saving.path === undefined && 'body' in fields))
        return keptFrontmatter.toFile(data);
      const keys = Object.keys(fields);
      if (keys.length === 1 && keys[0] === listField && Array.isArray(fields[listField]))
        return keep(stringify(fields[listField], { lineWidth: 0 }), 'file.yaml');
      return keptYaml.toFile(data);
    },
  };
}

function keep(text: string, fallback: string): string {
  return saving.raw ? keepFormat(saving.raw, text, saving.path ?? fallback) : text;
}
