/**
 * The stages of buildSite and the keys they are kept by: the one place that names the store's steps, each
 * `store.step(name, key, () => domainFunction(inputs))` with its key made here, once. In dev, the watcher's
 * file versions (src/cache/file-versions.ts) make the keys of what is read from disk cheap.
 */
import type { ResolvedConfig } from './config.ts';
import { hashKey, textOf } from './cache/disk.ts';
import { unchangedFiles, type FileVersions } from './cache/file-versions.ts';
import { openSourceFiles, statStamps, type KeptKeys, type SourceFiles } from './cache/source-files.ts';
import { diskKeyOf, keepResult } from './cache/kept-results.ts';
import { bytesJsonCodec, keepBundleOnDisk } from './cache/kept-bundle.ts';
import { stampFolder } from './cache/folder-stamp.ts';
import { renderedCodec } from './cache/codecs.ts';
import { jsonCodec, textCodec, type Codec, type Store } from './cache/store.ts';
import { linkBody, nameRefused } from './content/bodies.ts';
import { listFolder } from './content/collections.ts';
import { createLoadContext, loadContentFile, type ContentReads } from './content/file.ts';
import {
  assembleSite,
  bodiesOf,
  imageContentOf,
  loadKinds,
  type BodiesByFile,
  type LoadedKinds,
  type LoadedSite,
} from './content/load.ts';
import type { Parsed } from './content/parse.ts';
import type { RenderedMarkdown } from './markdown/processor.ts';
import type { Image } from './content/schema.ts';
import type { SourceFile } from './content/source.ts';
import { readImage } from './images/check-image.ts';
import { processMarkdownImages, type MarkdownImageSet } from './images/markdown-pictures.ts';
import { checkedSvgs } from './images/pictures.ts';
import type { ImagePipeline } from './images/pipeline.ts';
import type { OutputFile } from './output/plan.ts';
import { listPublicFiles } from './publish/public-files.ts';
import {
  createPublication,
  createSiteImages,
  type Publication,
  type PublicationInput,
  type SiteImageSet,
} from './publish/publication.ts';
import { buildAssets } from './render/assets.ts';
import { buildAdminPreview, installedPreview, templatesKey } from './admin/preview-bundle.ts';
import { loadTemplates } from './render/templates.ts';
import type { Route, UrlPolicy } from './site/routes.ts';

/** Each rendered body by the file it was written in. */
export type Bodies = BodiesByFile;

export interface StageContext {
  config: ResolvedConfig;
  store: Store;
  /** The watcher's versions of the source files (dev); without them, each file is as it is on disk now. */
  files?: FileVersions;
  /** Makes the images of the site and of Markdown bodies. */
  pipeline: ImagePipeline;
  onWorkers?: (count: number) => void;
}

/** The URL policy's part of every key made from it. */
export function urlKey(urls: Pick<UrlPolicy, 'format' | 'base' | 'siteUrl'>): string {
  return JSON.stringify({ format: urls.format, base: urls.base, siteUrl: urls.siteUrl });
}

/** What stands for a content file (its path and text) and for a body (its text and the Markdown options). */
const sourceHashes = new WeakMap<SourceFile, string>();
const bodyHashes = new WeakMap<Parsed, string>();
const htmlHashes = new WeakMap<RenderedMarkdown, string>();

export function sourceKey(source: SourceFile): string {
  let key = sourceHashes.get(source);
  if (key === undefined) sourceHashes.set(source, (key = hashKey(source.file, source.text)));
  return key;
}

export function bodyKey(parsed: Parsed, allowHtml: boolean): string {
  let key = bodyHashes.get(parsed);
  if (key === undefined) bodyHashes.set(parsed, (key = hashKey(allowHtml ? 'raw' : 'safe', parsed.body)));
  return key;
}

/** What stands for a body's HTML: --allow-html changes only the pages whose Markdown holds raw HTML. */
export function htmlKey(rendered: RenderedMarkdown): string {
  let key = htmlHashes.get(rendered);
  if (key === undefined) htmlHashes.set(rendered, (key = hashKey(rendered.html)));
  return key;
}

/**
 * A rendered body as the disk cache keeps it, its HTML's key on a line before it: a body taken from
 * the cache is not hashed again, so its HTML is decoded only when a page that shows it is made.
 */
const keyedBodyCodec: Codec<RenderedMarkdown> = {
  *encode(rendered) {
    yield `${htmlKey(rendered)}\n`;
    const parts = renderedCodec.encode(rendered);
    if (typeof parts === 'string' || Buffer.isBuffer(parts)) yield parts;
    else yield* parts;
  },
  decode(bytes) {
    const end = bytes.indexOf(10);
    const rendered = renderedCodec.decode(bytes.subarray(end + 1));
    htmlHashes.set(rendered, textOf(bytes, 0, end));
    return rendered;
  },
};

/**
 * A content file's keys (its text's, its body's), kept with it in the block of content files: a
 * file taken from there is not hashed again. The body's key depends on --allow-html.
 */
function contentFileKeys(allowHtml: boolean): KeptKeys {
  return {
    scope: allowHtml ? 'raw' : 'safe',
    of: (file) => [sourceKey(file.source!), bodyKey(file.parsed!, allowHtml)],
    restore(file, [source, body]) {
      if (source !== undefined) sourceHashes.set(file.source!, source);
      if (body !== undefined) bodyHashes.set(file.parsed!, body);
    },
  };
}

const linkedBodies = new WeakMap<RenderedMarkdown, { scope: string; linked: RenderedMarkdown }>();

/** linkBody, once per rendered body and URL policy. */
function linked(rendered: RenderedMarkdown, urls: UrlPolicy, scope: string): RenderedMarkdown {
  const last = linkedBodies.get(rendered);
  if (last?.scope === scope) return last.linked;
  const made = linkBody(rendered, urls);
  linkedBodies.set(rendered, { scope, linked: made });
  return made;
}

/**
 * The CMS's preview script, by the templates' contents: the one npm's prepare step made (not with
 * --no-cache), or one made here and kept, so that esbuild runs only when the templates change.
 */
async function keepAdminPreview(config: ResolvedConfig, store: Store, files: FileVersions): Promise<string> {
  const key = await store.step('templates-key', files.folder(config.templatesDir), () =>
    templatesKey(config.templatesDir),
  );
  return (
    store.peek('admin-preview', key, textCodec) ??
    (config.cache ? installedPreview(config, key) : undefined) ??
    store.keep('admin-preview', key, await buildAdminPreview(config, key), textCodec)
  );
}

export function createStages({ config, store, files: watched, pipeline, onWorkers }: StageContext) {
  const files = watched ?? unchangedFiles;
  const publicVersion = () => files.folder(config.publicDir);
  // A single build's public/ is known by its stamp, which lets what is made from it be kept on disk.
  const onDisk = !watched && config.cache;
  const stamp = onDisk ? stampFolder(config.publicDir) : undefined;
  const publicKey = stamp
    ? diskKeyOf(`${stamp} ${config.allowPublicScripts}`)
    : `${publicVersion()} ${config.allowPublicScripts}`;
  // Without a watcher's versions, a file is taken from the last build's when its stamp says it did
  // not change: the walk's, when one came before the build (each file is stat'ed once), else its own.
  const sourceStamps = statStamps();
  const sourceFiles = onDisk ? openSourceFiles(store, contentFileKeys(config.allowHtml), sourceStamps) : undefined;
  const context = createLoadContext(config, createReads(config, store, files, sourceFiles));
  const place = { root: config.root, folder: config.templatesDir };

  return {
    publicKey,
    publicFiles: () => keepResult(store, 'public-files', publicKey, () => listPublicFiles(config)),
    // A single build keeps esbuild's bundles on disk by their inputs (src/cache/kept-bundle.ts).
    templates: () =>
      keepBundle(store, files, config.templatesDir, 'templates', () =>
        loadTemplates(config, (make) =>
          onDisk ? keepBundleOnDisk(store, 'template-bundle', place, make, bytesJsonCodec()) : make(),
        ),
      ),
    assets: () =>
      keepBundle(store, files, config.templatesDir, 'assets', () =>
        onDisk
          ? keepBundleOnDisk(store, 'asset-bundle', place, () => buildAssets(config), bytesJsonCodec())
          : buildAssets(config),
      ),
    kinds: (): Promise<LoadedKinds> => loadKinds(context),
    adminPreview: () => keepAdminPreview(config, store, files),

    /** The Markdown bodies, one step for all, each kept by its text and the Markdown options; then their links. */
    async content(kinds: LoadedKinds, urls: UrlPolicy): Promise<{ loaded: LoadedSite; bodies: Bodies }> {
      const bodies = await renderBodies({ config, store, onWorkers }, kinds, urls);
      // Every content file is read by now, and the load succeeded.
      sourceFiles?.save();
      return { loaded: await assembleSite(context, kinds, bodies), bodies };
    },

    ...createImageStages({ config, store, pipeline }, publicVersion),

    /** The publication: kept while the images, site, routes, URL policy and public/ are the same. */
    publication(input: PublicationInput, images: { set: SiteImageSet; key: string }): Promise<Publication> {
      const { site, routes, urls, publicFiles } = input;
      const key = hashKey(
        images.key,
        siteJson(site),
        routesKey(routes),
        urlKey(urls),
        pathsOf(publicFiles),
        JSON.stringify(input.scripts),
      );
      return store.step('publication', key, () => createPublication(input, Promise.resolve(images.set)));
    },
  };
}

export type Stages = ReturnType<typeof createStages>;

/** The site's images and the Markdown bodies' images, each kept by what it shows. */
function createImageStages(
  { config, store, pipeline }: Pick<StageContext, 'config' | 'store' | 'pipeline'>,
  publicVersion: () => string,
) {
  // The images are pruned only when this build made all of them.
  const made = { siteImages: false, markdownImages: false };
  return {
    /**
     * The site's images, kept while the content they show, the URL policy and public/ are the same.
     * Started with the content: the share image does not wait for public/'s listing; the favicons
     * (is there a favicon.svg?) and SVG pictures (its checked text) do.
     */
    async siteImages(
      kinds: LoadedKinds,
      urlsOf: (siteUrl: string) => UrlPolicy,
      publicFiles: Promise<readonly OutputFile[]>,
    ) {
      const content = imageContentOf(kinds);
      if (!content) return undefined;
      const urls = urlsOf(content.settings.url);
      const key = hashKey(JSON.stringify(content), urlKey(urls), publicVersion());
      const set = await store.step('images', key, () => {
        made.siteImages = true;
        return createSiteImages({ config, site: content, urls, publicFiles, pipeline });
      });
      return { set, key };
    },

    /** The images Markdown bodies show, kept while their paths and sizes, the URL policy and public/ are the same. */
    markdownImages(images: Image[], urls: UrlPolicy, publicFiles: readonly OutputFile[]): Promise<MarkdownImageSet> {
      const key = hashKey(JSON.stringify(images), urlKey(urls), publicVersion());
      return store.step('markdown-images', key, () => {
        made.markdownImages = true;
        const checked = Promise.resolve(checkedSvgs(publicFiles));
        return processMarkdownImages(pipeline, { images, publicDir: config.publicDir, urls, checked });
      });
    },
    madeEveryImage: () => made.siteImages && made.markdownImages,
  };
}

/** Each read of content/ and public/ kept by the path and the version of what it reads. */
function createReads(
  config: ResolvedConfig,
  store: Store,
  files: FileVersions,
  sourceFiles: SourceFiles | undefined,
): ContentReads {
  /** Front matter data by its text, on disk: only a file whose front matter changed is parsed. */
  const frontmatter = {
    get: (yaml: string) => store.peek('frontmatter', hashKey(yaml), jsonCodec),
    set: (yaml: string, data: unknown) => void store.keep('frontmatter', hashKey(yaml), data, jsonCodec),
  };
  const publicVersion = () => files.folder(config.publicDir);
  return {
    file(kind, absolute, slug) {
      const version = files.file(absolute);
      // A path has one kind and one slug (its folder and name say which): the version is all that changes.
      const key = version === '' ? absolute : `${absolute}\0${version}`;
      const load = () => loadContentFile(config, kind, absolute, slug, frontmatter);
      return store.step('content-file', key, () => sourceFiles?.read(absolute, kind.format, slug, load) ?? load());
    },
    listing: (kind, directory) =>
      store.step('content-listing', `${directory}\0${files.listing(directory)}`, () =>
        listFolder(config.root, directory, kind),
      ),
    image: (src) => store.step('image-size', `${src}\0${publicVersion()}`, () => readImage(config.publicDir, src)),
  };
}

/**
 * The Markdown bodies, each kept by its text and the Markdown options, rendered together where
 * missing; then their links.
 */
async function renderBodies(
  { config, store, onWorkers }: Pick<StageContext, 'config' | 'store' | 'onWorkers'>,
  kinds: LoadedKinds,
  urls: UrlPolicy,
): Promise<Bodies> {
  const shown = bodiesOf(kinds);
  const { allowHtml, threads, threadsAuto: idleCoresOnly } = config;
  const options = { allowHtml, threads, idleCoresOnly, onWorkers };
  const results = await store
    .stepAll(
      'markdown',
      shown.map((parsed) => bodyKey(parsed, allowHtml)),
      // remark is loaded only when a body has to be rendered: a warm build often renders none.
      async (missing) =>
        (await import('./markdown/batch.ts')).renderMarkdownAll(
          missing.map((index) => shown[index]!.body),
          options,
        ),
      keyedBodyCodec,
    )
    .catch(nameRefused(shown));
  const scope = urlKey(urls);
  return new Map(shown.map((parsed, index) => [parsed.file, linked(results[index]!, urls, scope)]));
}

/** JSON.stringify(site), made once per site however many steps key by it. */
export function siteJson(site: object): string {
  let text = siteTexts.get(site);
  if (text === undefined) siteTexts.set(site, (text = JSON.stringify(site)));
  return text;
}

/** The site's JSON by the site object: made once per run however many steps key by it. */
const siteTexts = new WeakMap<object, string>();

/** public/'s paths, joined once per listing: the listing is the same array while public/ is the same. */
const joinedPaths = new WeakMap<readonly { path: string }[], string>();
function pathsOf(files: readonly { path: string }[]): string {
  let joined = joinedPaths.get(files);
  if (joined === undefined) joinedPaths.set(files, (joined = files.map((file) => file.path).join('\n')));
  return joined;
}

/** What the publication reads of the routes (each one's path, file and whether it is indexed), as a hash. */
function routesKey(routes: readonly Route[]): string {
  return hashKey(routes.map((route) => `${route.path} ${route.file} ${route.indexable}`).join('\n'));
}

/** A bundle is kept while no file came or went under its folder and the files it was made from keep their versions. */
async function keepBundle<T extends { inputs: string[] }>(
  store: Store,
  files: FileVersions,
  folder: string,
  name: string,
  make: () => Promise<T>,
): Promise<T> {
  const stamp = (inputs: readonly string[]) =>
    `${files.listing(folder)} ${inputs.map((input) => files.file(input)).join(' ')}`;
  const last = store.peek<{ stamp: string; bundle: T }>(name, 'last');
  if (last && last.stamp === stamp(last.bundle.inputs)) return last.bundle;
  const bundle = await make();
  store.keep(name, 'last', { stamp: stamp(bundle.inputs), bundle });
  return bundle;
}
