/**
 * A zod schema as Decap CMS fields: the widget, `required`, `default` and hint follow from the zod type,
 * `.optional()`, `.default()` and `.describe()`, and strings get a finer widget from what the schema says.
 * Nothing here knows a content kind, so kinds added later get their fields for free.
 */
import { z } from 'zod';
import { publicPath } from '../content/fields.ts';

/** One field of Decap's configuration (https://decapcms.org/docs/widgets/). */
export interface CmsField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  default?: unknown;
  hint?: string;
  options?: Array<string | number>;
  multiple?: boolean;
  value_type?: 'int' | 'float';
  fields?: CmsField[];
  field?: CmsField;
  types?: CmsField[];
  typeKey?: string;
  summary?: string;
  collapsed?: boolean;
  minimize_collapsed?: boolean;
  format?: string;
  date_format?: string;
  time_format?: boolean;
  modes?: readonly string[];
}

/**
 * What a schema says to the CMS besides its description (zod's `.meta()`): `label` when its key does not say
 * it ("FAQ"), `editor: 'date'` for a calendar, `editor: 'developer'` for a switch kept out of the form.
 */
export interface EditorMeta {
  label?: string;
  editor?: 'date' | 'developer';
}

type Schema = z.core.$ZodType;
interface Def {
  type: string;
  innerType?: Schema;
  element?: Schema;
  shape?: Record<string, Schema>;
  options?: Schema[];
  entries?: Record<string, string>;
  values?: unknown[];
  defaultValue?: unknown;
  discriminator?: string;
  format?: string;
  in?: Schema;
  checks?: Array<{ _zod: { def: { check: string; pattern?: RegExp; format?: string } } }>;
}

const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const describedAs = (schema: Schema): string | undefined => (schema as { description?: string }).description;
const metaOf = (schema: Schema): EditorMeta => (z.globalRegistry.get(schema as z.ZodType) ?? {}) as EditorMeta;

/** The regular expression that makes a string a path inside public/. */
const IMAGE_PATTERN = defOf(publicPath).checks?.[0]?._zod.def.pattern?.source;

/** Keys whose values are sentences, not a line: edited in a text area. */
const LONG_TEXT = new Set(['text', 'intro', 'description', 'quote', 'tagline', 'answer', 'mailNote', 'sent', 'failed']);

/** What a schema is once its wrappers (optional, default, pipe) are taken off, and what they said. */
export function unwrap(schema: Schema): {
  inner: Schema;
  optional: boolean;
  defaultValue?: unknown;
  hint?: string;
  meta: EditorMeta;
} {
  let inner = schema;
  let optional = false;
  let defaultValue: unknown;
  let hint = describedAs(schema);
  const meta: EditorMeta = {};
  for (;;) {
    const own = metaOf(inner);
    meta.label ??= own.label;
    meta.editor ??= own.editor;
    const def = defOf(inner);
    if (def.type === 'optional' || def.type === 'nullable') optional = true;
    else if (def.type === 'default' || def.type === 'prefault') {
      optional = true;
      defaultValue = def.defaultValue;
    } else if (def.type !== 'pipe' && def.type !== 'readonly') break;
    inner = (def.innerType ?? def.in)!;
    hint ??= describedAs(inner);
  }
  return { inner, optional, defaultValue, hint, meta };
}

/** The fields of an object schema, in the schema's order; `skip` leaves some out (a union's tag). */
export function fieldsOf(schema: Schema, skip: readonly string[] = []): CmsField[] {
  const shape = defOf(schema).shape ?? {};
  return Object.entries(shape)
    .filter(([name]) => !skip.includes(name))
    .map(([name, field]) => fieldOf(name, field));
}

/** One named field. */
export function fieldOf(name: string, schema: Schema): CmsField {
  const { inner, optional, defaultValue, hint, meta } = unwrap(schema);
  const widget = meta.editor === 'developer' ? { widget: 'hidden' } : meta.editor === 'date' ? DATE : undefined;
  const field: CmsField = { name, label: meta.label ?? labelOf(name), ...(widget ?? widgetOf(name, inner, hint)) };
  if (optional) {
    field.required = false;
    // Decap asks for an absent optional object's required fields too (site.yaml's hsts, cms): the
    // schema, run in the browser before saving, still asks for them when the object is there.
    if (field.fields) field.fields = field.fields.map(optionalField);
  }
  if (defaultValue !== undefined) field.default = defaultValue;
  // A new entry's date is today's, not an empty box.
  else if (field.widget === 'datetime' && !optional) field.default = '{{now}}';
  if (hint) field.hint = hint;
  return field;
}

function optionalField(field: CmsField): CmsField {
  return { ...field, required: false, ...(field.fields ? { fields: field.fields.map(optionalField) } : {}) };
}

function widgetOf(name: string, schema: Schema, hint: string | undefined): Omit<CmsField, 'name' | 'label'> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringWidget(name, def, hint);
    case 'number':
      return { widget: 'number', value_type: 'int' };
    case 'boolean':
      return { widget: 'boolean' };
    case 'date':
      return DATE;
    case 'enum':
      return { widget: 'select', options: Object.values(def.entries ?? {}) };
    case 'literal':
      return { widget: 'select', options: (def.values ?? []).map(String) };
    case 'object':
      return { widget: 'object', fields: fieldsOf(schema), collapsed: false };
    case 'array':
      return listOf(name, def.element!);
    case 'union': {
      // A choice of values (redirects' status: 301 or 302) is a select of them, numbers kept numbers.
      const options = def.options ?? [];
      const values = options.map((option) => defOf(option)).filter((option) => option.type === 'literal');
      if (values.length > 0 && values.length === options.length)
        return {
          widget: 'select',
          options: values.flatMap((option) => (option.values ?? []) as Array<string | number>),
        };
      return { widget: 'object', fields: options[0] ? fieldsOf(options[0]) : [] };
    }
    default:
      // A type with no widget of its own (a record, say) is edited as written.
      return { widget: 'code' };
  }
}

/** Markdown edited as written; the preview pane shows it rendered. */
export const MARKDOWN = { widget: 'markdown', modes: ['raw'] } as const;

/** A date as YAML writes one (2026-05-01): what content files hold, not a timestamp. */
const DATE = { widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false } as const;

function stringWidget(name: string, def: Def, hint: string | undefined): Omit<CmsField, 'name' | 'label'> {
  // A format string (z.iso.date(), z.email()) carries its format on itself; refinements in checks.
  const checks = [def, ...(def.checks ?? []).map((check) => check._zod.def)] as Array<{
    pattern?: RegExp;
    format?: string;
  }>;
  if (checks.some((check) => check.format === 'date')) return DATE;
  if (checks.some((check) => check.format === 'datetime')) return { widget: 'datetime' };
  if (IMAGE_PATTERN !== undefined && checks.some((check) => check.pattern?.source === IMAGE_PATTERN))
    return { widget: 'image' };
  // The text as typed: Decap's rich-text mode escapes Markdown the editor writes (\[a](b)).
  if (hint?.includes('Markdown')) return MARKDOWN;
  return { widget: LONG_TEXT.has(name) ? 'text' : 'string' };
}

/** A list: of plain values (one field), of objects (their fields), or of typed blocks (`types`). */
function listOf(name: string, element: Schema): Omit<CmsField, 'name' | 'label'> {
  const { inner } = unwrap(element);
  const def = defOf(inner);
  if (def.type === 'union' && def.discriminator) {
    const key = def.discriminator;
    const types = (def.options ?? []).map((option) => {
      const tagSchema = defOf(option).shape![key]!;
      const tag = defOf(tagSchema).values![0] as string;
      const hint = describedAs(tagSchema);
      const label = metaOf(tagSchema).label ?? labelOf(tag);
      const fields = fieldsOf(option, [key]);
      const named = fields.find((field) => NAMING_FIELDS.includes(field.name));
      return {
        name: tag,
        label,
        widget: 'object',
        ...(hint ? { hint } : {}),
        // Two sections of a type tell apart by their headings in the list.
        ...(named
          ? {
              summary: `${label}: {{fields.${named.name}${named.required === false ? " | default('no heading')" : ''}}}`,
            }
          : {}),
        fields,
      };
    });
    return { widget: 'list', typeKey: key, types, collapsed: true };
  }
  if (def.type === 'object') return { widget: 'list', fields: fieldsOf(inner), collapsed: true };
  // Each value is labelled as one of the list ("Feature" in Features), not "Item".
  const one = labelOf(name.replace(/(?<=[^s])s$/, ''));
  return { widget: 'list', field: { ...fieldOf('item', element), label: one }, collapsed: false };
}

/** The fields that name a block for people, first found first. */
const NAMING_FIELDS = ['heading', 'headline', 'title', 'name'];

/** A key as a label: `quickLinksHeading` is "Quick links heading". */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
