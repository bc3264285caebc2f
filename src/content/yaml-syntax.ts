/**
 * YAML syntax errors in an editor's words, at the place where the mistake starts rather than where the parser gave
 * up, one per line. YamlSource and Position are declared here; yaml.ts, which parses, imports them from this module.
 */
import { isAlias, type LineCounter, visit, type Document, type Node, type YAMLError } from 'yaml';
import { createCodeFrame, createError, type ErrorPlace, type SiteError, type SiteErrorCode } from '../errors.ts';
import { describeLimit } from './yaml-limits.ts';

export interface Position {
  line: number;
  column: number;
}

export interface YamlSource {
  /** Relative path shown to people. */
  file: string;
  /** The whole file, for code frames. */
  source: string;
  /** Lines in the file before the YAML text starts (front matter starts on line 2). */
  lineOffset: number;
  syntaxCode: SyntaxCode;
}

/** The code of a YAML syntax error: of a YAML file, or of front matter. */
export type SyntaxCode = Extract<SiteErrorCode, 'YamlSyntax' | 'FrontmatterSyntax'>;

/** Offsets in the YAML text as places in the file, and errors pointing at them. */
export interface YamlFile {
  at(offset: number): Position;
  /** A syntax error (the parser's words, or ours) at a position. */
  fail(text: string, position: Position, hint: string, cause?: unknown): SiteError;
  /** The place of an error at a position: file, line, column and code frame. */
  place(position: Position): ErrorPlace;
}

export function describeFile(lineCounter: LineCounter, where: YamlSource): YamlFile {
  return {
    at(offset) {
      const pos = lineCounter.linePos(offset);
      return { line: pos.line + where.lineOffset, column: pos.col };
    },
    place: (position) => ({
      file: where.file,
      ...position,
      frame: createCodeFrame(where.source, position.line, position.column),
    }),
    fail(text, position, hint, cause) {
      return createError(where.syntaxCode, { text, hint }, { ...this.place(position), cause });
    },
  };
}

export function syntaxErrors(problems: YAMLError[], text: string, doc: Document, file: YamlFile): SiteError[] {
  // Later errors on the same line are nearly always echoes of the first one.
  const lines = new Set<number>();
  const errors: SiteError[] = [];
  for (const problem of problems) {
    const { message, hint, offset } = describeSyntaxError(problem, text, doc);
    const position = file.at(offset);
    if (lines.has(position.line)) continue;
    lines.add(position.line);
    errors.push(file.fail(message, position, hint, problem));
  }
  return errors;
}

/** Words for an editor, and the offset to point at: where the mistake starts, not where the parser gave up. */
function describeSyntaxError(
  problem: YAMLError,
  text: string,
  doc: Document,
): { message: string; hint: string; offset: number } {
  const offset = problem.pos[0];
  // A tab in the indentation confuses the parser into all kinds of messages: name the cause.
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  if (indent.includes('\t')) {
    return {
      message: 'This line is indented with a tab.',
      hint: 'YAML indents with spaces only: replace the tab with spaces.',
      offset: lineStart + indent.indexOf('\t'),
    };
  }
  const limit = describeLimit(problem, text, offset);
  if (limit) return limit;
  const original = (problem.message.split('\n')[0] ?? problem.message).replace(/ at line \d+, column \d+:?$/, '');
  switch (problem.code) {
    case 'DUPLICATE_KEY': {
      const key = /^"?([^":\n]*)/.exec(text.slice(offset))?.[1] ?? '';
      return {
        message: `The key "${key}" appears twice in the same group of fields.`,
        hint: 'Each key may appear once: remove or rename one of them.',
        offset,
      };
    }
    case 'MISSING_CHAR':
    case 'BAD_INDENT': {
      const opened = findUnclosed(doc, offset);
      if (opened) return opened;
      if (problem.code === 'BAD_INDENT' || original.startsWith('Sequence item without')) {
        return {
          message: `This line is indented differently from the lines around it (${original}).`,
          hint: 'Fields of one group start in the same column; indent with spaces, two per level.',
          offset,
        };
      }
      break;
    }
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return {
        message: `The YAML cannot be read: ${original}.`,
        hint: 'A field that holds other fields has nothing after its colon, and its fields are indented below it. Put text that contains ": " in double quotes.',
        offset,
      };
    case 'BAD_SCALAR_START':
      return { message: `The YAML cannot be read: ${original}.`, hint: 'Put the value in double quotes.', offset };
    case 'MULTIPLE_DOCS':
      return {
        message: 'A line of three dashes (---) starts a second document here; a content file holds one.',
        hint: 'Remove the --- line.',
        offset,
      };
  }
  return {
    message: `The YAML cannot be read: ${original}.`,
    hint: 'Check the indentation and the quotes at the marked line: fields line up under their parent with spaces, and text containing ": " or " #" goes in double quotes.',
    offset,
  };
}

/** A quoted text or a [list] / {map} that runs to `end` because it is never closed. */
function findUnclosed(doc: Document, end: number): { message: string; hint: string; offset: number } | undefined {
  let found: { message: string; hint: string; offset: number } | undefined;
  const consider = (node: Node, message: string, hint: string) => {
    const range = node.range;
    if (!range || range[1] !== end || (found && found.offset > range[0])) return;
    found = { message, hint, offset: range[0] };
  };
  visit(doc, {
    Scalar(_, node) {
      if (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') {
        const quote = node.type === 'QUOTE_DOUBLE' ? '"' : "'";
        consider(
          node,
          `The quoted text that starts here is never closed: the closing ${quote} is missing.`,
          `End the text with ${quote} on the same line.`,
        );
      }
    },
    Seq(_, node) {
      if (node.flow)
        consider(
          node,
          'The list that starts here with [ is never closed with ].',
          'Close the list with ] on the same line, or write one "- item" per line.',
        );
    },
    Map(_, node) {
      if (node.flow)
        consider(
          node,
          'The group that starts here with { is never closed with }.',
          'Close it with } on the same line, or write one "key: value" per line.',
        );
    },
  });
  return found;
}

export function findUnresolvedAlias(doc: Document): { source: string; range?: Node['range'] } | undefined {
  let found: { source: string; range?: Node['range'] } | undefined;
  visit(doc, {
    Alias(_, node) {
      if (!found && isAlias(node) && node.resolve(doc) === undefined)
        found = { source: node.source, range: node.range };
    },
  });
  return found;
}
