/**
 * splitFrontmatter: a Markdown file -> its YAML front matter and its body. gray-matter finds the
 * fences; every one of its engines (JavaScript, CoffeeScript, ...) is replaced by a refusal, so no
 * content is ever executed. The YAML itself is parsed by yaml.ts, which knows positions.
 */
import matter from 'gray-matter';
import { createCodeFrame, SiteError } from '../errors.ts';
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
  const fail = (message: string, hint: string, column = 1) =>
    new SiteError({
      code: 'FrontmatterSyntax',
      message,
      file,
      line: 1,
      column,
      frame: createCodeFrame(text, 1, column),
      hint,
    });
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  // A lone CR or a line separator is a line break to gray-matter's language sniffing but not to
  // our line count: refuse it here, where the line is known.
  const stray = firstLine.search(/[\r\u2028\u2029]/);
  if (firstLine.startsWith('---') && stray !== -1) {
    const name =
      firstLine[stray] === '\r'
        ? 'a carriage return (CR) without a line feed'
        : `a line separator (U+${firstLine.charCodeAt(stray).toString(16).toUpperCase()})`;
    throw fail(
      `The opening --- line holds ${name}, which editors show as a line break but Markdown does not.`,
      'Save the file with ordinary line endings (LF or CRLF) and put nothing after the opening ---.',
      stray + 1,
    );
  }
  const opening = /^---(.*)$/.exec(firstLine);
  if (!opening) {
    throw fail(
      'The file has no front matter: it must start with a line of three dashes (---).',
      'Start the file with ---, then the fields (title: ...), then another --- line before the text.',
    );
  }
  const language = opening[1]!.trim();
  if (language !== '' && language !== 'yaml') {
    throw fail(
      `Front matter in "${language}" is not allowed: content is data, written in YAML, and is never executed.`,
      'Write the fields in YAML and open the front matter with a line of just ---.',
      4,
    );
  }
  if (!/\r?\n---[ \t]*(\r?\n|$)/.test(text.slice(3))) {
    throw fail(
      'The front matter is never closed: no second line of three dashes (---) follows the fields.',
      'Add a line with --- after the last field, before the text.',
    );
  }
  const refuse = (name: string) => () => {
    throw fail(
      `Front matter in "${name}" is not allowed: content is never executed.`,
      'Write the front matter in YAML.',
      4,
    );
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
  throw new SiteError({
    code: 'MarkdownTooDeep',
    message: deep
      ? `The text nests quotes (>) or lists more than ${MAX_MARKDOWN_DEPTH} levels deep here, more than any page can show.`
      : `The text nests HTML elements more than ${MAX_HTML_DEPTH} levels deep here, more than any page can show.`,
    file,
    line,
    column,
    frame: createCodeFrame(text, line, column),
    hint: deep
      ? 'Remove the extra > or list markers; a quote or list inside another rarely needs more than a few levels.'
      : 'Close each HTML element (</sup>, </div>, ...) before opening the next, or remove the extra tags.',
  });
}
