/** The one projection of a problem: the same plain data for terminal, GitHub, JSON and the dev overlay. */
import { describe, expect, it } from 'vitest';
import { createError, formatProblem, SiteError, toInternalProblem, toProblem } from '../../src/errors.ts';

const ESC = '\u001b';

describe('toProblem', () => {
  it('escapes control characters in every text field, once, and keeps line feeds', () => {
    const problem = toProblem(
      new SiteError({
        code: 'FileName',
        message: `Bad\r${ESC}[2J name\u2028.`,
        file: `content/${ESC}]0;x.md`,
        line: 2,
        frame: `> 2 | ${ESC}[31mred\n    | ^`,
        hint: `Rename ${ESC}c.`,
      }),
    );
    expect(problem).toMatchObject({
      message: 'Bad\\r\\x1b[2J name\\u2028.',
      file: 'content/\\x1b]0;x.md',
      location: 'content/\\x1b]0;x.md:2:1',
      frame: '> 2 | \\x1b[31mred\n    | ^',
      hint: 'Rename \\x1bc.',
    });
    expect(formatProblem(problem)).not.toContain(ESC);
  });

  it('takes title and severity from the catalogue, and --strict makes a warning an error', () => {
    const warning = createError('RawHtmlRemoved', { removed: 'a <script> element' });
    expect(toProblem(warning)).toMatchObject({ title: 'Raw HTML removed', severity: 'warning' });
    expect(toProblem(warning, { strict: true }).severity).toBe('error');
    expect(toProblem(createError('OutputMissing', { outDir: 'dist' }), { strict: false }).severity).toBe('error');
  });

  it('projects a bug in agency-site as an internal error, escaped too', () => {
    expect(toInternalProblem(new Error(`boom ${ESC}[2J`))).toEqual({
      code: 'InternalError',
      title: 'Internal error',
      severity: 'error',
      message: 'boom \\x1b[2J',
      location: '',
      hint: 'This is a bug in agency-site, not in your content: the terminal shows its stack.',
    });
  });
});
