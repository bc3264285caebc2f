import { describe, expect, it } from 'vitest';
import { createCodeFrame, formatError, formatErrors, SiteError, toProblem } from '../src/errors.ts';

const error = new SiteError({
  code: 'FrontmatterInvalid',
  message: 'The field "title" is missing.',
  file: 'content/services/web.md',
  line: 3,
  column: 5,
  frame: createCodeFrame('---\norder: 1\nicon: code\n---\n', 3, 5),
  hint: 'Add "title:" with text.',
});

describe('errors', () => {
  it('draws a code frame with the line marked and a caret under the column', () => {
    expect(createCodeFrame('one\ntwo\nthree\nfour\nfive\nsix', 3, 2)).toBe(
      ['  1 | one', '  2 | two', '> 3 | three', '    |  ^', '  4 | four', '  5 | five'].join('\n'),
    );
  });

  it('formats file:line:column, code, message, frame and hint for the terminal', () => {
    const text = formatError(error);
    expect(text.split('\n')[0]).toBe('content/services/web.md:3:5 [FrontmatterInvalid] The field "title" is missing.');
    expect(text).toContain('> 3 | icon: code');
    expect(text).toMatch(/hint: Add "title:" with text\.$/);
  });

  it('counts several problems', () => {
    expect(formatErrors([error, error])).toMatch(/\n\n2 problems found\.$/);
  });

  it('projects the same details as plain data, with the title and severity of its code', () => {
    expect(toProblem(error)).toEqual({
      code: 'FrontmatterInvalid',
      title: 'Front matter field invalid',
      severity: 'error',
      message: 'The field "title" is missing.',
      file: 'content/services/web.md',
      line: 3,
      column: 5,
      location: 'content/services/web.md:3:5',
      frame: error.frame,
      hint: 'Add "title:" with text.',
    });
  });
});
