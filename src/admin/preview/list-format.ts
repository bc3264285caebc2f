/**
 * The CMS's format for a YAML file whose top level is a list (stats.yaml): Decap edits an object,
 * so the list is shown as one field and written back as the list alone.
 */
import { parse, stringify } from 'yaml';

export interface CmsFormat {
  fromFile(text: string): Record<string, unknown>;
  toFile(data: unknown): string;
}

export function createListFormat(field: string): CmsFormat {
  return {
    fromFile: (text) => ({ [field]: parse(text) ?? [] }),
    toFile: (data) => stringify((data as Record<string, unknown>)[field] ?? []),
  };
}
