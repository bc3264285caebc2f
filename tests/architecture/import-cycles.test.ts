/**
 * src/ has no import circle, type-only imports included: following the relative imports of a
 * module (import, import type, export ... from, import()) never leads back to it. A type two
 * modules share lives in the one that owns it or in a small leaf module, so dependencies point one
 * way (docs/architecture.md). The imports are read with TypeScript's own scanner, as the
 * templates' are (tests/render/templates.test.ts): comments and strings are not imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/project.ts';

/** Each module, by its path with forward slashes, and the modules of the same set it imports. */
function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of sources) {
    const imported = ts.preProcessFile(text, true, true).importedFiles.flatMap(({ fileName }) => {
      if (!fileName.startsWith('.')) return [];
      const target = path.posix.join(path.posix.dirname(file), fileName);
      // NodeNext also lets './x.js' name x.ts.
      const found = [target, target.replace(/\.js$/, '.ts'), target.replace(/\.jsx?$/, '.tsx')].find((name) =>
        sources.has(name),
      );
      return found ? [found] : [];
    });
    graph.set(file, [...new Set(imported)]);
  }
  return graph;
}

/** Every circle a depth-first walk of the graph meets, each from a module back to itself. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const done = new Set<string>();
  const trail: string[] = [];
  const cycles: string[] = [];
  const visit = (file: string) => {
    const at = trail.indexOf(file);
    if (at !== -1) {
      cycles.push([...trail.slice(at), file].join(' -> '));
      return;
    }
    if (done.has(file)) return;
    trail.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    trail.pop();
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) visit(file);
  return cycles;
}

function readSources(dir: string): Map<string, string> {
  const names = readdirSync(dir, { recursive: true })
    .map((name) => String(name).split(path.sep).join('/'))
    .filter((name) => /\.tsx?$/.test(name))
    .sort();
  return new Map(names.map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
}

describe('import cycles', () => {
  it('src/ has none, type-only imports included', () => {
    const graph = importGraph(readSources(path.join(PROJECT_ROOT, 'src')));
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get('errors/site-error.ts')).toContain('errors/codes.ts');
    expect(findCycles(graph)).toEqual([]);
  });

  it('names a circle closed by an import type, an export ... from or an import()', () => {
    const sources = new Map([
      ['a.ts', "import type { B } from './sub/b.ts';\nimport { z } from 'zod';"],
      ['sub/b.ts', "export { c } from '../c.tsx';"],
      ['c.tsx', "export const c = () => import('./a.ts');"],
      ['d.ts', "/* import { d } from './d.ts' */\nconst text = \"import './d.ts'\";\nimport './a.ts';"],
    ]);
    expect(findCycles(importGraph(sources))).toEqual(['a.ts -> sub/b.ts -> c.tsx -> a.ts']);
    sources.set('c.tsx', 'export const c = 1;');
    expect(findCycles(importGraph(sources))).toEqual([]);
  });
});
