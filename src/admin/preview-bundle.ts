/**
 * buildAdminPreview(config): the admin page's script (src/admin/preview/), bundled with the
 * project's own templates, React's static renderer, remark and yaml. esbuild runs only when the
 * templates changed: stages.ts keeps the result in the disk cache by the templates' contents.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';
import type { ResolvedConfig } from '../config.ts';
import { SiteErrors } from '../errors.ts';
import { fromEsbuildMessages } from '../render/esbuild-errors.ts';
import { loadEsbuild } from '../esbuild-service.ts';

/** The tool's folder: src/admin/preview/ and templates/ are found from it. */
export function findToolRoot(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(folder, 'src', 'admin', 'preview', 'main.tsx'))) return folder;
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
  const names = (await readdir(templatesDir, { recursive: true }))
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

export function buildAdminPreview(config: ResolvedConfig, key: string): Promise<string> {
  const last = made.get(config.templatesDir);
  if (last?.key === key) return last.code;
  const code = bundlePreview(config);
  made.set(config.templatesDir, { key, code });
  code.catch(() => made.get(config.templatesDir)?.code === code && made.delete(config.templatesDir));
  return code;
}

async function bundlePreview(config: ResolvedConfig): Promise<string> {
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
