/** commander: commands and flags -> Options; prints results and errors; sets the exit code. */
import { Command, CommanderError, Option } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { resolveConfig, type Options } from './config.ts';
import { SiteError, toSiteErrors } from './errors.ts';
import { formatBytes, log } from './log.ts';

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
    .option('--base <path>', 'path prefix of every link, for sub-folder deploys', '/')
    .option('--site-url <url>', 'absolute site URL for canonical links (default: url in content/site.yaml)')
    .addOption(new Option('--format <format>', 'URL policy: /terms -> terms.html, or /terms/ -> terms/index.html').choices(['file', 'directory']).default('file'))
    .option('--allow-html', 'keep raw HTML written in Markdown (default: sanitized away)')
    .option('--verbose', 'print the time of each build stage')
    .option('--no-cache', 'build everything anew, without reading or writing the build cache (.cache/agency-site)')
    .option('--threads <number>', 'worker threads for Markdown besides the main thread (default: one per other core)');

siteOptions(program.command('build').description('build the site into the output folder'))
  .action(async (options: Options) => {
    const { buildSite } = await import('./build.ts');
    const config = resolveConfig(options);
    const result = await buildSite(config);
    log.siteWarnings(result.warnings);
    log.info(`Built ${result.pages} pages, ${result.files} files, ${formatBytes(result.bytes)} into ${config.outDir} in ${result.milliseconds} ms.`);
    log.verbose(config.verbose, `stages (ms): ${JSON.stringify(result.stages)}`);
    log.verbose(config.verbose, `made anew (not cached): ${JSON.stringify(result.computed)}; Markdown worker threads: ${result.workers}`);
    if (process.env.AGENCY_SITE_REPORT_MEMORY) log.verbose(true, `maxRSS (KB): ${process.resourceUsage().maxRSS}`);
  });

siteOptions(program.command('check').description('verify content, links, anchors and assets without touching the output folder'))
  .action(async (options: Options) => {
    const { buildSite } = await import('./build.ts');
    const config = resolveConfig(options);
    const result = await buildSite(config, { write: false });
    log.siteWarnings(result.warnings);
    const warnings = result.warnings.length === 0 ? 'no problems' : `no errors, ${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'}`;
    log.info(`Checked ${result.pages} pages and ${result.files} files in ${result.milliseconds} ms: ${warnings}.`);
    log.verbose(config.verbose, `stages (ms): ${JSON.stringify(result.stages)}`);
  });

siteOptions(program.command('dev').description('build, serve with live reload, and rebuild on every change'))
  .option('--port <number>', 'port to listen on (the next free one if busy)', '4321')
  .option('--host <address>', 'address to listen on; 0.0.0.0 exposes it to the network', '127.0.0.1')
  .option('--open', 'open the site in the default browser')
  .action(async (options: Options & { port: string; host: string; open?: boolean }) => {
    const { startDevServer } = await import('./dev/dev.ts');
    await startDevServer(resolveConfig(options), { port: parsePort(options.port), host: options.host, open: options.open ?? false });
  });

program
  .command('preview')
  .description('serve a built output folder as a static host would')
  .option('--root <dir>', 'project folder', '.')
  .option('--out <dir>', 'output folder to serve, relative to --root', 'dist')
  .option('--base <path>', 'path prefix the site was built with', '/')
  .option('--port <number>', 'port to listen on (the next free one if busy)', '4322')
  .option('--host <address>', 'address to listen on', '127.0.0.1')
  .action(async (options: Options & { port: string; host: string }) => {
    const { startPreviewServer } = await import('./dev/preview.ts');
    await startPreviewServer(resolveConfig(options), { port: parsePort(options.port), host: options.host });
  });

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SiteError({ code: 'UsageError', message: `--port must be a number from 0 to 65535, not "${value}".` });
  }
  return port;
}

try {
  await program.parseAsync(process.argv);
} catch (thrown) {
  process.exitCode = handle(thrown);
}

function handle(thrown: unknown): number {
  if (thrown instanceof CommanderError) {
    return thrown.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  const errors = toSiteErrors(thrown);
  if (!errors) {
    log.internal(thrown);
    return EXIT.siteError;
  }
  log.siteErrors(errors);
  return errors.every((error) => error.code === 'UsageError') ? EXIT.usage : EXIT.siteError;
}
