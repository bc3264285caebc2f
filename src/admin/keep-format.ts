/**
 * The text a CMS save writes: only the fields whose values changed are edited in the old text, so every other
 * byte (comments, key order, quoting, folding, blank lines) is kept, a Markdown file's front matter too.
 * Decap's own text is written when the file is new or cannot be read as YAML.
 */
import { isMap, isScalar, isSeq, type Node, type Pair, parseDocument, Scalar, stringify } from 'yaml';

interface Edit {
  start: number;
  end: number;
  text: string;
}

const FRONT = /^(---\r?\n)([\s\S]*?\r?\n)?(---[ \t]*(?:\r?\n|$))([\s\S]*)$/;

export function keepFormat(before: string | undefined, after: string, file: string): string {
  if (before === undefined) return after;
  if (!file.endsWith('.md')) return keepYaml(before, after) ?? after;
  const old = FRONT.exec(before);
  const next = FRONT.exec(after);
  if (!old || !next) return after;
  const yaml = keepYaml(old[2] ?? '', next[2] ?? '') ?? next[2] ?? '';
  // The body as it was when only its surrounding blank lines differ (Decap adds or drops them).
  const body = old[4]!.trim() === next[4]!.trim() ? old[4]! : keepLeading(old[4]!, next[4]!);
  return `${old[1]}${yaml}${old[3]}${body}`;
}

/** The new body with the old one's blank lines before it and its final line break. */
function keepLeading(old: string, next: string): string {
  const lead = /^\s*/.exec(old)![0];
  const trail = /\s*$/.exec(old)![0];
  return `${lead}${next.trim()}${trail}`;
}

function keepYaml(before: string, after: string): string | undefined {
  const document = parseDocument(before, { keepSourceTokens: false });
  if (document.errors.length > 0) return undefined;
  const value = parseDocument(after).toJS();
  const edits: Edit[] = [];
  const root = document.contents as Node | null;
  if (!root) return undefined;
  if (!update(before, root, value, edits)) return undefined;
  let text = before;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Edits that make `node` hold `value`; false when this node cannot be edited in place (the caller rewrites it). */
function update(text: string, node: Node, value: unknown, edits: Edit[]): boolean {
  const old = node.toJSON();
  if (same(old, value)) return true;
  if (isMap(node) && isPlainObject(value) && !node.flow)
    return updateMap(text, node.items as Pair<Node, Node>[], value, edits);
  if (isSeq(node) && Array.isArray(value) && !node.flow) return updateSeq(text, node.items as Node[], value, edits);
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    edits.push({ start: node.range![0], end: node.range![1], text: scalarText(text, node, value) });
    return true;
  }
  if ((isMap(node) || isSeq(node)) && node.flow) {
    edits.push({ start: node.range![0], end: node.range![1], text: flowText(value) });
    return true;
  }
  return false;
}

function updateMap(text: string, pairs: Pair<Node, Node>[], value: Record<string, unknown>, edits: Edit[]): boolean {
  const indent = pairs[0] ? columnOf(text, pairs[0].key.range![0]) : 0;
  const keys = new Set(Object.keys(value));
  for (const pair of pairs) {
    const key = String((pair.key as Scalar).value);
    if (!keys.has(key)) {
      edits.push(linesOf(text, pair.key.range![0], valueEnd(pair)));
      continue;
    }
    const next = value[key];
    if (pair.value && update(text, pair.value, next, edits)) continue;
    // A value that changed its shape (a text that became a list): the pair is written again.
    const lines = linesOf(text, pair.key.range![0], valueEnd(pair));
    edits.push({ ...lines, text: blockOf({ [key]: next }, indent) });
  }
  const known = new Set(pairs.map((pair) => String((pair.key as Scalar).value)));
  const added = Object.keys(value).filter((key) => !known.has(key));
  if (added.length > 0) {
    if (pairs.length === 0) return false;
    const at = lineEnd(text, valueEnd(pairs[pairs.length - 1]!));
    const block = blockOf(Object.fromEntries(added.map((key) => [key, value[key]])), indent);
    edits.push({ start: at, end: at, text: block });
  }
  return true;
}

/** Items kept where they are the same at the start and the end; those between are edited, removed or added. */
function updateSeq(text: string, items: Node[], value: unknown[], edits: Edit[]): boolean {
  if (items.length === 0) return false;
  const indent = columnOf(text, dashOf(text, items[0]!));
  const olds = items.map((item) => item.toJSON());
  let head = 0;
  while (head < items.length && head < value.length && same(olds[head], value[head])) head++;
  let tail = 0;
  while (
    tail < items.length - head &&
    tail < value.length - head &&
    same(olds[items.length - 1 - tail], value[value.length - 1 - tail])
  )
    tail++;
  const oldMiddle = items.slice(head, items.length - tail);
  const newMiddle = value.slice(head, value.length - tail);
  if (oldMiddle.length === newMiddle.length) {
    for (let index = 0; index < oldMiddle.length; index++) {
      const item = oldMiddle[index]!;
      if (update(text, item, newMiddle[index], edits)) continue;
      edits.push({ ...linesOf(text, dashOf(text, item), item.range![1]), text: blockOf([newMiddle[index]], indent) });
    }
    return true;
  }
  // Blank lines between the items are kept between the new ones too.
  const spaced = items.length > 1 && /\n[ \t]*\n/.test(text.slice(items[0]!.range![1], dashOf(text, items[1]!)));
  for (const item of oldMiddle) edits.push(linesOf(text, dashOf(text, item), item.range![1], spaced));
  if (newMiddle.length === 0) return true;
  const block = newMiddle.map((item) => blockOf([item], indent)).join(spaced ? '\n' : '');
  const following = items[items.length - tail];
  if (following) {
    const at = lineStart(text, dashOf(text, following));
    edits.push({ start: at, end: at, text: spaced ? `${block}\n` : block });
  } else {
    const at = lineEnd(text, items[items.length - 1]!.range![1]);
    edits.push({ start: at, end: at, text: spaced ? `\n${block}` : block });
  }
  return true;
}

/** A changed scalar in the style it had: a block stays a block, a quoted text stays quoted. */
function scalarText(text: string, node: Scalar, value: unknown): string {
  if (typeof value === 'string' && (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED)) {
    const indent = ' '.repeat(blockIndent(text, node));
    if (node.type === Scalar.BLOCK_FOLDED && !value.replace(/\n$/, '').includes('\n')) {
      // Folded again at the width the file had: a changed word changes the lines around it only.
      const header = text.slice(node.range![0], lineEnd(text, node.range![0])).trimEnd();
      const oldLines = text.slice(lineEnd(text, node.range![0]), node.range![1]).split('\n');
      const width = Math.max(...oldLines.map((line) => line.length), 40);
      return `${header}\n${foldWords(value.replace(/\n$/, ''), width, indent)}\n`;
    }
    const header = value.endsWith('\n') ? '|' : '|-';
    const lines = value.replace(/\n$/, '').split('\n');
    return `${header}\n${lines.map((line) => (line ? indent + line : '')).join('\n')}\n`;
  }
  const scalar = new Scalar(value);
  if (typeof value === 'string' && !value.includes('\n')) {
    if (node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE) scalar.type = node.type;
  }
  const written = stringify(scalar, { lineWidth: 0 }).replace(/\n$/, '');
  if (!written.includes('\n')) return written;
  // A text of several lines: a literal block at the node's own indentation.
  const indent = ' '.repeat(columnOf(text, node.range![0]) + 2);
  return `|-\n${String(value)
    .split('\n')
    .map((line) => (line ? indent + line : ''))
    .join('\n')}`;
}

/** Words into lines of at most `width` characters (a longer word stands alone). */
function foldWords(value: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = indent;
  for (const word of value.split(' ')) {
    if (line !== indent && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent;
    }
    line += line === indent ? word : ` ${word}`;
  }
  lines.push(line);
  return lines.join('\n');
}

function flowText(value: unknown): string {
  return stringify(value, { lineWidth: 0, collectionStyle: 'flow' }).replace(/\n$/, '');
}

/** Lines of YAML for a new value, at the indentation of its neighbours. */
function blockOf(value: unknown, indent: number): string {
  const pad = ' '.repeat(indent);
  return stringify(value, { lineWidth: 0 })
    .split('\n')
    .map((line, index, lines) => (index === lines.length - 1 && line === '' ? '' : line ? pad + line : ''))
    .join('\n');
}

/** The whole lines from `start` to `end`, with the line break after them (and a blank line after, when asked). */
function linesOf(text: string, start: number, end: number, withBlank = false): Edit {
  let to = lineEnd(text, end);
  if (withBlank && /^[ \t]*\n/.test(text.slice(to))) to = lineEnd(text, to);
  return { start: lineStart(text, start), end: to, text: '' };
}

/** Where the line after `offset` starts (its break included). */
function lineEnd(text: string, offset: number): number {
  const at = text.indexOf('\n', Math.max(offset - 1, 0));
  return at < 0 ? text.length : at + 1;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function columnOf(text: string, offset: number): number {
  return offset - lineStart(text, offset);
}

/** A block sequence item's dash (its node starts after it). */
function dashOf(text: string, item: Node): number {
  const start = item.range![0];
  const dash = text.lastIndexOf('-', start);
  return dash >= lineStart(text, start) ? dash : start;
}

function valueEnd(pair: Pair<Node, Node>): number {
  return pair.value?.range?.[1] ?? pair.key.range![1];
}

/** The indentation of a block scalar's lines, as the file has it. */
function blockIndent(text: string, node: Scalar): number {
  const firstLine = lineEnd(text, node.range![0]);
  const match = /^ */.exec(text.slice(firstLine));
  return match && match[0].length > 0 ? match[0].length : columnOf(text, node.range![0]) + 2;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
