/**
 * The sources of a build, read together: public/, content/ (then the Markdown of its valid entries) and
 * templates/. Each comes with its problems, added to the run's; what is broken is left out, and what
 * depends on it is not made.
 */
import { settle, settleNow } from './build-problems.ts';
import type { Run } from './build-run.ts';
import { imageContentOf, imagesBesideBodies, type LoadedKinds } from './content/load.ts';
import { startMarkdownImages } from './images/markdown-pictures.ts';
import { checkedSvgs } from './images/pictures.ts';
import { keepValidEntries, type ValidEntries } from './content/valid-entries.ts';
import type { OutputFile } from './output/plan.ts';
import { createUrlPolicy, type UrlPolicy } from './site/routes.ts';
import type { Stages } from './stages.ts';
import { stopEsbuild } from './esbuild-service.ts';

export type Templates = Awaited<ReturnType<Stages['templates']>>;
export type Assets = Awaited<ReturnType<Stages['assets']>>;
export type Content = Awaited<ReturnType<Stages['content']>> & { kinds: LoadedKinds; urls: UrlPolicy };
type SiteImages = NonNullable<Awaited<ReturnType<Stages['siteImages']>>>;

export interface Sources {
  publicFiles: OutputFile[];
  /** Output paths of public/ files that were refused: their own problem is reported, not links to them. */
  refused: string[];
  entries: ValidEntries;
  /** The valid entries with their Markdown rendered; undefined when no page can be made. */
  content?: Content;
  templates?: Templates;
  assets?: Assets;
  /** The CMS's preview script (/admin/), kept while the templates stay the same. */
  adminPreview?: string;
  /** Started as soon as the content is read: made while the Markdown renders. */
  siteImages: Promise<SiteImages | undefined>;
}

/** public/, content/ (with the Markdown of its valid entries) and templates/, read together. */
export async function readSources(run: Run): Promise<Sources> {
  const { stages, problems } = run;
  const listing = stages.publicFiles();
  const entries = stages.kinds().then((kinds) => ({ all: kinds, valid: keepValidEntries(kinds, kinds.errors) }));
  const urlsOf = (siteUrl: string) => createUrlPolicy(run.config, siteUrl);
  // Neither may reject unhandled: a listing that fails is reported below, as public/'s problem.
  const listed = listing.then((publicListing) => publicListing.files);
  listed.catch(() => undefined);
  const checked = listed.then(checkedSvgs, () => new Map<string, string>());
  const siteImages = entries.then(({ valid }) => {
    if (!valid.kinds) return undefined;
    const made = stages.siteImages(valid.kinds, urlsOf, listed);
    if (!run.options.store) startImagesBesideBodies(run, valid.kinds, urlsOf, checked);
    return made;
  });
  // Awaited once the site is made; a run that stops first must not leave it unhandled.
  siteImages.catch(() => undefined);
  const content = entries.then(({ valid }) => loadContent(run, valid));
  content.catch(() => undefined);
  const bundles = Promise.all([settle(stages.templates()), settle(stages.assets()), settle(stages.adminPreview())]);
  const [publicListing, { all }, [templates, assets, adminPreview]] = await Promise.all([
    listing,
    entries,
    bundled(run, bundles),
  ]);
  problems.add('public', publicListing.errors);
  problems.add('content', all.errors);
  return {
    publicFiles: publicListing.files,
    refused: publicListing.refused,
    ...(await content),
    templates: problems.take('templates', templates),
    assets: problems.take('assets', assets),
    // A template that fails is reported once, by the templates' own bundle.
    adminPreview: templates.errors ? undefined : problems.take('templates', adminPreview),
    siteImages,
  };
}

/** Runs whose bundles are not made yet: esbuild's service is theirs. */
let bundling = 0;

/**
 * A single build makes no bundle after its sources': esbuild's service process, which holds on to
 * much memory once it has bundled the CMS preview, ends then, not with the build. Dev keeps it.
 */
async function bundled<T>(run: Run, bundles: Promise<T>): Promise<T> {
  bundling++;
  try {
    return await bundles;
  } finally {
    bundling--;
    if (bundling === 0 && !run.options.store) stopEsbuild();
  }
}

/**
 * A single build's encoder starts on the news covers and the home page's images while the Markdown
 * renders, after the site's images: they are known before the bodies are. (Dev keeps its images
 * in its store, which this would bypass.)
 */
function startImagesBesideBodies(
  run: Run,
  kinds: LoadedKinds,
  urlsOf: (siteUrl: string) => UrlPolicy,
  checked: Promise<ReadonlyMap<string, string>>,
): void {
  const content = imageContentOf(kinds);
  const images = imagesBesideBodies(kinds);
  if (!content || images.length === 0) return;
  let urls: UrlPolicy;
  try {
    urls = urlsOf(content.settings.url);
  } catch {
    return; // reported with the content
  }
  startMarkdownImages(run.pipeline, { images, publicDir: run.config.publicDir, urls, checked });
}

/**
 * The Markdown bodies of the valid entries and the site assembled from them. A body that is
 * refused (too deep) or shows a broken image leaves its entry out, as a file that failed to parse
 * does, and the rest is assembled again.
 */
async function loadContent(run: Run, entries: ValidEntries): Promise<Pick<Sources, 'entries' | 'content'>> {
  const { problems } = run;
  let valid = entries;
  const kinds = valid.kinds;
  const urls =
    kinds &&
    problems.take(
      'content',
      settleNow(() => createUrlPolicy(run.config, imageContentOf(kinds)!.settings.url)),
    );
  while (valid.kinds && urls) {
    const made = await settle(run.stages.content(valid.kinds, urls));
    if (made.value) return { entries: valid, content: { ...made.value, kinds: valid.kinds, urls } };
    problems.add('markdown', made.errors);
    const next = keepValidEntries(valid.kinds, made.errors);
    // A problem that names no entry would come back the same: stop there.
    if (next.kinds && countFiles(next.kinds) === countFiles(valid.kinds)) break;
    valid = {
      ...next,
      unbuilt: [...valid.unbuilt, ...next.unbuilt],
      homeIncomplete: valid.homeIncomplete || next.homeIncomplete,
      pagesUnknown: valid.pagesUnknown || next.pagesUnknown,
    };
  }
  return { entries: valid };
}

function countFiles(kinds: LoadedKinds): number {
  return Object.values(kinds.files).reduce((sum, files) => sum + files.length, 0);
}
