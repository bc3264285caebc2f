/**
 * The content advice over a real project, wired the way the build is meant to wire it: the
 * pipeline's site, routes, rendered pages and sources, and the Markdown facts of each body.
 * Here the facts come from parsing the bodies again (readMarkdownFacts); in the build they come
 * from the Markdown step, which already holds the syntax tree.
 */
import { buildSite } from '../../src/build.ts';
import { resolveConfig, type Options } from '../../src/config.ts';
import { splitFrontmatter } from '../../src/content/frontmatter.ts';
import { loadSite } from '../../src/content/load.ts';
import { createRoutes, createUrlPolicy } from '../../src/site/routes.ts';
import { adviseSite, type AdviceResult } from '../../src/advice/advise.ts';
import { readMarkdownFacts } from '../../src/advice/markdown.ts';
import { collectSwitches, createAdvicePages, readSourceImages } from '../../src/advice/pages.ts';

export async function runAdvice(options: Options, { report = false } = {}): Promise<AdviceResult & { buildWarnings: number }> {
  const config = resolveConfig({ cache: false, threads: 0, ...options });
  const result = await buildSite(config, { write: false });
  const loaded = await loadSite(config);
  const urls = createUrlPolicy(config, loaded.site.settings.url);
  const routes = createRoutes(loaded.site, urls, loaded.pages);
  const output = new Map(result.output.map((file) => [file.path, file]));
  const rendered = routes.map((route) => ({ route, html: output.get(route.file)!.contents as string | Uint8Array }));
  const sources = new Map(loaded.sources.map((source) => [source.file, source]));
  const markdownOf = (file: string) => {
    const source = sources.get(file);
    if (!source) return undefined;
    const { body, bodyLineOffset } = splitFrontmatter(file, source.text);
    return { facts: readMarkdownFacts(body), lineOffset: bodyLineOffset };
  };
  const publicFiles = result.output.filter((file) => file.source?.startsWith(config.publicDir));
  const advice = adviseSite({
    pages: createAdvicePages(rendered, loaded.site, markdownOf),
    sources: loaded.sources,
    images: await readSourceImages(publicFiles),
    switches: collectSwitches(loaded.site, loaded.pages),
    base: config.base,
    report,
  });
  return { ...advice, buildWarnings: result.warnings.length };
}
