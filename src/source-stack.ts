/**
 * Maps the frames of a stack that point into the bundled generator (node_modules/.cache/
 * agency-site/cli-<hash>/*.js) back to src/, with the source map esbuild wrote beside each file.
 * Done only when an internal error is printed: Node's own source-map support
 * (process.setSourceMapsEnabled) parses every map at start-up and kept 20 to 25 MB for the whole
 * build (docs/benchmarks.md).
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
    const found = maps.get(file)?.findEntry(Number(line) - 1, Number(column) - 1) as
      | { originalSource?: string; originalLine?: number; originalColumn?: number }
      | undefined;
    if (!found?.originalSource) return whole;
    const source = found.originalSource.startsWith('file://')
      ? fileURLToPath(found.originalSource)
      : path.resolve(path.dirname(file), found.originalSource);
    return `${source}:${(found.originalLine ?? 0) + 1}:${(found.originalColumn ?? 0) + 1}`;
  });
}

function readMap(file: string): SourceMap | null {
  try {
    return new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload);
  } catch {
    return null;
  }
}
