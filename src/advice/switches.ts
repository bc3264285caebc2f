/**
 * Turning rules off: `advice: { off: [title-length, ...] }` in content/site.yaml (the whole site)
 * or in a file's front matter (warnings that point into that file). The schema part lives here so
 * that src/content/schema.ts only names it; an unknown rule name fails validation at its line.
 */
import { z } from 'zod';
import { atMost, LIST_LIMITS } from '../content/fields.ts';
import { RULES, RULE_NAMES, type RuleName } from './rules.ts';

/** A rule by its name (title-length) or by its warning's code (TitleLength), as the terminal shows it. */
const byName = new Map<string, RuleName>(
  RULE_NAMES.flatMap(
    (name) =>
      [
        [name, name],
        [RULES[name].code.toLowerCase(), name],
      ] as const,
  ),
);

export function findRule(written: string): RuleName | undefined {
  return byName.get(written) ?? byName.get(written.toLowerCase());
}

const ruleName = z.string().superRefine((written, context) => {
  if (findRule(written)) return;
  const guess = nearestRule(written);
  context.addIssue({
    code: 'custom',
    message: `names no content-advice rule: there is no rule "${written}"`,
    params: { hint: `${guess ? `Did you mean ${guess}? ` : ''}The rules are: ${RULE_NAMES.join(', ')}.` },
  });
});

/** `advice:` in the site file and in front matter. */
// A developer's switch: the CMS keeps it out of the editor's form (and keeps its value).
export const adviceSwitchSchema = z
  .strictObject({ off: z.array(ruleName).max(LIST_LIMITS.rules, atMost(LIST_LIMITS.rules, 'rules')) })
  .optional()
  .meta({ editor: 'developer' });

export type AdviceSwitch = z.infer<typeof adviceSwitchSchema>;

/** The rules turned off for the whole site, and per content file (path as in warnings). */
export interface AdviceSwitches {
  site?: AdviceSwitch;
  files?: ReadonlyMap<string, AdviceSwitch>;
}

/** Whether a rule is off for the whole site or for the file a finding points into. */
export function createSwitchFilter(switches: AdviceSwitches): (rule: RuleName, file: string | undefined) => boolean {
  const siteOff = offRules(switches.site);
  const fileOff = new Map<string, Set<RuleName>>();
  for (const [file, value] of switches.files ?? []) if (value) fileOff.set(file, offRules(value));
  return (rule, file) => siteOff.has(rule) || (file !== undefined && fileOff.get(file)?.has(rule) === true);
}

function offRules(value: AdviceSwitch): Set<RuleName> {
  const rules = new Set<RuleName>();
  for (const written of value?.off ?? []) {
    const rule = findRule(written);
    if (rule) rules.add(rule);
  }
  return rules;
}

/** The rule name closest to a misspelt one (edit distance at most a third of its length), if any. */
export function nearestRule(written: string): RuleName | undefined {
  const plain = written.toLowerCase().replace(/[^a-z0-9]/g, '');
  let best: RuleName | undefined;
  let bestDistance = Math.max(2, Math.floor(plain.length / 3)) + 1;
  for (const name of RULE_NAMES) {
    const distance = editDistance(plain, name.replace(/-/g, ''));
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  return best;
}

/** Edits between two names, a swap of neighbours counting as one (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}
