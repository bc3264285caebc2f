/** commander: commands and flags -> Options; prints results and errors; sets the exit code. */
import { Command, CommanderError, Option } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { resolveConfig, type Options } from './config.ts';
import { createError, toSiteErrors } from './errors.ts';
import { formatBytes, log } from './log.ts';
import { defaultReporter, REPORTERS, type ReporterName } from './reporters.ts';

export const EXIT = { ok: 0, siteError: 1, usage: 2 } as const;

const program = new Command('agency-site')
  .description('Builds the agency marketing site from content/ (Markdown and YAML) and templates/ (React).')
  .version(packageJson.version, '-v, --version', 'print the version')
  .helpOption('-h, --help', 'show help')
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride()
  .configureHelp({ helpWidth: 100 });

const siteOptions = (command: Command) =>
  command
    .option('--root <dir>', 'project folder holding content/, templates/ and public/', '.')
    .option('--out <dir>', 'output folder, relative to --root', 'dist')
    .option(
      '--base <path>',
      'path prefix of every link, for sub-folder deploys (default: the path of the site URL, else /)',
    )
    .option('--site-url <url>', 'absolute site URL for canonical links (default: url in content/site.yaml)')
    .addOption(
      new Option('--format <format>', 'URL policy: /terms -> terms.html, or /terms/ -> terms/index.html')
        .choices(['file', 'directory'])
        .default('file'),
    )
    .option('--allow-html', 'keep raw HTML written in Markdown (default: sanitized away)')
    .option('--allow-scripts', 'trusted repository: publish scripts and scripted pages from public/ (default: refused)')
    .option('--verbose', 'print the time of each build stage')
    .option('--no-cache', 'build everything anew, without reading or writing the build cache (.cache/agency-site)')
    .option('--threads <number>', 'worker threads for Markdown besides the main thread (default: idle cores less one)')
    .option('--drafts', 'include news posts marked draft: true, with a "Draft" badge (dev always does)')
    .option('--future', 'include news posts dated later than now, with a "Scheduled" badge (dev always does)')
    .option(
      '--now <time>',
      'judge drafts and scheduled posts at this time, such as 2026-03-01T09:00:00Z (default: AGENCY_SITE_NOW, else the clock)',
    );

/** How build and check report: for people, for GitHub's pull-request view, or for tools. */
type ReportOptions = { strict?: boolean; quiet?: boolean; report?: boolean; reporter: ReporterName };
const reportOptions = (command: Command) =>
  command
    .option('--strict', 'treat warnings as errors: exit 1 when there is any (for CI)')
    .option('--report', 'print a content summary per page: title, description, headings, words, images, warnings')
    .option('--quiet', 'print only problems, no summary')
    .addOption(
      new Option(
        '--reporter <name>',
        'terminal; github adds workflow annotations; json prints one JSON document on stdout',
      )
        .choices([...REPORTERS])
        .default(
          defaultReporter(process.env),
          defaultReporter(process.env) === 'github' ? 'github under GITHUB_ACTIONS' : 'terminal',
        ),
    );

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

reportOptions(siteOptions(program.command('build').description('build the site into the output folder'))).action(
  async (options: Options & ReportOptions) => {
    const config = resolveConfig(options);
    // --strict fails on warnings inside the pipeline, before anything is written (DESIGN.md).
    // The pipeline is imported here, so --help and --version do not load it.
    const { buildSite } = await import('./build.ts');
    const result = await buildSite(config, { strict: options.strict, report: options.report });
    log.siteWarnings(result.warnings);
    log.pageReport(result.report);
    log.info(
      `Built ${result.pages} pages, ${result.files} files, ${formatBytes(result.bytes)} into ${config.outDir} in ${result.milliseconds} ms.`,
    );
    log.verbose(config.verbose, `stages (ms): ${JSON.stringify(result.stages)}`);
    log.verbose(
      config.verbose,
      `made anew (not cached): ${JSON.stringify(result.computed)}; Markdown worker threads: ${result.workers}`,
    );
    if (process.env.AGENCY_SITE_REPORT_MEMORY) log.verbose(true, `maxRSS (KB): ${process.resourceUsage().maxRSS}`);
    log.summary({
      command: 'build',
      ok: true,
      pages: result.pages,
      files: result.files,
      bytes: result.bytes,
      milliseconds: result.milliseconds,
    });
  },
);

reportOptions(
  siteOptions(
    program
      .command('check')
      .description('verify content, links, anchors and assets without touching the output folder')
      .option(
        '--against <sitemap>',
        "warn for each page a sitemap.xml lists (a file, or an http(s) URL such as the live site's) that is gone without a redirect",
      ),
  ),
).action(async (options: Options & ReportOptions & { against?: string }) => {
  const { buildSite } = await import('./build.ts');
  const config = resolveConfig(options);
  const { loadSitemapPages } = await import('./redirects/sitemap.ts');
  const previous = options.against ? await loadSitemapPages(options.against, { base: config.base }) : undefined;
  const result = await buildSite(config, { write: false, strict: options.strict, report: options.report, previous });
  log.siteWarnings(result.warnings);
  log.pageReport(result.report);
  const warnings = result.warnings.length;
  log.info(
    `Checked ${result.pages} pages and ${result.files} files in ${result.milliseconds} ms: ${warnings === 0 ? 'no problems' : `no errors, ${plural(warnings, 'warning')}`}.`,
  );
  log.verbose(config.verbose, `stages (ms): ${JSON.stringify(result.stages)}`);
  log.summary({
    command: 'check',
    ok: true,
    pages: result.pages,
    files: result.files,
    milliseconds: result.milliseconds,
  });
});

siteOptions(program.command('dev').description('build, serve with live reload, and rebuild on every change'))
  .option('--port <number>', 'port to listen on (the next free one if busy)', '4321')
  .option('--host <address>', 'address to listen on; 0.0.0.0 exposes it to the network', '127.0.0.1')
  .option('--open', 'open the site in the default browser')
  .action(async (options: Options & { port: string; host: string; open?: boolean }) => {
    const { startDevServer } = await import('./dev/dev.ts');
    // dev shows every post, drafts and scheduled ones with their badge.
    await startDevServer(resolveConfig({ ...options, drafts: true, future: true }), {
      port: parsePort(options.port),
      host: options.host,
      open: options.open ?? false,
    });
  });

program
  .command('preview')
  .description('serve a built output folder as a static host would')
  .option('--root <dir>', 'project folder', '.')
  .option('--out <dir>', 'output folder to serve, relative to --root', 'dist')
  .option('--base <path>', 'path prefix the site was built with (default: the path of the site URL, else /)')
  .option('--port <number>', 'port to listen on (the next free one if busy)', '4322')
  .option('--host <address>', 'address to listen on', '127.0.0.1')
  .action(async (options: Options & { port: string; host: string }) => {
    const { startPreviewServer } = await import('./dev/preview.ts');
    await startPreviewServer(resolveConfig(options), { port: parsePort(options.port), host: options.host });
  });

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw createError('UsageError', { flag: '--port', value });
  }
  return port;
}

// The reporter is known once the command's flags are parsed, before its action runs.
let command = '';
program.hook('preAction', (_program, action) => {
  command = action.name();
  const options = action.opts<Partial<ReportOptions>>();
  log.configure({
    reporter: options.reporter ?? 'terminal',
    quiet: options.quiet ?? false,
    strict: options.strict ?? false,
  });
});

// A promise, not a top-level await: the launcher runs this module as a script on Node 20 (to keep
// V8's compiled code between runs, src/script-cache.js), and a script has no top-level await.
program.parseAsync(process.argv).catch((thrown: unknown) => {
  process.exitCode = handle(thrown);
});

function handle(thrown: unknown): number {
  if (thrown instanceof CommanderError) {
    return thrown.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  const errors = toSiteErrors(thrown);
  if (!errors) {
    log.internal(thrown);
    log.summary({ command, ok: false, internalError: thrown instanceof Error ? thrown.message : String(thrown) });
    return EXIT.siteError;
  }
  log.siteErrors(errors);
  log.summary({ command, ok: false });
  // The warnings found in the same run come with the errors; the errors decide the exit code.
  const failing = errors.filter((error) => error.severity === 'error');
  return failing.length > 0 && failing.every((error) => error.code === 'UsageError') ? EXIT.usage : EXIT.siteError;
}
