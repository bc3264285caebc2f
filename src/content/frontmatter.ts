/**
 * splitFrontmatter: a Markdown file -> its YAML front matter and its body. gray-matter finds the
 * fences; every one of its engines (JavaScript, CoffeeScript, ...) is replaced by a refusal, so no
 * content is ever executed. The YAML itself is parsed by yaml.ts, which knows positions.
 */
import matter from 'gray-matter';
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

const REFUSED = ['javascript', 'js', 'coffee', 'coffeescript', 'cson', 'json', 'toml'];

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
  const refuse = (name: string) => () => {
    throw fail({ problem: 'executable', language: name }, 4);
  };
  const parsed = matter(text, {
    language: 'yaml',
    // The YAML is parsed by the caller, with positions; gray-matter only finds the fences.
    engines: { yaml: () => ({}), ...Object.fromEntries(REFUSED.map((name) => [name, refuse(name)])) },
  });
  const body = parsed.content;
  const head = text.slice(0, text.length - body.length);
  const bodyLineOffset = head.split('\n').length - 1;
  checkDepth(file, text, body, bodyLineOffset);
  // gray-matter ends the YAML at "\n---": with Windows line endings the last field would keep a "\r".
  return { yaml: parsed.matter.replace(/\r$/, ''), body, bodyLineOffset };
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
