/**
 * A finding: what a rule saw on a page, before it becomes a warning. Findings of the same rule at
 * the same place (a template's link on every page) become one warning that names the pages.
 */
import { createCodeFrame, createError, type SiteError } from '../errors.ts';
import { RULES, type RuleName } from './rules.ts';
import type { SourceFile } from '../content/source.ts';

/** A content file and its text, to find lines in and show code frames from. */
export type SourceText = Pick<SourceFile, 'file' | 'text'>;

/** The sources by file. */
export type SourcesByFile<T extends SourceText = SourceText> = Pick<ReadonlyMap<string, T>, 'get'>;

/**
 * The sources by file, made once per list (a list is not changed once made): a build's advice
 * reads the same list in several places, each of thousands of files.
 */
const sourceMaps = new WeakMap<readonly SourceText[], SourcesByFile>();
export function sourcesByFile<T extends SourceText>(list: readonly T[]): SourcesByFile<T> {
  let map = sourceMaps.get(list);
  if (!map) sourceMaps.set(list, (map = new Map(list.map((source) => [source.file, source]))));
  return map as SourcesByFile<T>;
}

export interface Place {
  file: string;
  line?: number;
  column?: number;
}

export interface Finding extends Place {
  rule: RuleName;
  message: string;
  hint: string;
  /** The page it was seen on (site path), or none for a file of public/. */
  page?: string;
}

/** How a hint ends: the way to silence the rule when the choice is deliberate. */
export function switchOff(rule: RuleName, file: string): string {
  const where =
    file === 'content/site.yaml' || !file.endsWith('.md') ? 'content/site.yaml' : `the front matter of ${file}`;
  return `If this is deliberate, turn the rule off with "advice: { off: [${rule}] }" in ${where}.`;
}

/** One warning per rule and place; the pages each was seen on, in order. */
export function mergeFindings(
  findings: Finding[],
  sources: SourcesByFile,
): Array<{ warning: SiteError; pages: string[]; finding: Finding }> {
  // The pages as a set too: a template's link can be seen on thousands of pages.
  const merged = new Map<string, { finding: Finding; pages: string[]; seen: Set<string> }>();
  for (const finding of findings) {
    const key = mergeKeyOf(finding);
    const known = merged.get(key);
    const page = finding.page;
    if (!known)
      merged.set(key, {
        finding,
        pages: page === undefined ? [] : [page],
        seen: new Set(page === undefined ? [] : [page]),
      });
    else if (page !== undefined && !known.seen.has(page)) {
      known.seen.add(page);
      known.pages.push(page);
    }
  }
  return [...merged.values()].map(({ finding, pages }) => {
    const source = finding.line === undefined ? undefined : sources.get(finding.file);
    return { pages, finding, warning: createWarning(finding, pages, frameOf(finding, source)) };
  });
}

/**
 * A finding's rule and place, which merge it with the same finding on other pages. Made once per finding:
 * a kept page's findings stay the same objects across dev saves, and a string made once is hashed once.
 */
const mergeKeys = new WeakMap<Finding, string>();
function mergeKeyOf(finding: Finding): string {
  let key = mergeKeys.get(finding);
  if (key === undefined) {
    key = `${finding.rule}\0${finding.file}\0${finding.line ?? ''}\0${finding.column ?? ''}\0${finding.line === undefined ? finding.message : ''}`;
    mergeKeys.set(finding, key);
  }
  return key;
}

/** The code frame of a finding's place, from its file's text (none for a finding without a line, or a file not read). */
export function frameOf(finding: Finding, source: SourceText | undefined): string | undefined {
  return finding.line === undefined
    ? undefined
    : source && createCodeFrame(source.text, finding.line, finding.column ?? 1);
}

/** The warning of a finding seen on `pages`, with its code frame made (frameOf). */
export function createWarning(finding: Finding, pages: readonly string[], frame: string | undefined): SiteError {
  const place = {
    file: finding.file,
    line: finding.line,
    column: finding.line === undefined ? undefined : (finding.column ?? 1),
    frame,
  };
  const facts = { text: finding.message, hint: finding.hint, pages };
  // A warning is data, made without a stack: an Error holds the frames it was made in, and with them
  // that build's values, so a warning kept across dev rebuilds would keep every build it was made in.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return createError(RULES[finding.rule].code, facts, place);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * Where a text that a template shows was written: the first of `files` that holds it (as written,
 * or as YAML would quote it). Only the few files the page is made from are searched.
 */
export function locateText(text: string, files: readonly string[], sources: SourcesByFile): Place | undefined {
  if (text === '') return undefined;
  const spellings = [text, text.replace(/'/g, "''"), JSON.stringify(text).slice(1, -1)];
  for (const file of files) {
    const source = sources.get(file);
    if (!source) continue;
    for (const spelling of spellings) {
      const index = source.text.indexOf(spelling);
      if (index !== -1) return { file, ...positionOf(source.text, index) };
    }
  }
  return undefined;
}

/** The line of a top-level YAML key (`title:`) in a YAML file or in a Markdown file's front matter. */
export function locateKey(key: string, file: string, sources: SourcesByFile): Place {
  const source = sources.get(file);
  if (!source) return { file };
  const text = file.endsWith('.md') ? source.text.slice(0, Math.max(0, source.text.indexOf('\n---', 3))) : source.text;
  const match = new RegExp(`^${key}[ \\t]*:`, 'm').exec(text);
  return match ? { file, ...positionOf(text, match.index) } : { file };
}

function positionOf(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: index - lineStart + 1 };
}
