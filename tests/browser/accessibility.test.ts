/** axe-core in Chromium on every page, at desktop and phone widths: no serious or critical violation. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, describeInBrowser, type Visit } from '../helpers/browser.ts';
import { loadSiteContent } from '../helpers/site-content.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const BLOCKING = new Set(['serious', 'critical']);

const { pages } = await loadSiteContent();
const everyPage = [...pages.map((route) => route.path), '/missing-page'];
// On the phone, one page per template: the legal pages differ only in their words.
const onePerTemplate = [...new Map(pages.map((route) => [route.page.kind, route.path])).values(), '/missing-page'];

interface Finding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

async function audit({ page }: Visit, path: string): Promise<{ violations: Finding[]; incomplete: Finding[] }> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const results = await page.evaluate(() => (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run());
  const findings = (list: AxeResults['violations']) =>
    list.map((result) => ({
      page: path,
      rule: result.id,
      impact: result.impact ?? 'unknown',
      help: result.help,
      targets: result.nodes.map((node) => node.target.join(' ')),
    }));
  return { violations: findings(results.violations), incomplete: findings(results.incomplete) };
}

function report(title: string, findings: Finding[], impact: (finding: Finding) => string): void {
  if (findings.length === 0) return;
  const lines = findings.map(
    (finding) =>
      `  ${finding.page} [${impact(finding)}] ${finding.rule}: ${finding.help} (${finding.targets.length}: ${finding.targets.slice(0, 3).join(', ')})`,
  );
  console.log(`${title}\n${lines.join('\n')}`);
}

const devices = [
  { device: 'desktop', viewport: DESKTOP, paths: everyPage },
  { device: '375 pixel phone', viewport: PHONE, paths: onePerTemplate },
];

for (const { device, viewport, paths } of devices) {
  // bypassCSP: the audit injects axe as an inline script, which a Content-Security-Policy may forbid.
  describeInBrowser(`accessibility on a ${device}`, { viewport, bypassCSP: true }, ({ visit }) => {
    it(`has no serious or critical axe violation on ${paths.length} pages, and prints the rest`, async () => {
      const violations: Finding[] = [];
      const incomplete: Finding[] = [];
      const record = (result: { violations: Finding[]; incomplete: Finding[] }) => {
        violations.push(...result.violations);
        incomplete.push(...result.incomplete);
      };
      for (const path of paths) {
        await visit().goto(path);
        record(await audit(visit(), path));
      }
      // The phone's menu, opened: its links are only in the page's layout then.
      const toggle = visit().page.locator('.menu-toggle');
      await visit().goto('/');
      if (await toggle.isVisible()) {
        await toggle.click();
        record(await audit(visit(), '/ (menu open)'));
      }
      const minor = violations.filter((finding) => !BLOCKING.has(finding.impact));
      report(`axe (${device}): minor and moderate violations`, minor, (finding) => finding.impact);
      report(
        `axe (${device}): for a human to check (axe could not decide)`,
        incomplete,
        (finding) => `${finding.impact} if it fails`,
      );
      expect(violations.filter((finding) => BLOCKING.has(finding.impact))).toEqual([]);
    });
  });
}
