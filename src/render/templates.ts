/**
 * loadTemplates(config): bundles templates/ (TSX) with esbuild at build time, so a template
 * change never needs a rebuilt CLI, and evaluates the bundle with React shared with the renderer.
 */
import { createHash } from 'node:crypto';
import { access } from 'node:fs/promises';
import { createRequire, SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import * as esbuild from 'esbuild';
import type { ResolvedConfig } from '../config.ts';
import { findOriginal } from '../source-stack.ts';
import { createCodeFrame, SiteError, SiteErrors } from '../errors.ts';
import { fromEsbuildMessages } from './esbuild-errors.ts';
import type { PageComponents } from '../../templates/api.ts';

export interface TemplateLocation {
  file: string;
  line: number;
  column: number;
  frame?: string;
}

export interface Templates {
  pages: PageComponents;
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

export async function loadTemplates(config: ResolvedConfig): Promise<Templates> {
  const entry = path.join(config.templatesDir, ENTRY);
  const entryFile = path.relative(config.root, entry);
  await assertEntryExists(entry, entryFile);
  const result = await bundleTemplates(config, entry);
  const code = result.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
  const payload = JSON.parse(result.outputFiles.find((file) => file.path.endsWith('.map'))!.text) as SourceMapPayload;
  const locate = createLocator(config, payload);
  const pages = checkPages(evaluateBundle(code, entryFile, locate), entryFile);
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(config.root, input));
  return { pages, locate, inputs, hash: createHash('sha256').update(code).digest('base64url') };
}

async function assertEntryExists(entry: string, entryFile: string): Promise<void> {
  try {
    await access(entry);
  } catch (cause) {
    throw new SiteError({
      code: 'TemplateBuildFailed',
      message: `The file ${entryFile} is missing; it exports the page components.`,
      file: entryFile,
      hint: 'Restore it from git, or run agency-site in the project folder (or pass it with --root).',
      cause,
    });
  }
}

async function bundleTemplates(config: ResolvedConfig, entry: string) {
  try {
    return await esbuild.build({
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
    throw new SiteErrors(
      fromEsbuildMessages(
        failure.errors,
        'TemplateBuildFailed',
        config.root,
        'Fix the template at the marked line; the dev server reloads when you save.',
      ),
    );
  }
}

function createLocator(config: ResolvedConfig, payload: SourceMapPayload): Templates['locate'] {
  const map = new SourceMap(payload);
  return (line, column) => {
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

/** Runs the bundle with React shared with the renderer; returns what it exports as `pages`. */
function evaluateBundle(
  code: string,
  entryFile: string,
  locate: Templates['locate'],
): Partial<PageComponents> | undefined {
  const module = { exports: {} as { pages?: Partial<PageComponents> } };
  try {
    const run = vm.runInThisContext(`(function (module, exports, require) {${code}\n})`, { filename: BUNDLE_NAME });
    run(module, module.exports, (id: string) => {
      if (!ALLOWED.has(id)) {
        throw new SiteError({
          code: 'TemplateBuildFailed',
          message: `A template imports "${id}", but templates may only import react and each other.`,
          file: entryFile,
          hint: 'Templates get every word and file through props: move the reading into content/ or src/.',
        });
      }
      return requireFromGenerator(id);
    });
  } catch (thrown) {
    if (thrown instanceof SiteError) throw thrown;
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    throw new SiteError({
      code: 'TemplateBuildFailed',
      message: `Loading the templates failed: ${error.message}`,
      ...(locateInStack(error, locate) ?? { file: entryFile }),
      hint: 'Templates run when the build loads them: keep module-level code to imports and plain values.',
      cause: thrown,
    });
  }
  return module.exports.pages;
}

function checkPages(pages: Partial<PageComponents> | undefined, entryFile: string): PageComponents {
  const missing = (['home', 'legal', 'page', 'not-found'] as const).filter(
    (kind) => typeof pages?.[kind] !== 'function',
  );
  if (!pages || missing.length > 0) {
    throw new SiteError({
      code: 'TemplateBuildFailed',
      message: `templates/${ENTRY} must export "pages" with a component for each of: ${missing.join(', ')}.`,
      file: entryFile,
      hint: "Export const pages = { home: HomePage, legal: LegalPage, page: ContentPage, 'not-found': NotFoundPage }.",
    });
  }
  return pages as PageComponents;
}

/** The template line of the innermost stack frame that lies in the bundle. */
export function locateInStack(error: Error, locate: Templates['locate']): TemplateLocation | undefined {
  const frame = new RegExp(`${BUNDLE_NAME.replace(/\./g, '\\.')}:(\\d+):(\\d+)`).exec(error.stack ?? '');
  return frame ? locate(Number(frame[1]), Number(frame[2])) : undefined;
}
