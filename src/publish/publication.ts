/**
 * createPublication: everything a careful agency adds before going live (images, favicons, share image,
 * head data, sitemap, robots.txt, _headers), made from content that is already there.
 */
import path from 'node:path';
import type { OutputFile } from '../output/plan.ts';
import type { ResolvedConfig } from '../config.ts';
import type { Image } from '../content/schema.ts';
import type { ImageContent, Site } from '../content/kinds.ts';
import { createError } from '../errors.ts';
import { createFavicons, type Favicons } from './favicons.ts';
import { createContentSecurityPolicy, HEADERS_FILE, renderHeadersFile, type SiteScript } from './headers.ts';
import { readImageSize } from '../images/size.ts';
import { createImagePipeline, type ImagePipeline, type ImageWork } from '../images/pipeline.ts';
import { checkedSvgs, processSiteImages, type SiteImages } from '../images/pictures.ts';
import type { Route, UrlPolicy } from '../site/routes.ts';
import { createHead, renderRobots, renderSitemap, ROBOTS_FILE, SITEMAP_FILE, type HeadData } from './seo.ts';
import { createShareImage, type ShareImage } from './share-image.ts';
import { renderFeeds } from './feeds.ts';
import type { ScheduledPost } from '../news/schedule.ts';
import { MAX_PUBLIC_BYTES, readInside } from '../project-paths.ts';

export interface Publication {
  images: SiteImages;
  head(route: Route): HeadData;
  /** What head() takes besides the site, the route and the URL policy. */
  headParts: HeadParts;
  files: OutputFile[];
  work: ImageWork;
}

/** The favicon set is made from this file of public/ when it exists, else from the logo. */
export const FAVICON_SOURCE = 'favicon.svg';

export type HeadParts = Omit<Parameters<typeof createHead>[0], 'site' | 'route' | 'urls'>;

export interface PublicationInput {
  config: Pick<ResolvedConfig, 'cache' | 'cacheDir' | 'publicDir'>;
  site: Site;
  routes: Route[];
  urls: UrlPolicy;
  /** Files of public/, to find the favicon source and a robots.txt of the editor's own. */
  publicFiles: ReadonlyArray<{ path: string }>;
  /** The site's own script (templates/browser/): the only one its Content-Security-Policy lets run. */
  scripts: readonly SiteScript[];
}

/** The site's images, favicons and share image: the part of the publication sharp makes. */
export interface SiteImageSet {
  processed: { images: SiteImages; files: OutputFile[] };
  favicons: Favicons;
  share: { image: ShareImage; file: OutputFile };
  work: ImageWork;
}

export async function createSiteImages({
  config,
  site,
  urls,
  publicFiles,
  signal,
  pipeline: shared,
}: Omit<PublicationInput, 'site' | 'routes' | 'scripts' | 'publicFiles'> & {
  site: ImageContent;
  /** public/'s files, once listed: the favicons are made from its favicon.svg if there is one, and SVG pictures take their checked text. */
  publicFiles: PublicationInput['publicFiles'] | Promise<PublicationInput['publicFiles']>;
  signal?: AbortSignal;
  pipeline?: ImagePipeline;
}): Promise<SiteImageSet> {
  // A pipeline given is the caller's to prune and close: it makes other images too.
  const pipeline = shared ?? createImagePipeline(config.cache ? config.cacheDir : undefined, signal);
  try {
    // Synchronously, like the image cache: see createImagePipeline.
    const read = (src: string) =>
      readInside(config.publicDir, path.join(config.publicDir, ...src.split('/')), `public${src}`, MAX_PUBLIC_BYTES);
    const logoBytes = read(site.logo.src);
    const favicon = async () => {
      const icon = (await publicFiles).some((file) => file.path === FAVICON_SOURCE)
        ? loadIcon(read(`/${FAVICON_SOURCE}`))
        : { image: site.logo, bytes: logoBytes };
      return createFavicons(pipeline, { site, source: icon.image, bytes: icon.bytes, urls });
    };
    const [processed, share, favicons] = await Promise.all([
      processSiteImages(pipeline, {
        site,
        publicDir: config.publicDir,
        urls,
        // A listing that failed is reported as the listing's problem; the pictures then check their own files.
        checked: Promise.resolve(publicFiles).then(checkedSvgs, () => new Map()),
      }),
      createShareImage(pipeline, { site, logoBytes, host: new URL(urls.siteUrl).host }),
      favicon(),
    ]);
    // Every image of the site is made: what the cache holds besides is from content that is gone.
    if (!shared) pipeline.prune();
    return { processed, favicons, share, work: pipeline.work };
  } finally {
    if (!shared) pipeline.close();
  }
}

/** `images`: the site's images when the build started them already (createSiteImages). */
export async function createPublication(input: PublicationInput, images?: Promise<SiteImageSet>): Promise<Publication> {
  const { site, routes, urls, publicFiles } = input;
  const { processed, favicons, share, work } = await (images ?? createSiteImages(input));
  // Scripts in public/ are published only from a trusted repository (--allow-scripts): named by URL.
  const scripts = [
    ...input.scripts,
    ...publicFiles.filter((file) => /\.m?js$/i.test(file.path)).map((file) => ({ url: urls.absoluteAsset(file.path) })),
  ];
  const csp = createContentSecurityPolicy(site, 'meta', scripts);
  const text = (file: string, contents: string): OutputFile => ({ path: file, contents: Buffer.from(contents) });
  const files = [
    ...processed.files,
    ...favicons.files,
    share.file,
    text(SITEMAP_FILE, renderSitemap(routes, urls)),
    text(HEADERS_FILE, renderHeadersFile(site, routes, urls, scripts)),
    ...renderFeeds(site as Site & { news: ScheduledPost[] }, urls),
  ];
  // An editor's own robots.txt in public/ wins (it is copied as it is).
  if (!publicFiles.some((file) => file.path === ROBOTS_FILE)) files.push(text(ROBOTS_FILE, renderRobots(urls)));
  const shared: HeadParts = { share: share.image, icons: favicons.links, csp, logo: processed.images.logo.src };
  return {
    images: processed.images,
    head: (route) => createHead({ site, route, urls, ...shared }),
    headParts: shared,
    files,
    work,
  };
}

function loadIcon(bytes: Buffer): { image: Image; bytes: Buffer } {
  const size = readImageSize(bytes, FAVICON_SOURCE);
  if (!size) {
    const src = `/${FAVICON_SOURCE}`;
    throw createError('MissingImage', { src, problem: 'favicon no size' }, { file: `public${src}` });
  }
  return { image: { src: `/${FAVICON_SOURCE}`, ...size }, bytes };
}
