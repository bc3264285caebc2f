/**
 * From the sources to checked pages: the images placed, the routes and the publication, every
 * page rendered, the output planned, its links checked and its copy advised. Each step runs on
 * what the steps before it made and adds its problems to the run's.
 */
import { bodiesShownOn } from './advice/advice-input.ts';
import { settle, settleNow } from './build-problems.ts';
import type { Sources, Content } from './build-sources.ts';
import type { OpenPages, Run } from './build-run.ts';
import { placeSiteImages } from './images/place.ts';
import type { RenderedPage } from './output/check.ts';
import { planOutput, type OutputFile } from './output/plan.ts';
import { checkStage } from './check-stage.ts';
import {
  adviceStage,
  pageScans,
  renderOpenPages,
  renderPagesStage,
  type OpenPage,
  type PagesStageInput,
} from './page-stages.ts';
import { integrityOf } from './publish/headers.ts';
import { assetContents } from './render/assets.ts';
import { createPictureRenderer } from './render/page.tsx';
import { createRoutes, type Route } from './site/routes.ts';
import { withBuildYear } from './site/build-year.ts';
import { scheduleNews } from './news/schedule.ts';
import { requireNewsSettings } from './news/settings.ts';
import { findUnpublishedLinks, withoutExplained } from './news/unpublished-links.ts';
import { redirectsOf, resolveRedirects } from './redirects/redirects.ts';
import { createPreviewEntries, type PreviewEntriesInput, previewSiteOf } from './admin/preview-entries.ts';
import type { PreviewEntries } from './admin/preview/data.ts';
import { createAdminFiles } from './admin/files.ts';
import { KINDS, type Site } from './content/kinds.ts';
import { bodyOfEntry } from './content/load.ts';
import { jsonCodec, type Codec } from './cache/store.ts';
import { hashKey } from './cache/disk.ts';
import { htmlIncludes } from './cache/codecs.ts';
import { urlKey, type Stages } from './stages.ts';
import { withPagePolicy } from './publish/checked-markup.ts';

/** What the pages are made from besides the templates: the site with its images, routes and publication. */
export interface MadeSite {
  content: Content;
  site: ReturnType<typeof placeSiteImages>['site'];
  /** The drafts and later posts this build leaves out (src/news/schedule.ts). */
  hiddenNews: ReturnType<typeof scheduleNews>['hidden'];
  routes: Route[];
  /** `_redirects`, when content/redirects.yaml lists any redirect. */
  redirectFiles: OutputFile[];
  markdownImages: Awaited<ReturnType<Stages['markdownImages']>>;
  publication: Awaited<ReturnType<Stages['publication']>>;
  links: { css: string; js: string; jsIntegrity: string; fonts?: string[] };
}

/** The images placed, the routes and the publication: made when the content and the assets are. */
export async function makeSite(run: Run, sources: Sources): Promise<MadeSite | undefined> {
  const { stages, problems } = run;
  const { content, templates, assets } = sources;
  if (!content || !templates || !assets) return undefined;
  const { loaded, urls } = content;
  // The Markdown images are made beside the site's images (started with the content), not after them.
  const images = await Promise.all([
    settle(sources.siteImages),
    settle(stages.markdownImages(loaded.markdownImages, urls, sources.publicFiles)),
  ]);
  const siteImages = problems.take('images', images[0]);
  const markdownImages = problems.take('images', images[1]);
  if (!siteImages || !markdownImages) return undefined;
  const placed = placeSiteImages(loaded, markdownImages.pictures, urls, createPictureRenderer(templates), {
    mayShowImages,
  });
  // The news this build shows: drafts and later posts only when asked for.
  const news = scheduleNews(placed.site.news, run.config, markdownImages.pictures);
  const site = withBuildYear({ ...placed.site, news: news.shown }, run.config.now);
  const routes = problems.take(
    'routes',
    settleNow(() => {
      requireNewsSettings(site);
      return createRoutes(site, urls, placed.pages);
    }),
  );
  if (!routes) return undefined;
  // A page at each old path of content/redirects.yaml, and the _redirects file. Pages left out for
  // a problem of their own count as pages here, and with a folder of pages unreadable no target
  // can be judged: either would report a redirect for what is the other problem.
  const { unbuilt, pagesUnknown } = sources.entries;
  const leftOut = unbuilt.map(
    (path): Route => ({ path, file: urls.file(path), indexable: false, page: { kind: 'not-found' } }),
  );
  const redirectsInput = {
    file: pagesUnknown ? undefined : redirectsOf(content.kinds),
    routes: routes.concat(leftOut),
    publicFiles: sources.publicFiles,
    urls,
  };
  const redirects = problems.take(
    'redirects',
    settleNow(() => resolveRedirects(redirectsInput)),
  );
  if (redirects) routes.push(...redirects.routes);
  // The one script the pages load, named by the Content-Security-Policy and by its integrity attribute.
  const script = { url: urls.absoluteAsset(assets.js), integrity: integrityOf(assetContents(assets, assets.js)) };
  const input = {
    config: run.config,
    site,
    routes,
    urls,
    publicFiles: sources.publicFiles,
    scripts: [script],
  };
  const publication = problems.take('publication', await settle(stages.publication(input, siteImages)));
  if (!publication) return undefined;
  // Every image of this build is made: what the cache holds besides is from content that is gone.
  // Not after a problem: an entry left out would lose its images.
  if (stages.madeEveryImage() && !problems.failed()) run.pipeline.prune();
  run.pipeline.close();
  // The stylesheet's typeface, preloaded by every page so text is drawn in it from the first paint.
  const fonts = assets.files.filter((file) => file.path.endsWith('.woff2')).map((file) => urls.asset(file.path));
  const links = { css: urls.asset(assets.css), js: urls.asset(assets.js), jsIntegrity: script.integrity, fonts };
  const redirectFiles = redirects?.files ?? [];
  return { content, site, hiddenNews: news.hidden, routes, redirectFiles, markdownImages, publication, links };
}

/**
 * Whether an entry's HTML may hold an <img>: false only for an entry made from a body whose HTML
 * holds none, which is known without decoding a body the disk cache kept (src/cache/codecs.ts).
 */
function mayShowImages(entry: object): boolean {
  const body = bodyOfEntry(entry);
  return body === undefined || htmlIncludes(body, '<img');
}

/** The pages, and each page's key by its output file and in the pages' order. */
export type RenderedSite = { pages: RenderedPage[]; keys: Map<string, string>; inOrder: string[] };

/** Every page, rendered from the templates (a template that throws fails them all). */
export function renderSite(run: Run, sources: Sources, made: MadeSite): RenderedSite | undefined {
  return run.problems.take(
    'render',
    settleNow(() => renderPagesStage(run.store, pagesInputOf(sources, made))),
  );
}

/**
 * The pages a browser has open, before the rest (dev): what renderSite will make of them. A
 * template that throws here is reported by renderSite, with every page.
 */
export async function showOpenPages(sources: Sources, made: MadeSite, open: OpenPages): Promise<void> {
  const hrefs = open.hrefs();
  if (hrefs.size === 0) return;
  let pages: OpenPage[];
  try {
    pages = renderOpenPages(pagesInputOf(sources, made), hrefs);
  } catch {
    return;
  }
  if (pages.length === 0) return;
  open.show(pages);
  // Node sends what a response writes on the next tick: let it go before the rest of the build holds the thread.
  await new Promise((resolve) => setImmediate(resolve));
}

function pagesInputOf(sources: Sources, made: MadeSite): PagesStageInput {
  const { site, routes, content, publication, links } = made;
  return {
    ...{ templates: sources.templates!, site, routes, urls: content.urls, assets: links },
    ...{ images: publication.images, publication, kinds: content.kinds, bodies: content.bodies },
    unplaced: content.loaded.pages,
  };
}

export interface PlannedOutput {
  /** Every file of the output, or what is known of it when the content or the pages are not all there. */
  planned: OutputFile[];
  /** The paths the site check finds links in: those of the output, and of what it lacks only for a problem reported already. */
  linkable: ReadonlySet<string>;
}

/** The output planned (pages, assets, public/, images); clashes are problems, and the paths are still known. */
export function planFiles(run: Run, sources: Sources, made?: MadeSite, rendered?: RenderedSite): PlannedOutput {
  const imageFiles = new Set(made?.publication.files.map((file) => file.path));
  // A Markdown image that is also a portfolio image has the same files.
  const bodyImageFiles = made?.markdownImages.files.filter((file) => !imageFiles.has(file.path)) ?? [];
  const groups = [
    rendered ? pageFilesOf(rendered) : [],
    sources.assets?.files ?? [],
    made ? withPagePolicy(sources.publicFiles, made.publication.headParts.csp) : sources.publicFiles,
    made?.publication.files ?? [],
    bodyImageFiles,
    made?.redirectFiles ?? [],
    made && sources.adminPreview !== undefined ? adminFilesOf(run, made, sources.adminPreview) : [],
  ];
  const output = run.problems.take(
    'output',
    settleNow(() => planOutput(groups)),
  );
  const planned = output?.planned ?? groups.flat();
  const urls = made?.content.urls;
  // Links may also point at the pages left out for their errors, and at public/'s refused files.
  const besides = [...(urls ? sources.entries.unbuilt.map((sitePath) => urls.file(sitePath)) : []), ...sources.refused];
  const linkable =
    output && besides.length === 0
      ? output.paths
      : new Set([...(output?.paths ?? planned.map((file) => file.path)), ...besides]);
  return { planned, linkable };
}

/** The pages as files of the output, each with its key. */
function pageFilesOf({ pages, keys }: RenderedSite): OutputFile[] {
  return pages.map((page) => {
    const key = keys.get(page.route.file);
    return page.size === undefined ? { path: page.route.file, contents: page.html, key } : new PageFile(page, key);
  });
}

/**
 * The file of a page whose HTML is read when first asked for (a page the disk cache kept): its size
 * is known before, and a write that keeps the file in place asks for no contents.
 */
class PageFile implements OutputFile {
  readonly path: string;
  readonly key: string | undefined;
  readonly size: number;
  readonly #page: RenderedPage;

  constructor(page: RenderedPage, key: string | undefined) {
    this.path = page.route.file;
    this.key = key;
    this.size = page.size!;
    this.#page = page;
  }

  get contents(): Uint8Array | string {
    return this.#page.html;
  }
}

/** The CMS at /admin/: its page, its configuration made from the kinds' schemas, its preview. */
function adminFilesOf(run: Run, made: MadeSite, preview: string): OutputFile[] {
  const { site, content, links } = made;
  const portfolioImages = made.publication.images.portfolio;
  const { sections } = site.home;
  return createAdminFiles({
    ...{ kinds: KINDS, settings: site.settings, stats: site.stats, base: content.urls.base },
    homeSections: sections.map(({ type, id, data }) => ({ ...data, type, id })),
    ...{ stylesheet: links.css, preview },
    entries: keepPreviewEntries(run, { site, portfolioImages, urls: content.urls }),
  });
}

/**
 * What the CMS's preview shows from other files, kept by all it is made from: making it names the
 * posts' dates through Intl, whose first use is a cost a build that renders no news need not pay.
 */
function keepPreviewEntries(run: Run, input: Omit<PreviewEntriesInput, 'site'> & { site: Site }): PreviewEntries {
  const { portfolioImages, urls } = input;
  const site = previewSiteOf(input.site, urls);
  const key = hashKey(JSON.stringify(site), JSON.stringify(portfolioImages), urlKey(urls));
  return run.store.step(
    'preview-entries',
    key,
    () => createPreviewEntries({ site, portfolioImages, urls }),
    jsonCodec as Codec<PreviewEntries>,
  );
}

/** Links, anchors, assets and canonical URLs of every rendered page. */
export function checkLinks(
  run: Run,
  sources: Sources,
  made: MadeSite,
  rendered: RenderedSite,
  output: PlannedOutput,
): void {
  const { site, content } = made;
  const bodiesOf = (page: { route: Route }) => bodiesShownOn(page.route, site);
  // The home page shows an entry that was left out: anchors into it may miss only for that.
  const partial = new Set(sources.entries.homeIncomplete ? [content.urls.file('/')] : []);
  const input = {
    pages: rendered.pages,
    files: output.linkable,
    urls: content.urls,
    sources: content.loaded.sources,
    bodiesOf,
    partial,
  };
  const scanOf = scans(run, rendered);
  const hidden = made.hiddenNews;
  const unpublished = findUnpublishedLinks(
    { pages: rendered.pages, hidden, urls: content.urls, sources: input.sources },
    scanOf,
  );
  const checked = checkStage(run.store, input, rendered, scanOf);
  run.problems.add('links', [...unpublished, ...withoutExplained(checked, unpublished, hidden)]);
}

/** Each page is read once, for the check and the advice both. */
const scanners = new WeakMap<RenderedSite, ReturnType<typeof pageScans>>();
function scans(run: Run, rendered: RenderedSite) {
  let scan = scanners.get(rendered);
  if (!scan) scanners.set(rendered, (scan = pageScans(run.store, rendered.keys)));
  return scan;
}

/** The content advice's warnings (and `--report`) on the rendered pages. */
export function advise(run: Run, sources: Sources, made: MadeSite, rendered: RenderedSite, output: PlannedOutput) {
  const { loaded, urls } = made.content;
  const input = {
    ...{ loaded, pages: rendered.pages, publicFiles: sources.publicFiles, publicKey: run.stages.publicKey },
    ...{ output: output.planned, base: urls.base, report: run.options.report ?? false, scanOf: scans(run, rendered) },
  };
  return adviceStage(run.store, input, rendered.keys);
}
