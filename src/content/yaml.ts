/**
 * YAML with positions: parse text into plain data and keep a way back from a data path
 * (["hero", "headline"]) to the 1-based line and column in the file it came from.
 */
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  YAMLParseError,
  type Document,
  type Node,
  type YAMLError,
} from 'yaml';
import {
  createCodeFrame,
  createError,
  type ErrorPlace,
  type SiteError,
  SiteErrors,
  type SiteErrorCode,
} from '../errors.ts';

export type DataPath = readonly PropertyKey[];

export interface Position {
  line: number;
  column: number;
}

export interface ParsedYaml {
  data: unknown;
  /** Where the value at `path` starts; for a missing key, where its parent starts. */
  locate(path: DataPath, key?: boolean): Position;
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

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Aliases may repeat a value, not multiply it into a "billion laughs" document. */
export const MAX_ALIAS_COUNT = 100;
/**
 * Keys in one file: far more than any content file holds (a site file has about a hundred), and
 * few enough that reporting every unknown one stays quick.
 */
export const MAX_KEY_COUNT = 10_000;

/** Parses YAML text, or throws SiteErrors: at most one syntax error per line. */
export function parseYaml(text: string, where: YamlSource): ParsedYaml {
  const lineCounter = new LineCounter();
  // The parser's own duplicate check compares each key with every earlier one (80,000 keys took
  // minutes): keys are checked here instead, in one pass with a set per map.
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false, prettyErrors: true, strict: true });
  const file = describeFile(lineCounter, where);
  const problems = [...doc.errors, ...doc.warnings];
  if (problems.length === 0) problems.push(...checkKeysAndAliases(doc));
  if (problems.length > 0) throw new SiteErrors(syntaxErrors(problems, text, doc, file));
  const unsafe = unsafeKeyErrors(doc, file);
  if (unsafe.length > 0) throw new SiteErrors(unsafe);
  return {
    data: toData(doc, file),
    locate: (path, pointAtKey = false) => file.at(locateNode(doc, path, pointAtKey)?.range?.[0] ?? 0),
  };
}

/** Offsets in the YAML text as places in the file, and errors pointing at them. */
interface YamlFile {
  at(offset: number): Position;
  /** A syntax error (the parser's words, or ours) at a position. */
  fail(text: string, position: Position, hint: string, cause?: unknown): SiteError;
  /** The place of an error at a position: file, line, column and code frame. */
  place(position: Position): ErrorPlace;
}

function describeFile(lineCounter: LineCounter, where: YamlSource): YamlFile {
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

function syntaxErrors(problems: YAMLError[], text: string, doc: Document, file: YamlFile): SiteError[] {
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

/**
 * One pass over the document: keys repeated in a map, more keys than MAX_KEY_COUNT, more aliases
 * than MAX_ALIAS_COUNT, and aliases to no anchor before them. The parser's own alias resolution
 * walks the whole document once per alias; after this pass there are at most MAX_ALIAS_COUNT.
 */
const TOO_MANY_ALIASES = 'too many aliases';
const TOO_MANY_KEYS = 'too many keys';
const NO_ANCHOR = 'alias without anchor';

function checkKeysAndAliases(doc: Document): YAMLError[] {
  const problems: YAMLError[] = [];
  const anchors = new Set<string>();
  let keys = 0;
  let aliases = 0;
  const at = (node: Node | null | undefined): [number, number] => {
    const start = node?.range?.[0] ?? 0;
    return [start, start + 1];
  };
  visit(doc, (_, node) => {
    if (isNode(node) && 'anchor' in node && typeof node.anchor === 'string') anchors.add(node.anchor);
    if (isAlias(node)) {
      aliases++;
      if (aliases === MAX_ALIAS_COUNT + 1) problems.push(new YAMLParseError(at(node), 'ALIAS_PROPS', TOO_MANY_ALIASES));
      else if (!anchors.has(node.source)) problems.push(new YAMLParseError(at(node), 'ALIAS_PROPS', NO_ANCHOR));
    }
    if (!isMap(node)) return;
    const seen = new Set<string>();
    for (const pair of node.items) {
      if (++keys === MAX_KEY_COUNT + 1)
        problems.push(new YAMLParseError(at(pair.key as Node), 'IMPOSSIBLE', TOO_MANY_KEYS));
      if (!isScalar(pair.key)) continue;
      const id = `${typeof pair.key.value}:${String(pair.key.value)}`;
      if (seen.has(id)) problems.push(new YAMLParseError(at(pair.key), 'DUPLICATE_KEY', 'Map keys must be unique'));
      seen.add(id);
    }
  });
  return problems;
}

function unsafeKeyErrors(doc: Document, file: YamlFile): SiteError[] {
  const unsafe: SiteError[] = [];
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && UNSAFE_KEYS.has(String(pair.key.value))) {
        unsafe.push(
          createError('UnsafeKey', { key: String(pair.key.value) }, file.place(file.at(pair.key.range?.[0] ?? 0))),
        );
      }
    },
  });
  return unsafe;
}

function toData(doc: Document, file: YamlFile): unknown {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (cause) {
    const alias = findUnresolvedAlias(doc);
    throw new SiteErrors([
      alias
        ? file.fail(
            `The alias *${alias.source} refers to no anchor &${alias.source} above it.`,
            file.at(alias.range?.[0] ?? 0),
            'Define the anchor (&name) before this line, or write the value out.',
            cause,
          )
        : file.fail(
            `The YAML cannot be read: ${(cause as Error).message}`,
            file.at(0),
            `Write the values out instead of repeating them with more than ${MAX_ALIAS_COUNT} aliases.`,
            cause,
          ),
    ]);
  }
}

/** The deepest node on `path` that exists: the value, or its key when `pointAtKey` and it is the last step. */
function locateNode(doc: Document, path: DataPath, pointAtKey: boolean): Node | undefined {
  let node: unknown = doc.contents;
  let best: Node | undefined = isNode(node) ? node : undefined;
  for (const [index, segment] of path.entries()) {
    const last = index === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
      if (!pair) break;
      const target = pointAtKey && last ? pair.key : (pair.value ?? pair.key);
      if (isNode(target)) best = target;
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number' && isNode(node.items[segment])) {
      node = node.items[segment];
      best = node as Node;
    } else {
      break;
    }
  }
  return best;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'range' in value;
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

/** The problems of checkKeysAndAliases that are not the parser's own. */
function describeLimit(problem: YAMLError, text: string, offset: number) {
  // prettyErrors appends the position and a code frame to the message.
  const message = problem.message.split(' at line ')[0];
  if (message === TOO_MANY_ALIASES)
    return {
      message: `The file uses more than ${MAX_ALIAS_COUNT} aliases (*name); from here on, each could multiply the data.`,
      hint: 'Write the values out instead of repeating them with aliases.',
      offset,
    };
  if (message === TOO_MANY_KEYS)
    return {
      message: `The file has more than ${MAX_KEY_COUNT} keys (name: value), far more than any content file needs.`,
      hint: 'Split the data into several files, or remove the keys no field of the site uses.',
      offset,
    };
  if (message === NO_ANCHOR) {
    const name = /^\*([^\s,\]}]*)/.exec(text.slice(offset))?.[1] ?? '';
    return {
      message: `The alias *${name} refers to no anchor &${name} above it.`,
      hint: 'Define the anchor (&name) before this line, or write the value out.',
      offset,
    };
  }
  return undefined;
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

function findUnresolvedAlias(doc: Document): { source: string; range?: Node['range'] } | undefined {
  let found: { source: string; range?: Node['range'] } | undefined;
  visit(doc, {
    Alias(_, node) {
      if (!found && isAlias(node) && node.resolve(doc) === undefined)
        found = { source: node.source, range: node.range };
    },
  });
  return found;
}
