import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { resolveConfig } from '../../src/config.ts';
import { loadTemplates } from '../../src/render/templates.ts';
import { copyProject, lineOf, PROJECT_ROOT, siteErrorsOf, type TempProject } from '../helpers/project.ts';

let project: TempProject | undefined;
afterEach(async () => {
  await project?.cleanup();
  project = undefined;
});

const buildErrors = (root: string) => siteErrorsOf(buildSite(resolveConfig({ root }), { write: false }));

describe('loadTemplates', () => {
  it('bundles templates/ at build time into one component per page kind', async () => {
    const templates = await loadTemplates(resolveConfig({ root: PROJECT_ROOT }));
    expect(Object.keys(templates.pages).sort()).toEqual([
      'home',
      'legal',
      'news-list',
      'news-post',
      'not-found',
      'page',
      'redirect',
    ]);
  });

  it('reports a TSX syntax error at its file and line', async () => {
    project = await copyProject();
    await project.edit('templates/sections/AboutSection.tsx', '<Prose html', '<Prose html=');
    const [error] = await buildErrors(project.root);
    const line = lineOf(await project.read('templates/sections/AboutSection.tsx'), '<Prose html=');
    expect(error).toMatchObject({ code: 'TemplateBuildFailed', file: 'templates/sections/AboutSection.tsx', line });
  });

  it('reports a template that throws as RenderFailed at the template line that threw', async () => {
    project = await copyProject();
    await project.edit(
      'templates/sections/AboutSection.tsx',
      'export function AboutSection({ id, heading, html }: AboutSectionProps) {\n',
      'export function AboutSection({ id, heading, html }: AboutSectionProps) {\n  if (html) throw new Error("boom");\n',
    );
    const [error] = await buildErrors(project.root);
    const line = lineOf(await project.read('templates/sections/AboutSection.tsx'), 'if (html) throw');
    expect(error).toMatchObject({
      code: 'RenderFailed',
      file: 'templates/sections/AboutSection.tsx',
      line,
      column: 19,
    });
    expect(error!.frame).toContain(`> ${line} |   if (html) throw new Error("boom");`);
    expect(error!.message).toBe('Rendering the page / failed: boom');
  });

  it('refuses a template that imports anything but React', async () => {
    project = await copyProject();
    await project.edit(
      'templates/ui/Prose.tsx',
      'export function Prose',
      "import { readFileSync } from 'node:fs';\nexport const hostname = () => readFileSync('/etc/hostname', 'utf8');\nexport function Prose",
    );
    await project.edit('templates/sections/AboutSection.tsx', 'import { Prose }', 'import { hostname, Prose }');
    await project.edit('templates/sections/AboutSection.tsx', '<Prose html={html}', '<Prose html={html + hostname()}');
    const [error] = await buildErrors(project.root);
    expect(error).toMatchObject({ code: 'TemplateBuildFailed' });
    expect(error!.message).toContain('"node:fs"');
  });
});

describe('templates/', () => {
  it('imports nothing but React and its own files, types included (its props API is templates/api.ts)', () => {
    const dir = path.join(PROJECT_ROOT, 'templates');
    const files = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((name) => /\.tsx?$/.test(name));
    expect(files).toContain('api.ts');
    const outside = files.flatMap((name) =>
      ts
        .preProcessFile(readFileSync(path.join(dir, name), 'utf8'), true, true)
        .importedFiles.flatMap(({ fileName }) => {
          if (fileName === 'react' || fileName === 'react/jsx-runtime') return [];
          const inside =
            fileName.startsWith('.') &&
            !path.relative(dir, path.resolve(dir, path.dirname(name), fileName)).startsWith('..');
          return inside ? [] : [`${name} imports ${fileName}`];
        }),
    );
    expect(outside).toEqual([]);
  });
});
