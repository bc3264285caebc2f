/**
 * YAML with positions: plain data, and a way back from a data path to its 1-based line and column in the file. The
 * limits a document must keep are yaml-limits.ts's; its syntax errors in an editor's words, yaml-syntax.ts's.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { createError, SiteErrors } from '../errors.ts';
import { checkKeysAndAliases, findUnsafeKeys, isNode, MAX_ALIAS_COUNT } from './yaml-limits.ts';
import {
  describeFile,
  findUnresolvedAlias,
  syntaxErrors,
  type Position,
  type YamlFile,
  type YamlSource,
} from './yaml-syntax.ts';
import { locatePlain, readPlainMap } from './yaml-plain.ts';

export { MAX_ALIAS_COUNT, MAX_KEY_COUNT } from './yaml-limits.ts';

export type DataPath = readonly PropertyKey[];

export interface ParsedYaml {
  data: unknown;
  /** Where the value at `path` starts; for a missing key, where its parent starts. */
  locate(path: DataPath, key?: boolean): Position;
}

/** Parses YAML text, or throws SiteErrors: at most one syntax error per line. */
export function parseYaml(text: string, where: YamlSource): ParsedYaml {
  // Most front matter is plain `key: value` lines, whose data and positions need no parser.
  const plain = readPlainMap(text);
  if (plain === undefined) return parseDocumentOf(text, where);
  return {
    data: plain.data,
    locate: (path, pointAtKey = false) => {
      const { line, column } = locatePlain(plain, path, pointAtKey);
      return { line: line + where.lineOffset, column };
    },
  };
}

function parseDocumentOf(text: string, where: YamlSource): ParsedYaml {
  const lineCounter = new LineCounter();
  // The parser's own duplicate check compares each key with every earlier one: keys are checked here instead, in one
  // pass with a set per map.
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false, prettyErrors: true, strict: true });
  const file = describeFile(lineCounter, where);
  const problems = [...doc.errors, ...doc.warnings];
  if (problems.length === 0) problems.push(...checkKeysAndAliases(doc));
  if (problems.length > 0) throw new SiteErrors(syntaxErrors(problems, text, doc, file));
  const unsafe = findUnsafeKeys(doc).map(({ key, offset }) =>
    createError('UnsafeKey', { key }, file.place(file.at(offset))),
  );
  if (unsafe.length > 0) throw new SiteErrors(unsafe);
  return {
    data: toData(doc, file),
    locate: (path, pointAtKey = false) => file.at(locateNode(doc, path, pointAtKey)?.range?.[0] ?? 0),
  };
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
