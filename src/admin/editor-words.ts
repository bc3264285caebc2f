/**
 * A problem of the build said again for an editor in the CMS: the entry and field by the labels the CMS
 * shows (src/admin/cms-config.ts), what is wrong and what to do, without file names, lines or element ids.
 * The field is found as the YAML node at the problem's line.
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
  const field =
    entry && path.length > 0 ? labelsOf(entry.fields, ...listed(entry, path, data!.document.toJS())) : undefined;
  const saved = file !== undefined && context.saved.has(file);
  const where = [saved ? undefined : name, field].filter(Boolean).join(' > ');
  const facts = (error.facts ?? {}) as Record<string, unknown>;
  const message = sentenceOf(error.code, facts, {
    where,
    saved,
    message: error.message,
    hint: error.hint,
    nameOf: () => (found.other ? nameOfFile(found.other, context) : 'another entry'),
    typeOf: (type) => typeLabelOf(entry?.fields ?? [], type),
    otherSaved: found.other !== undefined && context.saved.has(found.other),
    name,
  });
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

interface Said {
  where: string;
  saved: boolean;
  message: string;
  hint?: string;
  /** What the CMS calls the other entry of a clash ("Services: Branding"). */
  nameOf(): string;
  /** Whether the other entry of a clash is the one this save writes; this entry's name. */
  otherSaved: boolean;
  name?: string;
  /** What the CMS calls a section type ("FAQ", "Call to action"). */
  typeOf(type: string): string;
}

function sentenceOf(code: string, facts: Record<string, unknown>, said: Said): string {
  const { where, saved, message, hint } = said;
  // A link in a list ("Navigation > Links > 3 (About) > Link") is named by its item: the link "About" in ...
  const item = /^(.*?) > \d+(?: \(([^)]*)\))?(?: > [^>]*)?$/.exec(where);
  const subject = item?.[2] ? `The link "${item[2]}" in ${item[1]}` : where || (saved ? 'This entry' : 'Another entry');
  const removeLink = `or remove that link in ${item?.[1] ?? (where || 'that entry')}`;
  // A section's problem is named by the section, not by its Type or Anchor field.
  const section = /^.*? > \d+(?: \([^)]*\))?/.exec(where)?.[0] ?? 'This section';
  const value = String(facts.value ?? facts.src ?? '');
  switch (code) {
    case 'BrokenAnchor': {
      const id = String(facts.id ?? '');
      const target = String(facts.target ?? '');
      const part = target === '/' ? `the ${wordsOf(id)} section` : `the part "${id}" of ${target}`;
      return saved
        ? `${subject} points to ${part}, which does not exist: link to a section the page has, or add one with the anchor "${id}".`
        : `${subject} points to ${part}, which this change removes: put the section back, ${removeLink}.`;
    }
    case 'BrokenLink':
      return saved
        ? `${subject} points to "${value}", which is no page of this site: link to an existing page, such as ${listOf(facts.nearest)}.`
        : `${subject} points to "${value}", which this change removes: keep that page, ${removeLink}.`;
    case 'MissingAsset':
    case 'MissingImage':
      return `${subject} shows "${value}", which is not a file of the site: upload it, or choose another file.`;
    case 'ExternalImage':
      return `${subject} shows the image "${value}" from another site, which this site never loads: upload the image and use it instead.`;
    case 'ImageAltMissing':
      return `${subject} has an image (${value}) with no description, so people who cannot see it learn nothing: write what it shows between the brackets, as in ![Our team at the spring workshop](${value}).`;
    case 'UnpublishedLink':
      return `${subject} links to "${value}", a news post ${facts.state === 'draft' ? 'that is still a draft' : `dated ${String(facts.date)}, not published yet`}, so the link would lead nowhere: take the link out until the post is published.`;
    case 'DuplicateUrl':
      return facts.clash === 'reserved'
        ? `${subject} would be at the address /${String(facts.slug)}, which the site uses itself: give the new entry another title.`
        : `${subject} would be at the address /${String(facts.slug)}, like ${said.nameOf()}: give one of them another title.`;
    case 'DuplicateOrder':
      // The clash is found at the later file: when the editor's entry is the other one, say it there.
      if (said.otherSaved && !saved)
        return `${where.split(' > ').pop()}: the number ${String(facts.order)} is taken by "${said.name}": give each entry a number of its own, so the order is not a guess.`;
      return `${subject}: the number ${String(facts.order)} is taken by ${said.nameOf()}: give each entry a number of its own, so the order is not a guess.`;
    case 'DuplicateSectionId':
      return `${section} has the anchor "${String(facts.id)}", like section ${String(facts.other)}, so links to it could lead to only one: give this section an anchor of its own, such as "${String(facts.id)}-2".`;
    case 'SectionRepeated':
      return `${section} is a second ${said.typeOf(String(facts.type))} section (section ${String(facts.other)} is one), and a page has only one: remove one of them, or choose another type, such as Call to action or Prose.`;
    case 'SectionEmpty': {
      const folder = String(facts.folder ?? '').replace(/^content\//, '');
      return `${section} lists the ${folder} entries, but there are none yet, so it would be an empty heading: add an entry to ${labelOfFolder(folder)}, or remove this section.`;
    }
    case 'RedirectInvalid':
      return facts.problem === 'duplicate'
        ? `${where}: the redirect from ${String(facts.from)} is there twice, so where it leads would be a guess: keep one of the two and delete the other.`
        : `${where}: ${message} ${hint ?? ''}`.trim();
    case 'PageGone':
      return `The page ${String(facts.path)} is no longer on the site: add a redirect from it in Site > Redirects to the page that replaces it, so links and search results that lead there do not end on "Page not found".`;
    case 'DuplicateId':
      return `${subject}: two parts of the page ${String(facts.path)} would have the anchor "${String(facts.id)}", and a link reaches only the first: reword this heading so it differs from the others.`;
    case 'FrontmatterInvalid':
    case 'YamlInvalid':
      // The schema's own words, the field named by its label instead of its key.
      return `${subject}: ${message.replace(/^The field "[^"]*" /, '').replace(/^The field /, '')}`;
    default:
      return `${subject}: ${message}${hint ? ` ${hint}` : ''}`;
  }
}

/** The CMS's collection of a content folder: services is "Services". */
function labelOfFolder(folder: string): string {
  return folder.charAt(0).toUpperCase() + folder.slice(1).replace(/-/g, ' ');
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

/** A file that is one list at its top (redirects.yaml) is edited as its one list field. */
function listed(entry: CmsEntry, path: Array<string | number>, data: unknown): [Array<string | number>, unknown] {
  const [only] = entry.fields;
  return Array.isArray(data) && entry.fields.length === 1 && only!.widget === 'list'
    ? [[only!.name, ...path], { [only!.name]: data }]
    : [path, data];
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
  for (const key of ['heading', 'title', 'label', 'name', 'question', 'headline', 'from'])
    if (typeof item[key] === 'string' && item[key]) return item[key] as string;
  return undefined;
}

/** Another file's entry as the CMS lists it: "Services: Branding", or its file name. */
function nameOfFile(file: string, context: EditorContext): string {
  const entry = context.entryOf(file);
  const text = context.textOf(file);
  const name = file.slice(file.lastIndexOf('/') + 1).replace(/\.\w+$/, '');
  return `"${entry && text !== undefined ? entryName(entry, dataOf(text, file).document.toJS()) : name}"`;
}

/** A section type's label in the list of types: "faq" is "FAQ". */
function typeLabelOf(fields: readonly CmsField[], type: string): string {
  for (const field of fields) {
    const option = field.types?.find((candidate) => candidate.name === type);
    if (option) return option.label;
  }
  return type;
}

function entryName(entry: CmsEntry, data: unknown): string {
  const title = entry.identifier ? (data as Record<string, unknown> | undefined)?.[entry.identifier] : undefined;
  return typeof title === 'string' && title ? `${entry.label}: ${title}` : entry.label;
}
