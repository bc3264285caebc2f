/**
 * buildSite(config): the one pipeline. content -> Site -> routes -> HTML + assets + public/ ->
 * site check -> staging folder -> swapped in. `check` runs the same pipeline without writing.
 */
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildAssets } from './assets.ts';
import { reuse, type BuildCache } from './build-cache.ts';
import { checkSite, type RenderedPage } from './check.ts';
import type { ResolvedConfig } from './config.ts';
import { loadSite } from './content/load.ts';
import { SiteError, SiteErrors, toSiteErrors } from './errors.ts';
import { createPublication } from './publish.ts';
import { guardOutDir, recoverOutput, writeOutput, type PlannedFile } from './output.ts';
import { renderPages } from './render.tsx';
import { createRoutes, createUrlPolicy } from './routes.ts';
import { loadTemplates } from './templates.ts';

export interface BuildOptions {
  /** false: run every step and check, but leave the output folder alone (`agency-site check`). */
  write?: boolean;
  /** Results of earlier builds to reuse where their inputs did not change (dev). */
  cache?: BuildCache;
}

export interface BuildResult {
  pages: number;
  files: number;
  bytes: number;
  milliseconds: number;
  /** Milliseconds per stage, for --verbose. */
  stages: Record<string, number>;
  /** Images encoded by sharp in this build, and images reused from the cache. */
  images: { encoded: number; reused: number };
  outDir: string;
  written: boolean;
  /** Problems that did not stop the build (raw HTML removed from Markdown, ...). */
  warnings: SiteError[];
  /** Every file of the output, written or not: what `dev` serves from memory. */
  output: PlannedFile[];
}

export async function buildSite(config: ResolvedConfig, options: BuildOptions = {}): Promise<BuildResult> {
  const write = options.write ?? true;
  const cache = options.cache;
  const started = performance.now();
  const stages: Record<string, number> = {};
  let mark = started;
  const stage = (name: string) => {
    const now = performance.now();
    stages[name] = Math.round((now - mark) * 10) / 10;
    mark = now;
  };

  await requireProjectFolder(config.root);
  if (write) {
    await recoverOutput(config.outDir);
    await guardOutDir(config);
  }
  const [loaded, templates, assets, publicFiles] = await settleAll([
    loadSite(config, { cache: cache?.content }),
    reuse(cache, 'templates', () => loadTemplates(config)),
    reuse(cache, 'assets', () => buildAssets(config)),
    reuse(cache, 'publicFiles', () => listPublicFiles(config.publicDir)),
  ]);
  stage('load');

  const urls = createUrlPolicy(config, loaded.site.settings.url);
  const routes = createRoutes(loaded.site, urls);
  const links = { css: urls.asset(assets.css), js: urls.asset(assets.js) };
  const published = await createPublication({ config, site: loaded.site, routes, urls, publicFiles });
  stage('images');
  const pages: RenderedPage[] = renderPages(templates, routes, (route) => ({
    site: loaded.site,
    route,
    routes,
    urls,
    assets: links,
    images: published.images,
    head: published.head(route),
  }));
  stage('render');

  const planned: PlannedFile[] = [
    ...pages.map((page) => ({ path: page.route.file, contents: page.html })),
    ...assets.files,
    ...publicFiles,
    ...published.files,
  ];
  const clashes = findClashes(planned.map((file) => file.path));
  if (clashes.length > 0) {
    throw new SiteErrors(
      clashes.map(
        ({ file, folder }) =>
          new SiteError({
            code: 'DuplicateUrl',
            message: folder
              ? `The output needs ${file} to be a file and a folder at once: a file in public/ has the name of a folder the build makes, or the other way round.`
              : `Two sources write the output file ${file}: a file in public/ has the same path as a page or asset the build makes.`,
            file: `public/${file}`,
            hint: 'Rename or remove the file in public/.',
          }),
      ),
    );
  }
  const problems = checkSite({ pages, files: new Set(planned.map((file) => file.path)), urls, sources: loaded.sources });
  if (problems.length > 0) throw new SiteErrors(problems);
  stage('check');

  if (write) await writeOutput(config.outDir, planned);
  stage(write ? 'write' : 'skip-write');
  const bytes = planned.reduce((sum, file) => sum + byteLength(file), 0);
  return {
    pages: pages.length,
    files: planned.length,
    bytes,
    milliseconds: Math.round(performance.now() - started),
    stages,
    images: { ...published.work },
    outDir: config.outDir,
    written: write,
    warnings: loaded.warnings,
    output: planned,
  };
}

/** A --root that leads nowhere is one usage error, not one error per missing source. */
async function requireProjectFolder(root: string): Promise<void> {
  const isFolder = await stat(root).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  if (!isFolder) {
    throw new SiteError({
      code: 'UsageError',
      message: `The project folder ${root} does not exist.`,
      hint: 'Run agency-site in the folder that holds content/, templates/ and public/, or pass that folder with --root.',
    });
  }
}

/** Waits for every step and reports the problems of all of them together. */
async function settleAll<T extends readonly unknown[]>(steps: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(steps);
  const errors: SiteError[] = [];
  for (const result of results) {
    if (result.status === 'fulfilled') continue;
    const siteErrors = toSiteErrors(result.reason);
    if (!siteErrors) throw result.reason;
    errors.push(...siteErrors);
  }
  if (errors.length > 0) throw new SiteErrors(errors);
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

async function listPublicFiles(publicDir: string): Promise<PlannedFile[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(publicDir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((source) => ({ path: path.relative(publicDir, source).split(path.sep).join('/'), source }))
    .filter((file) => !file.path.split('/').some((part) => part.startsWith('.')));
  return Promise.all(files.map(async (file) => ({ ...file, size: (await stat(file.source)).size })));
}

/** Output paths written twice, and paths that would have to be a file and a folder at once. */
function findClashes(paths: string[]): Array<{ file: string; folder: boolean }> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const file of paths) (seen.has(file) ? repeated : seen).add(file);
  const folders = new Set(paths.flatMap((file) => file.split('/').slice(0, -1).map((_, index, parts) => parts.slice(0, index + 1).join('/'))));
  return [
    ...[...repeated].map((file) => ({ file, folder: false })),
    ...[...seen].filter((file) => folders.has(file)).map((file) => ({ file, folder: true })),
  ];
}

function byteLength(file: PlannedFile): number {
  if (typeof file.contents === 'string') return Buffer.byteLength(file.contents);
  return file.contents?.byteLength ?? file.size ?? 0;
}
