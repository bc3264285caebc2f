/**
 * bench/budgets.js, the budget check of issue 23, on small inputs only (the full sizes are for
 * `npm run bench:budgets`): it runs, reports every input within its bounds, and exits 0.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/project.ts';

it('passes its bounds on small inputs, and says so for each', async () => {
  const inputs = ['yaml-keys', 'raw-html-nesting', 'svg-embedded-raster'];
  const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(PROJECT_ROOT, 'bench', 'budgets.js'), '--small', '--only', inputs.join(',')],
      { cwd: PROJECT_ROOT, timeout: 240_000 },
      (error, out) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out }),
    );
  });
  expect(stdout).toMatch(/^ok {3}baseline /m);
  for (const input of inputs) expect(stdout).toMatch(new RegExp(`^ok {3}${input} \\(\\d+ KB\\): .* exit 1`, 'm'));
  expect(code).toBe(0);
}, 300_000);
