/** Workflow commands escaped as GitHub documents them, the JSON document, and the colour rules. */
import { describe, expect, it } from 'vitest';
import { SiteError, toProblem } from '../src/errors.ts';
import { colorWanted, limitPerCode } from '../src/log.ts';
import {
  defaultReporter,
  escapeData,
  escapeProperty,
  formatWorkflowCommand,
  renderJsonDocument,
} from '../src/reporters.ts';

describe('formatWorkflowCommand', () => {
  it('names file, line, column and code, as GitHub reads them for an annotation on the line', () => {
    const error = new SiteError({
      code: 'YamlSyntax',
      message: 'Bad YAML.',
      file: 'content/site.yaml',
      line: 8,
      column: 1,
    });
    expect(formatWorkflowCommand(toProblem(error))).toBe(
      '::error file=content/site.yaml,line=8,col=1,title=YamlSyntax::Bad YAML.',
    );
    const warning = new SiteError({
      code: 'RawHtmlRemoved',
      message: 'Removed.',
      file: 'content/pages/a.md',
      hint: 'Use Markdown.',
    });
    expect(formatWorkflowCommand(toProblem(warning))).toBe(
      '::warning file=content/pages/a.md,title=RawHtmlRemoved::Removed.%0Ahint: Use Markdown.',
    );
    const nowhere = new SiteError({ code: 'HostLimit', message: 'Too many.' });
    expect(formatWorkflowCommand(toProblem(nowhere))).toBe('::warning title=HostLimit::Too many.');
  });

  it('escapes %, CR and LF in the message, and also : and , in properties', () => {
    expect(escapeData('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext: a, b');
    // Nothing from a stranger's file reaches the log raw: ESC would start a terminal sequence (the projection escapes it).
    const escaped = new SiteError({
      code: 'FileName',
      message: 'title \u001b]0;pwned\u0007',
      file: 'content/\u001b.md',
    });
    expect(formatWorkflowCommand(toProblem(escaped))).toBe(
      '::error file=content/\\x1b.md,title=FileName::title \\x1b]0;pwned\\x07',
    );
    expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
    // A message that tries to end the command and start another stays one annotation: the projection
    // shows its line feed as the two characters \n, so not even GitHub's %0A is needed.
    const error = new SiteError({
      code: 'BrokenLink',
      message: 'x\n::error::forged',
      file: 'content/a,b:c.md',
      line: 2,
      column: 3,
    });
    const command = formatWorkflowCommand(toProblem(error));
    expect(command).toBe('::error file=content/a%2Cb%3Ac.md,line=2,col=3,title=BrokenLink::x\\n::error::forged');
    expect(command.split('\n')).toHaveLength(1);
  });
});

describe('renderJsonDocument', () => {
  it('prints every problem with its severity, and counts them in the summary', () => {
    const error = new SiteError({
      code: 'BrokenLink',
      message: 'Broken.',
      file: 'content/about.md',
      line: 3,
      column: 4,
      hint: 'Fix it.',
    });
    const warning = new SiteError({ code: 'RawHtmlRemoved', message: 'Removed.' });
    const document = JSON.parse(
      renderJsonDocument([toProblem(error), toProblem(warning)], { command: 'check', ok: false }),
    );
    expect(document).toEqual({
      problems: [
        {
          code: 'BrokenLink',
          title: 'Broken link',
          severity: 'error',
          file: 'content/about.md',
          line: 3,
          column: 4,
          location: 'content/about.md:3:4',
          message: 'Broken.',
          hint: 'Fix it.',
        },
        { code: 'RawHtmlRemoved', title: 'Raw HTML removed', severity: 'warning', message: 'Removed.', location: '' },
      ],
      summary: { command: 'check', ok: false, errors: 1, warnings: 1 },
    });
  });
});

describe('defaultReporter', () => {
  it('is github under GitHub Actions, terminal elsewhere', () => {
    expect(defaultReporter({ GITHUB_ACTIONS: 'true' })).toBe('github');
    expect(defaultReporter({})).toBe('terminal');
    expect(defaultReporter({ GITHUB_ACTIONS: 'false' })).toBe('terminal');
  });
});

describe('colorWanted', () => {
  it('colours a terminal, not a pipe, and not a dumb terminal', () => {
    expect(colorWanted({}, true)).toBe(true);
    expect(colorWanted({}, false)).toBe(false);
    expect(colorWanted({ TERM: 'dumb' }, true)).toBe(false);
  });

  it('turns colour off for any non-empty NO_COLOR, and ignores an empty one (no-color.org)', () => {
    expect(colorWanted({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colorWanted({ NO_COLOR: 'false' }, true)).toBe(false);
    expect(colorWanted({ NO_COLOR: '' }, true)).toBe(true);
  });

  it('forces colour with FORCE_COLOR (also into a pipe, over NO_COLOR), and FORCE_COLOR=0 or false turns it off', () => {
    for (const value of ['', '1', '2', '3', 'true'])
      expect(colorWanted({ FORCE_COLOR: value }, false), value).toBe(true);
    expect(colorWanted({ FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(true);
    expect(colorWanted({ FORCE_COLOR: '0' }, true)).toBe(false);
    expect(colorWanted({ FORCE_COLOR: 'false' }, true)).toBe(false);
  });
});

describe('limitPerCode', () => {
  it('keeps the first few warnings of each code in order and counts the rest per code', () => {
    const warning = (code: 'VagueLinkText' | 'DescriptionLength', file: string) =>
      new SiteError({ code, message: 'Advice.', file });
    const warnings = [
      warning('VagueLinkText', 'a.md'),
      warning('DescriptionLength', 'b.md'),
      warning('VagueLinkText', 'c.md'),
      warning('VagueLinkText', 'd.md'),
      warning('VagueLinkText', 'e.md'),
    ];
    const { shown, leftOut } = limitPerCode(warnings, 2);
    expect(shown.map((entry) => `${entry.code} ${entry.file}`)).toEqual([
      'VagueLinkText a.md',
      'DescriptionLength b.md',
      'VagueLinkText c.md',
    ]);
    expect([...leftOut]).toEqual([['VagueLinkText', 2]]);
  });
});
