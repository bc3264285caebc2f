/**
 * YAML with positions: parse text into plain data and keep a way back from a data path
 * (["hero", "headline"]) to the 1-based line and column in the file it came from.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Node } from 'yaml';
import { createCodeFrame, SiteError, type SiteErrorCode } from '../errors.ts';

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
  syntaxCode: SiteErrorCode;
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function parseYaml(text: string, where: YamlSource): ParsedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: true, strict: true });
  const at = (offset: number): Position => {
    const pos = lineCounter.linePos(offset);
    return { line: pos.line + where.lineOffset, column: pos.col };
  };
  const fail = (code: SiteErrorCode, message: string, position: Position, hint: string, cause?: unknown) =>
    new SiteError({
      code,
      message,
      file: where.file,
      ...position,
      frame: createCodeFrame(where.source, position.line, position.column),
      hint,
      cause,
    });

  const problems = [...doc.errors, ...doc.warnings];
  if (problems.length > 0) {
    throw problems.map((problem) => {
      const position = at(problem.pos[0]);
      const firstLine = problem.message.split('\n')[0] ?? problem.message;
      return fail(where.syntaxCode, `The YAML cannot be read: ${firstLine}`, position, yamlHint(firstLine), problem);
    });
  }

  const unsafe: SiteError[] = [];
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && UNSAFE_KEYS.has(String(pair.key.value))) {
        unsafe.push(
          fail(
            'UnsafeKey',
            `The key "${String(pair.key.value)}" is not allowed: it could change how every object behaves.`,
            at(pair.key.range?.[0] ?? 0),
            'Remove this key; no content field has this name.',
          ),
        );
      }
    },
  });
  if (unsafe.length > 0) throw unsafe;

  return {
    data: doc.toJS({ maxAliasCount: 100 }),
    locate(path, pointAtKey = false) {
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
      return at(best?.range?.[0] ?? 0);
    },
  };
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'range' in value;
}

function yamlHint(message: string): string {
  if (/tab/i.test(message)) return 'YAML indents with spaces only: replace the tab with spaces.';
  if (/unique|duplicate/i.test(message)) return 'Each key may appear once: remove or rename the repeated key.';
  if (/indent/i.test(message)) return 'Check the indentation: nested fields line up under their parent with spaces.';
  if (/quote|string/i.test(message)) return 'Put text that contains ":" or "#" in double quotes, and close every quote.';
  return 'Check the YAML syntax near the marked line (https://yaml.org/spec/1.2.2/ has the rules).';
}
