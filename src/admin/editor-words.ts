/**
 * formatForEditor(found, context): a problem of the build said again for an editor in the CMS:
 * which entry and which field (by the labels the CMS shows, from src/admin/cms-config.ts), what is
 * wrong and what to do, without file names, lines or element ids. The field is found from the
 * problem's line in the file: the YAML node there, as a path of keys and list positions.
 */
import { isMap, isPair, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import type { CmsField } from './widgets.ts';
import type { FoundProblem } from './verdict.ts';

/** A problem as the CMS shows it. */
export interface EditorProblem {
  severity: 'error' | 'warning';
  /** The whole sentence: where, what, and what to do. */
  message: string;
  /** The entry it is in, as the CMS names it ("Site settings", "News: Faster sites, by default"). */
  entry?: string;
  /** The entry's file, relative to the project. */
  file?: string;
  /** Whether it is in an entry this save writes. */
  saved: boolean;
  /** The field's path in the entry (keys and list positions), and its labels ("Navigation > Links > 3"). */
  path?: Array<string | number>;
  field?: string;
  code: string;
}

/** An entry of the CMS: its label and its fields. */
export interface CmsEntry {
  label: string;
  fields: CmsField[];
  /** A folder's entries are named by this field (title). */
  identifier?: string;
}

export interface EditorContext {
  /** The CMS's entry for a project file (content/site.yaml, content/news/x.md). */
  entryOf(file: string): CmsEntry | undefined;
  /** A file's text as the save would leave it. */
  textOf(file: string): string | undefined;
  /** The files this save writes. */
  saved: ReadonlySet<string>;
}

export function formatForEditor(found: FoundProblem, context: EditorContext): EditorProblem {
  const { error, file } = found;
  const entry = file ? context.entryOf(file) : undefined;
  const text = file ? context.textOf(file) : undefined;
  const data = text === undefined || file === undefined ? undefined : dataOf(text, file);
  const inBody =
    data !== undefined && error.line !== undefined && data.bodyLine !== undefined && error.line >= data.bodyLine;
  const path = inBody
    ? ['body']
    : data && error.line !== undefined
      ? pathAt(data.document, data.offsetOf(error.line, error.column))
      : [];
  const name = entry && data ? entryName(entry, data.document.toJS()) : undefined;
  const field = entry && path.length > 0 ? labelsOf(entry.fields, path, data!.document.toJS()) : undefined;
  const saved = file !== undefined && context.saved.has(file);
  const where = [saved ? undefined : name, field].filter(Boolean).join(' > ');
  const facts = (error.facts ?? {}) as Record<string, unknown>;
  const message = sentenceOf(error.code, facts, { where, saved, message: error.message, hint: error.hint });
  return {
    severity: error.severity,
    message,
    ...(name ? { entry: name } : {}),
    ...(file ? { file } : {}),
    saved,
    ...(path.length > 0 ? { path } : {}),
    ...(field ? { field } : {}),
    code: error.code,
  };
}

function sentenceOf(
  code: string,
  facts: Record<string, unknown>,
  { where, saved, message, hint }: { where: string; saved: boolean; message: string; hint?: string },
): string {
  // A link in a list ("Navigation > Links > 3 (About) > Link") is named by its item: the link "About" in ...
  const item = /^(.*?) > \d+(?: \(([^)]*)\))?(?: > [^>]*)?$/.exec(where);
  const subject = item?.[2] ? `The link "${item[2]}" in ${item[1]}` : where || (saved ? 'This entry' : 'Another entry');
  const removeLink = `or remove that link in ${item?.[1] ?? (where || 'that entry')}`;
  switch (code) {
    case 'BrokenAnchor': {
      const id = String(facts.id ?? '');
      const target = String(facts.target ?? '');
      const section = target === '/' ? `the ${wordsOf(id)} section` : `the part "${id}" of ${target}`;
      return saved
        ? `${subject} points to ${section}, which does not exist: link to a section the page has, or add one with the anchor "${id}".`
        : `${subject} points to ${section}, which this change removes: put the section back, ${removeLink}.`;
    }
    case 'BrokenLink': {
      const value = String(facts.value ?? '');
      return saved
        ? `${subject} points to "${value}", which is no page of this site: link to an existing page, such as ${listOf(facts.nearest)}.`
        : `${subject} points to "${value}", which this change removes: keep that page, ${removeLink}.`;
    }
    case 'MissingAsset':
      return `${subject} shows "${String(facts.value ?? '')}", which is not a file of the site: upload it, or choose another file.`;
    case 'FrontmatterInvalid':
    case 'YamlInvalid':
      // The schema's own words, the field named by its label instead of its key.
      return `${subject}: ${message.replace(/^The field "[^"]*" /, '').replace(/^The field /, '')}`;
    default:
      return `${subject}: ${message}${hint ? ` ${hint}` : ''}`;
  }
}

/** An anchor as words: `about` is "About", `hero-stats` "Hero stats". */
function wordsOf(id: string): string {
  const words = id.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function listOf(values: unknown): string {
  return Array.isArray(values) && values.length > 0 ? values.slice(0, 3).join(', ') : '/';
}

/** The YAML of a file (a Markdown file's front matter) and how its lines map to offsets. */
function dataOf(text: string, file: string) {
  const markdown = file.endsWith('.md');
  const front = markdown ? /^---\r?\n([\s\S]*?)\r?\n---/.exec(text) : null;
  const yaml = markdown ? (front?.[1] ?? '') : text;
  const lineOffset = markdown ? 1 : 0;
  const starts = [0];
  for (let index = 0; index < yaml.length; index++) if (yaml[index] === '\n') starts.push(index + 1);
  return {
    /** A Markdown file's first line after its front matter: a problem there is in the text (`body`). */
    bodyLine: front ? front[0].split('\n').length + 1 : undefined,
    document: parseDocument(yaml),
    offsetOf: (line: number, column = 1) => (starts[line - 1 - lineOffset] ?? yaml.length) + column - 1,
  };
}

/** The keys and positions that lead to the deepest node at `offset`. */
function pathAt(document: ReturnType<typeof parseDocument>, offset: number): Array<string | number> {
  const path: Array<string | number> = [];
  let node: unknown = document.contents;
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && covers(item.key, item.value, offset));
      if (!pair || !isScalar(pair.key)) return path;
      path.push(String(pair.key.value));
      node = pair.value;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => covers(item, item, offset));
      if (index < 0) return path;
      path.push(index);
      node = node.items[index];
    } else return path;
  }
}

function covers(from: unknown, to: unknown, offset: number): boolean {
  const start = (from as Node | null)?.range?.[0];
  const end = (to as Node | null)?.range?.[2] ?? (from as Node | null)?.range?.[2];
  return start !== undefined && end !== undefined && offset >= start && offset <= end;
}

/** The labels along a path: "Navigation > Links > 3 (About)". */
function labelsOf(fields: CmsField[], path: Array<string | number>, data: unknown): string {
  const labels: string[] = [];
  let current: CmsField[] | undefined = fields;
  let list: CmsField | undefined;
  let value = data as Record<string, unknown> | unknown[] | undefined;
  for (const step of path) {
    value = (value as Record<string | number, unknown> | undefined)?.[step as never] as typeof value;
    if (typeof step === 'number') {
      const item = value as Record<string, unknown> | undefined;
      const summary = item && summaryOf(item);
      labels.push(summary ? `${step + 1} (${summary})` : String(step + 1));
      const type = list?.typeKey ? list.types?.find((option) => option.name === item?.[list!.typeKey!]) : undefined;
      current = type?.fields ?? list?.fields ?? (list?.field ? [list.field] : undefined);
      list = undefined;
      continue;
    }
    const field: CmsField | undefined = current?.find((option) => option.name === step);
    if (!field) break;
    labels.push(field.label);
    if (field.widget === 'list') list = field;
    current = field.fields;
  }
  return labels.join(' > ');
}

/** What names a list item for people: its heading, title, label or name. */
export function summaryOf(item: Record<string, unknown>): string | undefined {
  for (const key of ['heading', 'title', 'label', 'name', 'question', 'headline'])
    if (typeof item[key] === 'string' && item[key]) return item[key] as string;
  return undefined;
}

function entryName(entry: CmsEntry, data: unknown): string {
  const title = entry.identifier ? (data as Record<string, unknown> | undefined)?.[entry.identifier] : undefined;
  return typeof title === 'string' && title ? `${entry.label}: ${title}` : entry.label;
}
