/**
 * splitFrontmatter: a Markdown file -> its YAML front matter and its body, split where gray-matter split it. Only
 * YAML is accepted: a fence naming another language is refused, so that no content is ever executed.
 */
import { createCodeFrame, createError, type Facts } from '../errors.ts';
import { findTooDeep, findTooDeepHtml, MAX_HTML_DEPTH, MAX_MARKDOWN_DEPTH } from '../markdown/depth.ts';

export interface Frontmatter {
  /** The YAML between the fences; its first line is the rest of the opening --- line. */
  yaml: string;
  /** The Markdown after the closing fence. */
  body: string;
  /** Lines of the file before the body starts. */
  bodyLineOffset: number;
}

export function splitFrontmatter(file: string, text: string): Frontmatter {
  const fail = (facts: Facts<'FrontmatterSyntax'>, column = 1) =>
    createError('FrontmatterSyntax', facts, { file, line: 1, column, frame: createCodeFrame(text, 1, column) });
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  // A lone CR or a line separator is a line break to gray-matter's language sniffing but not to
  // our line count: refuse it here, where the line is known.
  const stray = firstLine.search(/[\r\u2028\u2029]/);
  if (firstLine.startsWith('---') && stray !== -1) {
    throw fail({ problem: 'stray break', charCode: firstLine.charCodeAt(stray) }, stray + 1);
  }
  const opening = /^---(.*)$/.exec(firstLine);
  if (!opening) {
    throw fail({ problem: 'none' });
  }
  const language = opening[1]!.trim();
  if (language !== '' && language !== 'yaml') {
    throw fail({ problem: 'language', language }, 4);
  }
  if (!/\r?\n---[ \t]*(\r?\n|$)/.test(text.slice(3))) {
    throw fail({ problem: 'unclosed' });
  }
  const { yaml, body } = splitAtFences(text);
  const head = text.slice(0, text.length - body.length);
  const bodyLineOffset = head.split('\n').length - 1;
  checkDepth(file, text, body, bodyLineOffset);
  // gray-matter ends the YAML at "\n---": with Windows line endings the last field would keep a "\r".
  return { yaml: yaml.replace(/\r$/, ''), body, bodyLineOffset };
}

/**
 * gray-matter's split, for a text whose fences were checked above: a language name after the opening fence is left
 * out, the YAML ends at the first "\n---", and the body starts after it, less one CR and one LF.
 */
function splitAtFences(text: string): { yaml: string; body: string } {
  let rest = text.slice(3);
  const language = rest.slice(0, rest.search(/\r?\n/));
  if (language.trim() !== '') rest = rest.slice(language.length);
  const close = rest.indexOf('\n---');
  let body = rest.slice(close + 4);
  if (body[0] === '\r') body = body.slice(1);
  if (body[0] === '\n') body = body.slice(1);
  return { yaml: rest.slice(0, close), body };
}

/** Every Markdown body passes here before remark: nesting too deep for it is a content error. */
function checkDepth(file: string, text: string, body: string, bodyLineOffset: number): void {
  const deep = findTooDeep(body);
  const html = deep ? undefined : findTooDeepHtml(body);
  const found = deep ?? html;
  if (!found) return;
  const line = bodyLineOffset + found.line + 1;
  const column = found.column + 1;
  throw createError(
    'MarkdownTooDeep',
    deep ? { limit: MAX_MARKDOWN_DEPTH } : { limit: MAX_HTML_DEPTH, nesting: 'html' },
    { file, line, column, frame: createCodeFrame(text, line, column) },
  );
}
