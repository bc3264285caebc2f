/** Every page of the real build passes html-validate's recommended rules with zero errors. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { expect, it } from 'vitest';
import { servedSite } from './helpers/built-site.ts';
import { HTML_VALIDATE_CONFIG } from './helpers/html-validate-config.ts';

it('builds pages that pass html-validate\u2019s recommended rules with zero errors', async () => {
  const { outDir } = servedSite();
  const files = (await readdir(outDir, { recursive: true })).filter((file) => file.endsWith('.html')).sort();
  expect(files.length).toBeGreaterThanOrEqual(5);
  const validator = new HtmlValidate(HTML_VALIDATE_CONFIG);
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const file of files) {
    const report = await validator.validateString(await readFile(path.join(outDir, file), 'utf8'), file);
    for (const message of report.results.flatMap((result) => result.messages)) {
      const line = `${file}:${message.line}:${message.column} ${message.ruleId}: ${message.message} (${message.selector ?? ''})`;
      (message.severity >= 2 ? errors : warnings).push(line);
    }
  }
  if (warnings.length > 0) console.log(`html-validate warnings:\n${warnings.join('\n')}`);
  expect(errors).toEqual([]);
});
