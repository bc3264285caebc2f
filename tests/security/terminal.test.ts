/** Untrusted text never reaches the terminal raw: control characters are escaped in every message. */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeControl, formatError, SiteError, toProblem } from '../../src/errors.ts';
import { formatWorkflowCommand, renderJsonDocument } from '../../src/reporters.ts';
import { copyProject, runCli, type TempProject } from '../helpers/project.ts';

const ESC = '\u001b';

describe('escapeControl', () => {
  it('shows ESC, CR, NUL, DEL, C1 and line separators as escapes and keeps line feeds and tabs', () => {
    expect(escapeControl(`a${ESC}[2Jb\rc\u0000d\u007fe\u009bf\u2028g\n\th`)).toBe(
      'a\\x1b[2Jb\\rc\\x00d\\x7fe\\x9bf\\u2028g\n\th',
    );
  });

  it('is applied to the file name, message, frame and hint, in the terminal, the overlay, GitHub and JSON', () => {
    const error = new SiteError({
      code: 'FileName',
      message: `Bad ${ESC}]0;owned${ESC}\\ name.`,
      file: `content/pages/${ESC}[2J.md`,
      line: 1,
      frame: `> 1 | ${ESC}[31mred`,
      hint: `Rename ${ESC}c.`,
    });
    expect(formatError(error)).not.toContain(ESC);
    expect(formatError(error)).toContain('content/pages/\\x1b[2J.md:1:1');
    const problem = toProblem(error);
    expect(JSON.stringify(problem)).not.toContain('\\u001b');
    expect(formatWorkflowCommand(problem)).not.toContain(ESC);
    expect(renderJsonDocument([problem], { command: 'check', ok: false })).not.toContain('\\u001b');
  });
});

describe('the CLI with ESC sequences in content and file names', () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await copyProject('agency-site-esc-');
    await mkdir(project.file('content/pages'), { recursive: true });
    // A file name that clears the screen, and a raw ESC sequence (not a YAML escape) that
    // retitles the window and prints a fake success line.
    await project.write(`content/pages/${ESC}[2Jclear.md`, '---\ntitle: Hi\ndescription: Hi\n---\n\nText.\n');
    await project.edit(
      'content/site.yaml',
      'name: Northwind Studio\n',
      `name: "Northwind ${ESC}]0;owned${ESC}\\\\${ESC}[2K\\rBuilt 5 pages"\n`,
    );
  });
  afterAll(async () => {
    await project?.cleanup();
  });

  it('prints the problems with every control character escaped', async () => {
    const result = await runCli(['check'], { cwd: project.root });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('content/site.yaml:4');
    expect(result.stderr).toContain('content/pages/\\x1b[2Jclear.md');
    expect(result.stderr + result.stdout).not.toContain(ESC);
    expect(result.stderr).not.toContain('\r');
  });
});
