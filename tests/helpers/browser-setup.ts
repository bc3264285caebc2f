/**
 * vitest globalSetup for the site tests: builds the real site once, serves it on 127.0.0.1, and
 * starts one shared Chromium that every browser test file connects to.
 */
import type { TestProject } from 'vitest/node';
import { formatErrors, toSiteErrors } from '../../src/errors.ts';
import { startBuiltSite, type BuiltSite, type ServedSite } from './built-site.ts';
import { startChromium, type ChromiumInfo } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real build, served as a static host serves it (or why it could not be built). */
    site: ServedSite;
    chromium: ChromiumInfo;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // A site that does not build fails the tests that need it, not the whole run.
  let site: BuiltSite | undefined;
  const provideSite = async (build: () => Promise<BuiltSite>) => {
    try {
      site = await build();
      project.provide('site', { status: 'ready', origin: site.origin, outDir: site.outDir });
    } catch (error) {
      const errors = toSiteErrors(error);
      const problem = errors ? formatErrors(errors) : String((error as Error).stack ?? error);
      project.provide('site', { status: 'failed', problem: `The real site did not build:\n${problem}` });
    }
  };
  const [, chromium] = await Promise.all([provideSite(startBuiltSite), startChromium()]);
  project.provide('chromium', chromium.info);
  // Watch mode: every rerun sees the templates and content as they are now.
  project.onTestsRerun(() =>
    provideSite(async () => {
      if (!site) return startBuiltSite();
      await site.rebuild();
      return site;
    }),
  );

  return async () => {
    await chromium.close();
    await site?.close();
  };
}
