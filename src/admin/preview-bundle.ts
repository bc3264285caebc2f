/**
 * The admin page's script (src/admin/preview/), bundled with the project's own templates. npm's prepare step
 * makes it for the shipped templates (installPreview), so esbuild runs in a build only when they changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';
import type { ResolvedConfig } from '../config.ts';
import { SiteErrors } from '../errors.ts';
import { fromEsbuildMessages } from '../render/esbuild-errors.ts';
import { loadEsbuild, stopEsbuild } from '../esbuild-service.ts';

/**
 * The tool's folder: src/admin/preview/ and templates/ are found from it. A bundle outside
 * node_modules links back to the tool's src/ (src/bundle.js): the tool is where that link leads.
 */
export function findToolRoot(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(folder, 'src', 'admin', 'preview', 'main.tsx')))
      return path.dirname(realpathSync(path.join(folder, 'src')));
    const parent = path.dirname(folder);
    if (parent === folder)
      throw new Error(`src/admin/preview/main.tsx not found above ${fileURLToPath(import.meta.url)}`);
    folder = parent;
  }
}

/**
 * What stands for the templates' code: every script file's path and contents. The stylesheet is
 * not in the bundle (the preview links it), so a CSS edit leaves the script as it was.
 */
export async function templatesKey(templatesDir: string): Promise<string> {
  // No folder: the templates' own bundle says so, at templates/index.ts.
  const names = (await readdir(templatesDir, { recursive: true }).catch(() => []))
    .map(String)
    .filter((name) => /\.(tsx?|jsx?|json)$/.test(name))
    .sort();
  const hash = createHash('sha256');
  for (const name of names) {
    const contents = await readFile(path.join(templatesDir, name)).catch(() => undefined);
    if (contents) hash.update(`${name}\0${contents.byteLength}\0`).update(contents);
  }
  return hash.digest('base64url');
}

/** The last script per templates folder, by its key: builds without a disk cache (--no-cache) make it once a process. */
const made = new Map<string, { key: string; code: Promise<string> }>();

type PreviewConfig = Pick<ResolvedConfig, 'root' | 'templatesDir'>;

/** Where the prepare step leaves the preview of templates with this key: beside the bundled CLI. */
function installedFile(key: string): string {
  return fileURLToPath(new URL(`./admin-preview/${key}.js`, import.meta.url));
}

/**
 * The preview the prepare step made, if it did, for these templates: the tool's own folder only.
 * Elsewhere the same files bundle to other bytes (esbuild reads the nearest package.json's "type").
 */
export function installedPreview(config: PreviewConfig, key: string): string | undefined {
  try {
    if (realpathSync(config.templatesDir) !== path.join(findToolRoot(), 'templates')) return undefined;
    return readFileSync(installedFile(key), 'utf8');
  } catch {
    return undefined;
  }
}

/** npm's prepare step (src/bundle.js): the shipped templates' preview, made at install so a first build need not. */
export async function installPreview(): Promise<void> {
  const toolRoot = findToolRoot();
  const templatesDir = path.join(toolRoot, 'templates');
  const key = await templatesKey(templatesDir);
  const file = installedFile(key);
  if (existsSync(file)) return;
  try {
    const code = await bundlePreview({ root: toolRoot, templatesDir });
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp-${process.pid}`, code);
    renameSync(`${file}.tmp-${process.pid}`, file);
  } finally {
    stopEsbuild();
  }
}

export function buildAdminPreview(config: PreviewConfig, key: string): Promise<string> {
  const last = made.get(config.templatesDir);
  if (last?.key === key) return last.code;
  const code = bundlePreview(config);
  made.set(config.templatesDir, { key, code });
  code.catch(() => made.get(config.templatesDir)?.code === code && made.delete(config.templatesDir));
  return code;
}

async function bundlePreview(config: PreviewConfig): Promise<string> {
  const toolRoot = findToolRoot();
  const toolTemplates = path.join(toolRoot, 'templates');
  // The preview imports the tool's templates by path; the project's own are drawn instead.
  const projectTemplates: esbuild.Plugin = {
    name: 'project-templates',
    setup(build) {
      build.onResolve({ filter: /templates\// }, (args) => {
        const target = path.resolve(args.resolveDir, args.path);
        if (!target.startsWith(toolTemplates + path.sep)) return undefined;
        return { path: path.join(config.templatesDir, path.relative(toolTemplates, target)) };
      });
    },
  };
  // Loaded only when the preview must be bundled (its templates changed).
  const esbuildApi = await loadEsbuild();
  const result = await esbuildApi
    .build({
      entryPoints: [path.join(toolRoot, 'src', 'admin', 'preview', 'main.tsx')],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: ['chrome111', 'edge111', 'firefox114', 'safari16.4'],
      minify: true,
      jsx: 'automatic',
      legalComments: 'none',
      charset: 'utf8',
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      nodePaths: [path.join(toolRoot, 'node_modules')],
      plugins: [projectTemplates],
    })
    .catch((thrown: esbuild.BuildFailure) => {
      // A template that does not compile: the same file:line error as the site's own bundle gives.
      if (!Array.isArray(thrown.errors)) throw thrown;
      throw new SiteErrors(fromEsbuildMessages(thrown.errors, config.root, 'TemplateBuildFailed'));
    });
  return result.outputFiles[0]!.text;
}
