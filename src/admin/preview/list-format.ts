/**
 * The CMS's format for a YAML file whose top level is a list (stats.yaml): Decap edits an object,
 * so the list is shown as one field and written back as the list alone.
 */
import { parse, stringify } from 'yaml';
import { keepFormat } from '../keep-format.ts';

export interface CmsFormat {
  fromFile(text: string): Record<string, unknown>;
  toFile(data: unknown): string;
}

/** `kept`: the file's text as it was loaded, kept where the list did not change (src/admin/preview/kept-formats.ts). */
export function createListFormat(field: string, kept: () => string | undefined = () => undefined): CmsFormat {
  return {
    fromFile: (text) => ({ [field]: parse(text) ?? [] }),
    toFile: (data) => {
      const text = stringify((data as Record<string, unknown>)[field] ?? []);
      const raw = kept();
      return raw ? keepFormat(raw, text, 'list.yaml') : text;
    },
  };
}
