/**
 * The limits a content file's YAML must keep before it becomes data: keys unique in their map, at most MAX_KEY_COUNT
 * keys and MAX_ALIAS_COUNT aliases, every alias after its anchor, and no key that would reach an object's prototype.
 */
import { isAlias, isMap, isScalar, visit, YAMLParseError, type Document, type Node, type YAMLError } from 'yaml';

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Aliases may repeat a value, not multiply it into a "billion laughs" document. */
export const MAX_ALIAS_COUNT = 100;
/** Keys in one file: far more than any content file holds, and few enough that reporting every unknown one is quick. */
export const MAX_KEY_COUNT = 10_000;

/**
 * The parser's own alias resolution walks the whole document once per alias, so this one pass must find too many
 * aliases (and keys, repeated keys and aliases before their anchor) before it runs.
 */
const TOO_MANY_ALIASES = 'too many aliases';
const TOO_MANY_KEYS = 'too many keys';
const NO_ANCHOR = 'alias without anchor';

export function checkKeysAndAliases(doc: Document): YAMLError[] {
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

/** Each key that names a prototype (`__proto__: ...`), with where it starts in the text. */
export function findUnsafeKeys(doc: Document): Array<{ key: string; offset: number }> {
  const unsafe: Array<{ key: string; offset: number }> = [];
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && UNSAFE_KEYS.has(String(pair.key.value))) {
        unsafe.push({ key: String(pair.key.value), offset: pair.key.range?.[0] ?? 0 });
      }
    },
  });
  return unsafe;
}

/** The problems of checkKeysAndAliases that are not the parser's own. */
export function describeLimit(problem: YAMLError, text: string, offset: number) {
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

/** A node of the document (it has a range in the text), not a plain value. */
export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'range' in value;
}
