/**
 * buildAssets(config): the templates' browser script and stylesheet, bundled and minified by
 * esbuild into content-hashed files. Returns them in memory; build.ts writes them.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import type { ResolvedConfig } from '../config.ts';
import { createError, type SiteError, SiteErrors } from '../errors.ts';
import { fromEsbuildMessages } from './esbuild-errors.ts';
import type { OutputFile } from '../output/plan.ts';
import { loadEsbuild } from '../esbuild-service.ts';

export const SCRIPT_ENTRY = 'browser/main.ts';
export const STYLE_ENTRY = 'styles/site.css';

export interface Assets {
  files: OutputFile[];
  /** Output paths of the stylesheet and the script. */
  css: string;
  js: string;
  /** Absolute paths of every file the assets were made from. */
  inputs: string[];
}

/** The bytes of one of the assets, by its output path. */
export function assetContents(assets: Assets, file: string): Uint8Array {
  const found = assets.files.find((candidate) => candidate.path === file);
  // Assets are made in memory, as bytes.
  if (!(found?.contents instanceof Uint8Array)) throw new Error(`assetContents: ${file} is not one of the assets`);
  return found.contents;
}

/** Browsers that support everything the stylesheet uses without fallbacks. */
const TARGETS = ['chrome111', 'edge111', 'firefox114', 'safari16.4'];

export async function buildAssets(config: ResolvedConfig): Promise<Assets> {
  const entries = {
    main: path.join(config.templatesDir, SCRIPT_ENTRY),
    site: path.join(config.templatesDir, STYLE_ENTRY),
  };
  const missing: SiteError[] = [];
  for (const [, file] of Object.entries(entries)) {
    try {
      await access(file);
    } catch (cause) {
      const shown = path.relative(config.root, file);
      missing.push(createError('AssetBuildFailed', { missing: shown }, { file: shown, cause }));
    }
  }
  if (missing.length > 0) throw new SiteErrors(missing);
  const outdir = path.join(config.outDir, 'assets');
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  // Loaded when the assets must be made: kept ones need no esbuild (src/cache/kept-bundle.ts).
  const { build } = await loadEsbuild();
  try {
    result = await build({
      entryPoints: entries,
      bundle: true,
      write: false,
      metafile: true,
      minify: true,
      format: 'iife',
      target: TARGETS,
      outdir,
      entryNames: '[name]-[hash]',
      assetNames: '[name]-[hash]',
      legalComments: 'none',
      charset: 'utf8',
      logLevel: 'silent',
      absWorkingDir: config.root,
      loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file' },
      external: ['/images/*'],
    });
  } catch (thrown) {
    const failure = thrown as esbuild.BuildFailure;
    if (!Array.isArray(failure.errors)) throw thrown;
    throw new SiteErrors(fromEsbuildMessages(failure.errors, config.root, 'AssetBuildFailed'));
  }
  const files = result.outputFiles.map((file) => ({
    path: path.relative(config.outDir, file.path).split(path.sep).join('/'),
    contents: file.contents,
  }));
  const find = (extension: string) => files.find((file) => file.path.endsWith(extension))!.path;
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(config.root, input));
  return { files, css: find('.css'), js: find('.js'), inputs };
}
