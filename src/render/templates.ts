/**
 * loadTemplates(config): bundles templates/ (TSX) with esbuild at build time, so a template
 * change never needs a rebuilt CLI, and evaluates the bundle with React shared with the renderer.
 */
import { createHash } from 'node:crypto';
import { access } from 'node:fs/promises';
import { createRequire, SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type * as esbuild from 'esbuild';
import type { ResolvedConfig } from '../config.ts';
import { findOriginal } from '../source-stack.ts';
import { createCodeFrame, createError, SiteError, SiteErrors } from '../errors.ts';
import { fromEsbuildMessages } from './esbuild-errors.ts';
import type { MarkdownComponents, PageComponents } from '../../templates/api.ts';
import { loadEsbuild } from '../esbuild-service.ts';
import { ENTRY_KIND_NAMES, KINDS } from '../content/kinds.ts';

export interface TemplateLocation {
  file: string;
  line: number;
  column: number;
  frame?: string;
}

export interface Templates {
  pages: PageComponents;
  /** The components Markdown bodies are rendered with (src/images/place.ts). */
  markdown: MarkdownComponents;
  /** Maps a line and column of the bundle back to the template source, with a code frame. */
  locate(line: number, column: number): TemplateLocation | undefined;
  /** Absolute paths of every file the bundle was made from. */
  inputs: string[];
  /** sha256 of the bundled code: the same hash is the same templates. */
  hash: string;
}

const ENTRY = 'index.ts';
const BUNDLE_NAME = 'agency-site-templates.js';
/** Templates render markup from props; these are the only modules they may import at run time. */
const ALLOWED = new Set(['react', 'react/jsx-runtime']);
const requireFromGenerator = createRequire(import.meta.url);

/** What esbuild makes of templates/: kept in the disk cache by its inputs (src/cache/kept-bundle.ts). */
export interface TemplateBundle {
  code: string;
  map: string;
  inputs: string[];
}

/** `keep`: where the bundle may be kept between builds; it calls `make` when it has none. */
export async function loadTemplates(
  config: ResolvedConfig,
  keep: (make: () => Promise<TemplateBundle>) => Promise<TemplateBundle> = (make) => make(),
): Promise<Templates> {
  const entry = path.join(config.templatesDir, ENTRY);
  const entryFile = path.relative(config.root, entry);
  const { code, map, inputs } = await keep(async () => {
    await assertEntryExists(entry, entryFile);
    const result = await bundleTemplates(config, entry);
    return {
      code: result.outputFiles.find((file) => file.path.endsWith('.js'))!.text,
      map: result.outputFiles.find((file) => file.path.endsWith('.map'))!.text,
      inputs: Object.keys(result.metafile.inputs).map((input) => path.resolve(config.root, input)),
    };
  });
  const locate = createLocator(config, map);
  const { pages, markdown } = checkExports(evaluateBundle(code, entryFile, locate), entryFile);
  return { pages, markdown, locate, inputs, hash: createHash('sha256').update(code).digest('base64url') };
}

async function assertEntryExists(entry: string, entryFile: string): Promise<void> {
  try {
    await access(entry);
  } catch (cause) {
    throw createError(
      'TemplateBuildFailed',
      { problem: 'entry missing', entry: entryFile },
      { file: entryFile, cause },
    );
  }
}

async function bundleTemplates(config: ResolvedConfig, entry: string) {
  // Loaded when templates/ must be bundled: a build whose templates are kept needs no esbuild.
  const { build } = await loadEsbuild();
  try {
    return await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      metafile: true,
      outfile: path.join(config.cacheDir, BUNDLE_NAME),
      sourcemap: 'external',
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      external: [...ALLOWED, 'react-dom'],
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      absWorkingDir: config.root,
    });
  } catch (thrown) {
    const failure = thrown as esbuild.BuildFailure;
    if (!Array.isArray(failure.errors)) throw thrown;
    throw new SiteErrors(fromEsbuildMessages(failure.errors, config.root, 'TemplateBuildFailed'));
  }
}

function createLocator(config: ResolvedConfig, mapText: string): Templates['locate'] {
  // Read when a template's error is first located: decoding the map cost every build time.
  let read: { map: SourceMap; payload: SourceMapPayload } | undefined;
  return (line, column) => {
    if (!read) {
      const payload = JSON.parse(mapText) as SourceMapPayload;
      read = { map: new SourceMap(payload), payload };
    }
    const { map, payload } = read;
    // The wrapper function adds nothing before the first line of the bundle.
    const found = findOriginal(map, line, column, config.cacheDir);
    if (!found) return undefined;
    const location = {
      file: path.relative(config.root, found.file).split(path.sep).join('/'),
      line: found.line,
      column: found.column,
    };
    const text = payload.sourcesContent?.[payload.sources.indexOf(found.source)];
    return text ? { ...location, frame: createCodeFrame(text, location.line, location.column) } : location;
  };
}

type Exports = { pages?: Partial<PageComponents>; markdown?: Partial<MarkdownComponents> };

/** Runs the bundle with React shared with the renderer; returns what it exports. */
function evaluateBundle(code: string, entryFile: string, locate: Templates['locate']): Exports {
  const module = { exports: {} as Exports };
  try {
    const run = vm.runInThisContext(`(function (module, exports, require) {${code}\n})`, { filename: BUNDLE_NAME });
    run(module, module.exports, (id: string) => {
      if (!ALLOWED.has(id)) {
        throw createError('TemplateBuildFailed', { problem: 'import', id }, { file: entryFile });
      }
      return requireFromGenerator(id);
    });
  } catch (thrown) {
    if (thrown instanceof SiteError) throw thrown;
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    throw createError(
      'TemplateBuildFailed',
      { problem: 'load', reason: error.message },
      { ...(locateInStack(error, locate) ?? { file: entryFile }), cause: thrown },
    );
  }
  return module.exports;
}

function checkExports({ pages, markdown }: Exports, entryFile: string): Pick<Templates, 'pages' | 'markdown'> {
  const missing = [
    ...['home', ...ENTRY_KIND_NAMES.map((name) => KINDS[name].route.template), 'not-found']
      .filter((kind) => typeof pages?.[kind] !== 'function')
      .map((kind) => `pages.${kind}`),
    ...(typeof markdown?.picture === 'function' ? [] : ['markdown.picture']),
  ];
  if (missing.length > 0) {
    throw createError(
      'TemplateBuildFailed',
      { problem: 'pages', entry: `templates/${ENTRY}`, missing },
      { file: entryFile },
    );
  }
  return { pages, markdown } as Pick<Templates, 'pages' | 'markdown'>;
}

/** The template line of the innermost stack frame that lies in the bundle. */
export function locateInStack(error: Error, locate: Templates['locate']): TemplateLocation | undefined {
  const frame = new RegExp(`${BUNDLE_NAME.replace(/\./g, '\\.')}:(\\d+):(\\d+)`).exec(error.stack ?? '');
  return frame ? locate(Number(frame[1]), Number(frame[2])) : undefined;
}
