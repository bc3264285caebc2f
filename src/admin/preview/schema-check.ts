/**
 * The entry's own schema, run in the browser on Decap's preSave: what the loader would refuse in this entry
 * alone is said before anything is sent, with GitHub as with the local backend. Links across the site need
 * the whole site: `agency-site dev` judges those (src/admin/verdict.ts), and CI does with GitHub.
 */
import type { z } from 'zod';
import { KINDS } from '../../content/kinds.ts';
import { labelOf } from '../widgets.ts';

/** The problems of an entry of a collection (a folder kind's name, or a file kind's under "site"). */
export function checkEntry(name: string, data: Record<string, unknown>, listField: string): string[] {
  const kind = (KINDS as Record<string, { schema: z.ZodType; body: string; file?: string }>)[name];
  if (!kind) return [];
  const { body: _body, ...fields } = data;
  const isList =
    kind.schema.def.type === 'array' || (kind.schema.def as { innerType?: z.ZodType }).innerType?.def.type === 'array';
  const value = isList ? (fields[listField] ?? []) : withoutDates(fields);
  const result = kind.schema.safeParse(value);
  if (result.success) return [];
  // One mistake, one message: a field's first issue (a date in words fails its form and its calendar check).
  const seen = new Set<string>();
  return result.error.issues.flatMap((issue) => {
    const where = issue.path.map((step) => (typeof step === 'number' ? `item ${step + 1}` : labelOf(String(step))));
    const key = where.join(' > ');
    if (seen.has(key)) return [];
    seen.add(key);
    return [`${key || 'This entry'}: ${issue.message}.`];
  });
}

/** Dates as content files write them (Decap's YAML reader may hand a Date over). */
function withoutDates(value: unknown): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(value, (_key, item: unknown) =>
      typeof item === 'string' && /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/.test(item) ? item.slice(0, 10) : item,
    ),
  ) as Record<string, unknown>;
}
