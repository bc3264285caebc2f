/** Turns a schema issue into words an editor can act on: what is wrong with which field, and what to do. */
import type { z } from 'zod';
import { isNearName } from '../suggest.ts';

/** How a message names a field, list items counted from 1 as editors count: 'the field "href" of nav.links item 3'. */
export function describeField(path: readonly PropertyKey[]): string {
  const index = path.findLastIndex((segment) => typeof segment === 'number');
  if (index === -1) return `the field "${path.map(String).join('.')}"`;
  const list = path
    .slice(0, index)
    .map((segment) => (typeof segment === 'number' ? `item ${segment + 1}` : String(segment)))
    .join('.');
  const item = `item ${Number(path[index]) + 1}`;
  const rest = path
    .slice(index + 1)
    .map(String)
    .join('.');
  if (rest === '') return list ? `${item} of "${list}"` : item;
  return `the field "${rest}" of ${list ? `${list} ` : ''}${item}`;
}

type Description = { message: string; hint: string };

/** Issues must come from safeParse(data, { reportInput: true }), so that the value found is known. */
export function describeIssue(
  issue: z.core.$ZodIssue,
  fieldPath: readonly PropertyKey[],
  schema: z.ZodType,
  /** What holds the data, for issues about all of it: "file" or "front matter". */
  holder = 'file',
  /** The data checked, so that a list of typed items (home.yaml's sections) names the fields of the item's type. */
  data?: unknown,
): Description {
  const field = describeField(fieldPath);
  const Field = field[0]!.toUpperCase() + field.slice(1);
  const last = fieldPath[fieldPath.length - 1];
  if (issue.code === 'invalid_union' && 'discriminator' in issue && issue.discriminator) {
    return describeDiscriminator(issue as DiscriminatorIssue, Field);
  }
  if (issue.code === 'unrecognized_keys') return describeUnknownField(fieldsAt(schema, issue.path, data), Field, last);
  if (issue.code === 'invalid_type' && fieldPath.length === 0) {
    return describeWholeValue(issue.expected, issue.input, holder, fieldsAt(schema, []));
  }
  if (issue.input === undefined && fieldPath.length > 0) return describeMissing(issue, Field, last);
  if (issue.code === 'invalid_type') return describeWrongType(issue, Field, last);
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return { message: `${Field} must not be empty.`, hint: 'Write the text, or remove the field if it is optional.' };
  }
  if (issue.code === 'too_small' && issue.origin === 'array') {
    return {
      message: `${Field.replace(/^The field/, 'The list')} ${issue.message}.`,
      hint: 'Add at least one item, each on its own "- " line.',
    };
  }
  if (issue.code === 'too_big' && issue.origin === 'array') {
    return {
      message: `${Field.replace(/^The field/, 'The list')} ${issue.message}: it has ${describeLength(issue.input)}.`,
      hint: `Keep at most ${issue.maximum} here; the limit keeps the build of any one file within seconds.`,
    };
  }
  if (issue.code === 'invalid_format' || issue.code === 'invalid_value') {
    return {
      message: `${Field} ${issue.message}, not ${describeValue(issue.input)}.`,
      hint: issue.code === 'invalid_format' ? formatHint(issue.format) : 'Use one of the listed values.',
    };
  }
  // A refinement may bring its own next step (src/advice/switches.ts: the nearest rule name).
  const hint =
    issue.code === 'custom' && typeof issue.params?.hint === 'string'
      ? issue.params.hint
      : 'Correct the value at the marked line.';
  return { message: `${Field} ${issue.message}.`, hint };
}

function describeLength(input: unknown): string {
  return Array.isArray(input) ? `${input.length.toLocaleString('en-US')} items` : 'more than that';
}

/** A field the schema does not have: the nearest allowed name, and all of them. */
function describeUnknownField(allowed: string[], Field: string, last: PropertyKey | undefined): Description {
  const suggestion = allowed.find((name) => isNearName(String(last), name));
  return {
    message: `${Field.replace(/^The field/, 'Unknown field')}: this kind of content has no such field.`,
    hint: suggestion
      ? `Did you mean "${suggestion}"? Allowed fields here: ${allowed.join(', ')}.`
      : `Remove it or correct its spelling. Allowed fields here: ${allowed.join(', ')}.`,
  };
}

/** The whole file (or front matter) is of the wrong shape: a list where fields belong, or text. */
function describeWholeValue(expected: string, input: unknown, holder: string, fields: string[]): Description {
  return {
    message: `The ${holder} must hold ${describeExpected(expected)}, but it holds ${describeValue(input)}.`,
    hint:
      fields.length > 0
        ? `Write its fields, one "name: value" per line: ${fields.join(', ')}.`
        : `Write ${describeExpected(expected)}, one "- " item per line.`,
  };
}

function describeMissing(issue: z.core.$ZodIssue, Field: string, last: PropertyKey | undefined): Description {
  const wanted =
    issue.code === 'invalid_type'
      ? describeExpected(issue.expected)
      : issue.code === 'invalid_value'
        ? `one of ${issue.values.join(', ')}`
        : 'a value';
  return {
    message: `${Field} is missing.`,
    hint: typeof last === 'string' ? `Add "${last}:" with ${wanted}.` : `Add ${wanted}.`,
  };
}

function describeWrongType(
  issue: z.core.$ZodIssueInvalidType,
  Field: string,
  last: PropertyKey | undefined,
): Description {
  const quoted = issue.expected === 'string' && (typeof issue.input === 'number' || typeof issue.input === 'boolean');
  // The schema's own words ("must be a whole number") say more than the type zod checked first.
  const rule = issue.message.startsWith('must ') ? issue.message : `must be ${describeExpected(issue.expected)}`;
  const wanted = rule.startsWith('must be ') ? rule.slice('must be '.length) : describeExpected(issue.expected);
  return {
    message: `${Field} ${rule}, not ${describeValue(issue.input)}.`,
    hint: quoted
      ? `Put the value in double quotes so it stays text exactly as written, e.g. ${String(last)}: "${String(issue.input)}".`
      : issue.input === null
        ? `Write ${wanted} after "${String(last)}:", or remove the line if the field is optional.`
        : `Write ${wanted} here.`,
  };
}

function formatHint(format: string): string {
  if (format === 'url') return 'Write the whole address, starting with https://, e.g. https://example.com/page.';
  if (format === 'email') return 'Write a single address such as hello@example.com, without "mailto:" or spaces.';
  return 'Change the value to the form the message describes.';
}

interface DiscriminatorIssue {
  discriminator: string;
  options: unknown[];
  input?: unknown;
}

/** A typed item whose type is missing or unknown: the types there are, and the nearest one. */
function describeDiscriminator(issue: DiscriminatorIssue, Field: string): { message: string; hint: string } {
  const types = issue.options.map(String);
  const written = (issue.input as Record<string, unknown> | undefined)?.[issue.discriminator];
  if (written === undefined) {
    return {
      message: `${Field} is missing.`,
      hint: `Add "${issue.discriminator}:" with one of ${types.join(', ')}.`,
    };
  }
  const near = types.find((type) => isNearName(String(written), type));
  return {
    message: `${Field} must be one of ${types.join(', ')}, not ${describeValue(written)}.`,
    hint: near
      ? `Did you mean "${near}"? The types are ${types.join(', ')}.`
      : `Use one of ${types.join(', ')}; docs/content.md lists each type's fields.`,
  };
}

type Def = { type?: string; element?: unknown; shape?: Record<string, unknown>; options?: unknown[] } | undefined;

/** Field names an object schema accepts at a data path; a union of typed objects is resolved by the item's `type`. */
function fieldsAt(schema: z.ZodType, path: readonly PropertyKey[], data?: unknown): string[] {
  let current: unknown = schema;
  let value = data;
  for (const segment of [...path, undefined]) {
    current = pickOption(unwrap(current), value);
    if (segment === undefined) break;
    const def = (current as { def?: Def }).def;
    if (def?.type === 'array') current = def.element;
    else if (def?.type === 'object') current = def.shape?.[String(segment)];
    else return [];
    value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[segment] : undefined;
  }
  const def = (current as { def?: Def }).def;
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

function pickOption(schema: unknown, value: unknown): unknown {
  const def = (schema as { def?: Def; _zod?: { propValues?: unknown } } | undefined)?.def;
  if (def?.type !== 'union' || !def.options) return schema;
  const type = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).type : undefined;
  return (
    def.options.find((option) => {
      const shape = (option as { def?: Def }).def?.shape;
      const literal = (shape?.type as { def?: { values?: unknown[] } } | undefined)?.def?.values;
      return literal?.includes(type);
    }) ?? schema
  );
}

function unwrap(schema: unknown): unknown {
  let current = schema as { def?: { type?: string; innerType?: unknown } } | undefined;
  while (
    current?.def &&
    (current.def.type === 'optional' || current.def.type === 'default' || current.def.type === 'nullable')
  ) {
    current = current.def.innerType as typeof current;
  }
  return current;
}

function describeExpected(expected: string): string {
  const words: Record<string, string> = {
    string: 'text',
    number: 'a number',
    int: 'a whole number',
    boolean: 'true or false',
    array: 'a list',
    object: 'a group of fields',
  };
  return words[expected] ?? expected;
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a group of fields';
  if (typeof value === 'string') return value.length > 60 ? `"${value.slice(0, 57)}..."` : `"${value}"`;
  return `${typeof value === 'number' ? 'the number' : 'the value'} ${String(value)}`;
}
