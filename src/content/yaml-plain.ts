/**
 * readPlainMap: front matter of plain `key: text` or `key: 12` lines, read without the YAML parser, which costs more
 * than the rest of reading such a file. Anything that could read differently under YAML's rules is left to the
 * parser, so that both give the same data (tests/content/yaml-plain.test.ts holds them to that).
 */

/** A key as YAML reads it plainly, then the separator, then a value starting with a letter or a digit. */
const LINE = /^([A-Za-z_][\w-]*): +([A-Za-z0-9][^\t\r]*?) *$/;
/** Plain text that YAML 1.2's core schema reads as a string: printable, no comment, no nested mapping. */
const TEXT = /^[A-Za-z](?:[\x20-\x7e\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd])*$/;
const INTEGER = /^(?:0|[1-9]\d{0,14})$/;
/** Words the core schema reads as booleans or null, in each case it accepts. */
const NOT_TEXT = new Set(['true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'null', 'Null', 'NULL']);
/** Keys that name a prototype are refused by yaml.ts, with their line. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Longer documents go to the parser: front matter is a few lines. */
const MAX_LINES = 200;

/** 1-based, in the text read. */
export interface PlainPosition {
  line: number;
  column: number;
}

export interface PlainMap {
  data: Record<string, string | number>;
  /** Where each key and its value start. */
  places: Map<string, { key: PlainPosition; value: PlainPosition }>;
}

/** The data of a document of plain `key: value` lines, or undefined when the YAML parser must read it. */
export function readPlainMap(text: string): PlainMap | undefined {
  const data: Record<string, string | number> = {};
  const places: PlainMap['places'] = new Map();
  let line = 0;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    if (++line > MAX_LINES) return undefined;
    if (end > start) {
      const written = text.slice(start, end);
      const match = LINE.exec(written);
      if (!match) return undefined;
      const [, key, value] = match as unknown as [string, string, string];
      if (places.has(key) || NOT_TEXT.has(key) || UNSAFE_KEYS.has(key)) return undefined;
      const read = readValue(value);
      if (read === undefined) return undefined;
      let column = key.length + 1;
      while (written.charCodeAt(column) === 32) column++;
      places.set(key, { key: { line, column: 1 }, value: { line, column: column + 1 } });
      data[key] = read;
    }
    start = end + 1;
  }
  return places.size > 0 ? { data, places } : undefined;
}

/**
 * Where yaml.ts's locate points for `path`: the value at its first key, or that key when asked; for a missing key,
 * the map, which starts at its first key.
 */
export function locatePlain(map: PlainMap, path: readonly PropertyKey[], pointAtKey: boolean): PlainPosition {
  const place = path.length > 0 ? map.places.get(String(path[0])) : undefined;
  if (place === undefined) return map.places.values().next().value!.key;
  return pointAtKey && path.length === 1 ? place.key : place.value;
}

function readValue(value: string): string | number | undefined {
  if (INTEGER.test(value)) return Number(value);
  if (!TEXT.test(value) || NOT_TEXT.has(value)) return undefined;
  // A comment, or a mapping inside the value (`a: b: c`, `a: b:`), reads differently.
  if (value.includes(' #') || value.includes(': ') || value.endsWith(':')) return undefined;
  return value;
}
