/**
 * A content file's text -> its YAML data with positions, and for Markdown its body, which must be there (kinds that
 * show it) or absent (kinds that show only fields).
 */
import { createCodeFrame, createError, SiteError, SiteErrors } from '../errors.ts';
import { splitFrontmatter } from './frontmatter.ts';
import type { Checked, SourceFile } from './source.ts';
import { parseYaml, type ParsedYaml } from './yaml.ts';
import type { SyntaxCode } from './yaml-syntax.ts';

/** A content file whose YAML (the whole file, or the front matter) could be read. */
export interface Parsed extends SourceFile {
  located: ParsedYaml;
  /** The Markdown after the front matter ('' for YAML files), and the lines before it. */
  body: string;
  bodyLineOffset: number;
}

/** Whether the text after the front matter is shown ('text', so it must be there) or not ('none'). */
export type BodyUse = 'text' | 'none';

export function parseYamlFile(source: SourceFile): Checked<Parsed> {
  const parsed = parseChecked(source, source.text, 'YamlSyntax');
  return {
    value: parsed.value && { ...source, located: parsed.value, body: '', bodyLineOffset: 0 },
    errors: parsed.errors,
  };
}

/**
 * Front matter data parsed earlier from the same text, kept between runs by the build (src/stages.ts). Positions are
 * needed only for error messages, so the YAML is parsed again only then.
 */
export interface FrontmatterMemo {
  get(yaml: string): unknown;
  set(yaml: string, data: unknown): void;
}

export function parseMarkdownFile(source: SourceFile, body: BodyUse, memo?: FrontmatterMemo): Checked<Parsed> {
  let split: ReturnType<typeof splitFrontmatter>;
  try {
    split = splitFrontmatter(source.file, source.text);
  } catch (thrown) {
    if (!(thrown instanceof SiteError)) throw thrown;
    return { errors: [thrown] };
  }
  const located = parseFrontmatter(source, split.yaml, memo);
  const errors = [...located.errors, ...checkBody(source, split.body, split.bodyLineOffset, body)];
  const value = located.value && {
    ...source,
    located: located.value,
    body: split.body,
    bodyLineOffset: split.bodyLineOffset,
  };
  return { value, errors };
}

function checkBody(source: SourceFile, text: string, bodyLineOffset: number, body: BodyUse): SiteError[] {
  if (body === 'text' && text.trim() === '') {
    return [
      createError(
        'ContentMissing',
        { missing: 'body' },
        { file: source.file, line: bodyLineOffset, column: 1, frame: createCodeFrame(source.text, bodyLineOffset) },
      ),
    ];
  }
  if (body === 'none' && text.trim() !== '') {
    const line = bodyLineOffset + text.slice(0, text.search(/\S/)).split('\n').length;
    return [
      createError(
        'UnusedContent',
        {},
        { file: source.file, line, column: 1, frame: createCodeFrame(source.text, line) },
      ),
    ];
  }
  return [];
}

function parseFrontmatter(source: SourceFile, yaml: string, memo?: FrontmatterMemo): Checked<ParsedYaml> {
  const data = memo?.get(yaml);
  if (data !== undefined) return { value: withLazyPositions(source, yaml, 'FrontmatterSyntax', data), errors: [] };
  const located = parseChecked(source, yaml, 'FrontmatterSyntax');
  if (located.value && isJsonSafe(located.value.data)) memo?.set(yaml, located.value.data);
  return located;
}

function parseChecked(source: SourceFile, text: string, syntaxCode: SyntaxCode): Checked<ParsedYaml> {
  let parsed: ParsedYaml;
  try {
    parsed = parseYaml(text, { file: source.file, source: source.text, lineOffset: 0, syntaxCode });
  } catch (thrown) {
    if (!(thrown instanceof SiteErrors)) throw thrown;
    return { errors: thrown.errors };
  }
  // The parsed file is kept by the store (dev keeps thousands): its YAML tree is not.
  return { value: withLazyPositions(source, text, syntaxCode, parsed.data), errors: [] };
}

/** The data, with positions from parsing the text again when an error message first needs them. */
function withLazyPositions(source: SourceFile, text: string, syntaxCode: SyntaxCode, data: unknown): ParsedYaml {
  let parsed: ParsedYaml | undefined;
  return {
    data,
    locate: (field, isKey) =>
      (parsed ??= parseYaml(text, { file: source.file, source: source.text, lineOffset: 0, syntaxCode })).locate(
        field,
        isKey,
      ),
  };
}

/**
 * A parsed file made again from what an earlier build kept (src/cache/source-files.ts). Its text and body are decoded
 * when first asked for, and its positions found by parsing the YAML again when an error message needs them.
 */
export function restoreParsed(
  source: SourceFile,
  format: 'yaml' | 'markdown',
  data: unknown,
  body: { start: number; lineOffset: number },
): Parsed {
  let positions: ParsedYaml | undefined;
  const yaml = () => (format === 'yaml' ? source.text : splitFrontmatter(source.file, source.text).yaml);
  const syntaxCode = format === 'yaml' ? 'YamlSyntax' : 'FrontmatterSyntax';
  const located: ParsedYaml = {
    data,
    locate: (field, isKey) => (positions ??= withLazyPositions(source, yaml(), syntaxCode, data)).locate(field, isKey),
  };
  // Getters rather than a spread of `source`, which would read the text now; an object literal's
  // getters are own and enumerable, as a spread's values are, and cost far less to make than
  // Object.defineProperties (a warm build restores thousands).
  return {
    file: source.file,
    get text() {
      return source.text;
    },
    located,
    get body() {
      return format === 'yaml' ? '' : source.text.slice(body.start);
    },
    bodyLineOffset: body.lineOffset,
  };
}

/** `parsed` with `fields` added, as a spread would make it, but with its text and body still read when asked for. */
export function withFields<F extends object>(parsed: Parsed, fields: F): Parsed & F {
  const made: Parsed = {
    file: parsed.file,
    get text() {
      return parsed.text;
    },
    located: parsed.located,
    get body() {
      return parsed.body;
    },
    bodyLineOffset: parsed.bodyLineOffset,
  };
  return Object.assign(made, fields);
}

/** Data that comes back the same from JSON: finite numbers (not -0), strings, booleans, null, arrays, plain objects. */
export function isJsonSafe(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(isJsonSafe);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(isJsonSafe);
}
