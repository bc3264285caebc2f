/** One content file read as text, which every later problem points into; missing, unreadable or empty is an error. */
import path from 'node:path';
import { createError, SiteError } from '../errors.ts';
import { readInside } from '../project-paths.ts';
import { decodeText, MAX_CONTENT_BYTES } from './decode.ts';

export interface SourceFile {
  /** Path relative to the project root, with forward slashes: what people see. */
  file: string;
  text: string;
}

/** A step's result with the problems it found: steps report, the loader throws them together. */
export interface Checked<T> {
  value?: T;
  errors: SiteError[];
}

/** The path people see: relative to the project root, with forward slashes. */
export function projectPath(root: string, absolute: string): string {
  return path.relative(root, absolute).split(path.sep).join('/');
}

/** `folder`: the source folder the file must really lie in (symlinks resolved, src/project-paths.ts). */
export function readSource(absolute: string, file: string, folder: string): Checked<SourceFile> {
  let text: string;
  try {
    // Synchronously: for thousands of small files, the thread pool's round trips cost more than the reads themselves.
    text = decodeText(readInside(folder, absolute, file, MAX_CONTENT_BYTES), file);
  } catch (cause) {
    if (cause instanceof SiteError) return { errors: [cause] };
    const missing = (cause as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      errors: [
        missing
          ? createError('ContentMissing', { missing: 'file', file }, { file, cause })
          : createError('FileUnreadable', { file, reason: (cause as Error).message }, { file, cause }),
      ],
    };
  }
  if (text.trim() === '') {
    return {
      errors: [createError('ContentMissing', { missing: 'fields', file }, { file, line: 1, column: 1 })],
    };
  }
  return { value: { file, text }, errors: [] };
}
