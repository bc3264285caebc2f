import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { loadSite } from '../../src/content/load.ts';
import { SiteErrors } from '../../src/errors.ts';
import { nearestRule } from '../../src/advice/switches.ts';
import { copyProject, type TempProject } from '../helpers/project.ts';
import { runAdvice } from './run-advice.ts';

let project: TempProject | undefined;
afterEach(async () => {
  await project?.cleanup();
  project = undefined;
});

async function loadErrors(root: string) {
  try {
    await loadSite(resolveConfig({ root, cache: false }));
  } catch (thrown) {
    if (thrown instanceof SiteErrors) return thrown.errors;
    throw thrown;
  }
  return [];
}

describe('advice switches in content files', () => {
  it('rejects an unknown rule name in front matter at its line, suggesting the nearest name', async () => {
    project = await copyProject();
    await project.edit(
      'content/legal/terms.md',
      'order: 1\n',
      'order: 1\nadvice:\n  off:\n    - title-length\n    - titel-lenght\n',
    );
    const errors = await loadErrors(project.root);
    expect(errors.map((error) => `${error.code} ${error.file}:${error.line}`)).toEqual([
      'FrontmatterInvalid content/legal/terms.md:9',
    ]);
    expect(errors[0]!.message).toBe(
      'Item 2 of "advice.off" names no content-advice rule: there is no rule "titel-lenght".',
    );
    expect(errors[0]!.hint).toMatch(/^Did you mean title-length\? The rules are: title-length, description-length, /);
  });

  it('rejects an unknown rule name in content/site.yaml', async () => {
    project = await copyProject();
    await project.edit('content/site.yaml', 'language: en\n', 'language: en\nadvice: { off: [plain-fax] }\n');
    const errors = await loadErrors(project.root);
    expect(errors.map((error) => `${error.code} ${error.file}:${error.line}`)).toEqual([
      'YamlInvalid content/site.yaml:7',
    ]);
  });

  it('suggests nothing for a name far from every rule', () => {
    expect(nearestRule('colour-contrast')).toBeUndefined();
    expect(nearestRule('SecondH1')).toBe('second-h1');
    expect(nearestRule('alt-lenght')).toBe('alt-length');
  });

  it('silences a rule in the file that turns it off, and everywhere when the site file does', async () => {
    project = await copyProject();
    const page = (title: string, off: string) =>
      `---\ntitle: ${title}\ndateLine: "Last updated: June 9, 2025"\ndescription: ${title}, a page of this site that shows how content advice treats a vague link.\n${off}---\n\nFor the terms, [click here](/terms).\n`;
    await project.write(
      'content/legal/quiet.md',
      page('The quiet page of the site', 'order: 4\nadvice: { off: [vague-link-text] }\n'),
    );
    await project.write('content/legal/loud.md', page('The loud page of the site', 'order: 5\n'));
    const before = await runAdvice({ root: project.root });
    expect(before.warnings.map((warning) => `${warning.code} ${warning.file}:${warning.line}`)).toEqual([
      'VagueLinkText content/legal/loud.md:8',
    ]);

    await project.edit('content/site.yaml', 'language: en\n', 'language: en\nadvice:\n  off: [VagueLinkText]\n');
    const after = await runAdvice({ root: project.root });
    expect(after.warnings).toEqual([]);
  });
});
