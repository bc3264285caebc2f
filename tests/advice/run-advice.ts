/**
 * The content advice over a real project, through the real pipeline: buildSite without writing,
 * with the per-page report. Its warnings are every warning of the build (advice and the others).
 */
import { buildSite } from '../../src/build.ts';
import { resolveConfig, type Options } from '../../src/config.ts';
import type { SiteError } from '../../src/errors.ts';
import type { PageReport } from '../../src/advice/page-report.ts';

export async function runAdvice(options: Options): Promise<{ warnings: SiteError[]; report: PageReport[] }> {
  const config = resolveConfig({ cache: false, threads: 0, ...options });
  const result = await buildSite(config, { write: false, report: true });
  return { warnings: result.warnings, report: result.report! };
}
