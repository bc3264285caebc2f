import { describe, expect, it } from 'vitest';
import { formatError } from '../../src/errors.ts';
import { formatPageReports } from '../../src/advice/page-report.ts';
import { PROJECT_ROOT } from '../helpers/project.ts';
import { runAdvice } from './run-advice.ts';

describe('content advice on the shipped site', () => {
  it('finds nothing to warn about in content/', async () => {
    const advice = await runAdvice({ root: PROJECT_ROOT });
    expect(advice.warnings.map(formatError)).toEqual([]);
    expect(advice.report.map((page) => page.path)).toEqual([
      '/',
      '/terms',
      '/refund-policy',
      '/privacy-policy',
      '/thanks',
      '/news',
      '/news/ai-assistants-for-small-teams',
      '/news/faster-sites-by-default',
      '/404',
      // The pages at the old paths of content/redirects.yaml.
      '/privacy',
      '/contact',
    ]);
    if (process.env.ADVICE_PRINT) console.log(formatPageReports(advice.report));
  });
});
