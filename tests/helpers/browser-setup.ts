/**
 * vitest globalSetup for the site tests: builds the real site once, serves it on 127.0.0.1, and
 * starts one shared Chromium that every browser test file connects to.
 */
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { formatErrors, toSiteErrors } from '../../src/errors.ts';
import { startBuiltSite, type BuiltSite, type ServedSite } from './built-site.ts';
import { CHROMIUM_ARGS, findChromium, formatMissingBrowser, isCi, type ChromiumInfo } from './chromium.ts';

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
  try {
    site = await startBuiltSite();
    project.provide('site', { status: 'ready', origin: site.origin, outDir: site.outDir });
  } catch (error) {
    const errors = toSiteErrors(error);
    const problem = errors ? formatErrors(errors) : String((error as Error).stack ?? error);
    project.provide('site', { status: 'failed', problem: `The real site did not build:\n${problem}` });
  }

  const required = isCi();
  const { executable, found } = findChromium();
  let server: BrowserServer | undefined;
  let info: ChromiumInfo;
  if (!found) {
    info = { status: 'missing', problem: `no Chromium at ${executable}`, required };
    if (!required) process.stderr.write(formatMissingBrowser(info.problem));
  } else {
    try {
      server = await chromium.launchServer({ executablePath: executable, headless: true, args: CHROMIUM_ARGS });
      info = { status: 'ready', endpoint: server.wsEndpoint(), executable };
    } catch (error) {
      info = { status: 'broken', problem: `Chromium at ${executable} did not start: ${(error as Error).message}`, required: true };
    }
  }
  project.provide('chromium', info);

  return async () => {
    await server?.close();
    await site?.close();
  };
}
