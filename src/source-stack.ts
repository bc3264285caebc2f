/**
 * Maps the frames of a stack in the bundled generator back to src/ with the source maps beside it, only when
 * an internal error is printed: Node's own support parses every map at start-up and keeps them all build.
 * findOriginal also places template errors (src/render/templates.ts).
 */
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `file:line:column` of a frame, with or without `file://`, inside parentheses or after "at ". */
const FRAME = /((?:file:\/\/)?\/[^\s():]+\.js):(\d+):(\d+)/g;

export function mapStack(stack: string): string {
  const maps = new Map<string, SourceMap | null>();
  return stack.replace(FRAME, (whole, location: string, line: string, column: string) => {
    const file = location.startsWith('file://') ? fileURLToPath(location) : location;
    if (!maps.has(file)) maps.set(file, readMap(file));
    const map = maps.get(file);
    const found = map && findOriginal(map, Number(line), Number(column), path.dirname(file));
    return found ? `${found.file}:${found.line}:${found.column}` : whole;
  });
}

/**
 * The original position (1-based) of a 1-based position in generated code, or undefined where the
 * map has none. `from`: the folder the map's relative sources start from.
 */
export function findOriginal(
  map: SourceMap,
  line: number,
  column: number,
  from: string,
): { source: string; file: string; line: number; column: number } | undefined {
  const found = map.findEntry(line - 1, column - 1) as {
    originalSource?: string;
    originalLine?: number;
    originalColumn?: number;
  };
  if (!found.originalSource) return undefined;
  const file = found.originalSource.startsWith('file://')
    ? fileURLToPath(found.originalSource)
    : path.resolve(from, found.originalSource);
  return {
    source: found.originalSource,
    file,
    line: (found.originalLine ?? 0) + 1,
    column: (found.originalColumn ?? 0) + 1,
  };
}

function readMap(file: string): SourceMap | null {
  try {
    return new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload);
  } catch {
    return null;
  }
}
