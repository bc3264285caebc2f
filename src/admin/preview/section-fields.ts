/**
 * Reading an entry as the CMS holds it: any field may be missing or half-typed while
 * the editor works, so each read falls back to what a component can still draw.
 */
import type { Link } from '../../../templates/api.ts';
import { type PreviewData, sitePath } from './data.ts';

export type Fields = Record<string, unknown>;

export const text = (value: unknown) => (typeof value === 'string' ? value : '');
export const optional = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
export const items = (value: unknown): Fields[] => (Array.isArray(value) ? (value as Fields[]) : []);
export const fieldsOf = (value: unknown): Fields => (value && typeof value === 'object' ? (value as Fields) : {});

/** A button of a section: its words and where it leads, with the base in front of a site path. */
export function linkOf(data: PreviewData, value: unknown, field = 'href'): Link {
  const fields = fieldsOf(value);
  return { label: text(fields.label), href: sitePath(data, text(fields[field]) || '#') };
}
