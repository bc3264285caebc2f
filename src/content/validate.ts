/** Parsed data checked against its kind's schema: each issue a SiteError at its field's line (or its key's). */
import type { z } from 'zod';
import { createCodeFrame, createError, type SiteError, type SiteErrorCode } from '../errors.ts';
import { describeIssue } from './issues.ts';
import type { Parsed } from './parse.ts';
import type { Checked } from './source.ts';
import type { DataPath } from './yaml.ts';

export interface Entry<T> extends Parsed {
  data: T;
}

/** The file, line, column and code frame of a field of a parsed file. */
export function locateField(parsed: Parsed, field: DataPath, key = false) {
  const position = parsed.located.locate(field, key);
  return { file: parsed.file, ...position, frame: createCodeFrame(parsed.text, position.line, position.column) };
}

export function validateEntry<S extends z.ZodType>(
  schema: S,
  parsed: Parsed,
  code: Extract<SiteErrorCode, 'YamlInvalid' | 'FrontmatterInvalid'>,
): Checked<Entry<z.infer<S>>> {
  const result = schema.safeParse(parsed.located.data, { reportInput: true });
  if (result.success) return { value: { ...parsed, data: result.data as z.infer<S> }, errors: [] };
  const holder = code === 'FrontmatterInvalid' ? 'front matter' : 'file';
  const errors: SiteError[] = [];
  for (const issue of result.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
    for (const key of keys) {
      const field = key === undefined ? issue.path : [...issue.path, key];
      errors.push(
        createError(
          code,
          toReported(describeIssue(issue, field, schema, holder, parsed.located.data)),
          locateField(parsed, field, key !== undefined),
        ),
      );
    }
  }
  return { errors };
}

function toReported({ message, hint }: { message: string; hint: string }) {
  return { text: message, hint };
}
