import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Three projects, each test file in exactly one (tests/vitest-projects.test.ts checks it):
 * browser (real Chromium, or the real site built once), build (builds a project, serves one,
 * spawns the CLI or a worker, encodes images, runs actionlint), and unit (everything else: values
 * in memory and small fixture folders, answering in seconds).
 * A new test file lands in unit unless it matches a pattern below.
 */
const BROWSER_TESTS = [
  'tests/**/*.browser.test.{ts,tsx}',
  'tests/browser/**/*.test.{ts,tsx}',
  // These read the real site that browser-setup.ts builds and serves once.
  'tests/budgets.test.ts',
  'tests/html-validity.test.ts',
  'tests/dev/client.test.ts',
];

const BUILD_TESTS = [
  'tests/build*.test.ts',
  'tests/cli*.test.ts',
  'tests/content-links.test.ts',
  'tests/launcher.test.ts',
  'tests/site-url.test.ts',
  'tests/admin/verdict.test.ts',
  'tests/workflows.test.ts',
  'tests/security/**/*.test.ts',
  'tests/advice/{shipped,stage,switches}.test.ts',
  'tests/dev/{dev,host-check,preview,server,source-watcher,static,watch}.test.ts',
  'tests/markdown/{batch,depth,heading-anchors}.test.ts',
  'tests/output/{staging,unwritable}.test.ts',
  'tests/images/pipeline.test.ts',
  'tests/publish/{favicons,publication,share-image,upright}.test.ts',
  'tests/render/templates.test.ts',
];

const ALL_TESTS = ['tests/**/*.test.{ts,tsx}'];
const NOT_TESTS = [...configDefaults.exclude, 'tests/fixtures/**'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Browser and CLI tests start real processes; two cores are all CI has.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ALL_TESTS,
          exclude: [...NOT_TESTS, ...BROWSER_TESTS, ...BUILD_TESTS],
          // Unit files mock nothing and set no globals (checked with the projects), so the files of
          // one worker share their imports instead of loading src/ again for each file.
          isolate: false,
        },
      },
      {
        extends: true,
        // Makes the CLI bundle once before the workers start, so parallel CLI tests do not race to make it.
        test: {
          name: 'build',
          include: BUILD_TESTS,
          exclude: NOT_TESTS,
          globalSetup: ['tests/helpers/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: BROWSER_TESTS,
          exclude: NOT_TESTS,
          // Walks of several pages in real Chromium (axe, Tab, clicks) take 15 to 25 s alone: with
          // other runs on the same two cores, 30 s failed them in CI.
          testTimeout: 90_000,
          // Builds the real site once, serves it and starts one Chromium for every browser test.
          globalSetup: ['tests/helpers/browser-setup.ts'],
        },
      },
    ],
  },
});
