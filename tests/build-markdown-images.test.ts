/** Images written in Markdown go through the image pipeline: <picture>, AVIF/WebP, size, lazy, alt required. */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { HtmlValidate } from 'html-validate';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSite } from '../src/build.ts';
import { resolveConfig } from '../src/config.ts';
import { copyProject, lineOf, pageSource, siteErrorsOf, type TempProject } from './helpers/project.ts';

let project: TempProject;
beforeEach(async () => {
  project = await copyProject();
  await mkdir(project.file('content/pages'), { recursive: true });
  const photo = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  await project.write('public/images/team.jpg', photo);
});
afterEach(() => project.cleanup());

const build = (base?: string) => buildSite(resolveConfig({ root: project.root, cache: false, ...(base && { base }) }));

describe('an image in a Markdown page', () => {
  it('becomes a <picture> with AVIF and WebP sources and an <img> with its size, lazy loading and alt text, and its files exist', async () => {
    await project.write(
      'content/pages/team.md',
      pageSource('Team', 'Intro.\n\n![The team at the spring workshop](/images/team.jpg "Spring")\n'),
    );
    await build();
    const html = await project.read('dist/team.html');
    const picture = [...html.matchAll(/<picture>[\s\S]*?<\/picture>/g)]
      .map((match) => match[0])
      .find((found) => found.includes('team-'));
    expect(picture).toBeDefined();
    // 400 pixels wide, and its own 500: never enlarged.
    expect(picture).toMatch(
      /<source type="image\/avif" srcSet="\/assets\/images\/team-400-[0-9a-f]{10}\.avif 400w, \/assets\/images\/team-500-[0-9a-f]{10}\.avif 500w" sizes="[^"]+"\/>/,
    );
    expect(picture).toMatch(
      /<source type="image\/webp" srcSet="\/assets\/images\/team-400-[0-9a-f]{10}\.webp 400w, \/assets\/images\/team-500-[0-9a-f]{10}\.webp 500w"/,
    );
    const img = /<img [^>]*>/.exec(picture!)![0];
    expect(img).toMatch(/ src="\/assets\/images\/team-500-[0-9a-f]{10}\.jpg"/);
    expect(img).toContain(' width="500" height="300"');
    expect(img).toContain(' alt="The team at the spring workshop"');
    expect(img).toContain(' title="Spring"');
    expect(img).toContain(' loading="lazy"');
    expect(img).toContain(' decoding="async"');
    expect(html).not.toContain('src="/images/team.jpg"');
    // The rules of tests/html-validity.test.ts, which validates the shipped site's pages.
    const validator = new HtmlValidate({
      extends: ['html-validate:recommended'],
      rules: {
        'void-style': ['error', { style: 'selfclose' }],
        'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
        'attribute-boolean-style': ['error', { style: 'empty' }],
      },
    });
    const report = await validator.validateString(html, 'team.html');
    expect(
      report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`)),
    ).toEqual([]);
    for (const src of picture!.matchAll(/\/(assets\/images\/[^" ]+)/g))
      expect(existsSync(project.file(`dist/${src[1]}`)), src[1]).toBe(true);
  });

  it('changes on the page when its file in public/ changes and the Markdown does not (cache on)', async () => {
    await project.write('content/pages/team.md', pageSource('Team', '![The team](/images/team.jpg)\n'));
    const cached = () => buildSite(resolveConfig({ root: project.root }));
    await cached();
    expect(await project.read('dist/team.html')).toContain('width="500" height="300" alt="The team"');
    await project.write(
      'public/images/team.jpg',
      await sharp({ create: { width: 600, height: 200, channels: 3, background: '#aa3366' } })
        .jpeg()
        .toBuffer(),
    );
    await cached();
    expect(await project.read('dist/team.html')).toContain('width="600" height="200" alt="The team"');
  });

  it("is written by the templates' Picture component: a change to templates/ui/Picture.tsx shows in Markdown images too (cache on)", async () => {
    await project.write('content/pages/team.md', pageSource('Team', '![The team](/images/team.jpg)\n'));
    const cached = () => buildSite(resolveConfig({ root: project.root }));
    await cached();
    expect(await project.read('dist/team.html')).not.toContain('data-frame');
    await project.edit('templates/ui/Picture.tsx', '<picture>', '<picture data-frame="plain">');
    await cached();
    const html = await project.read('dist/team.html');
    expect(html).toMatch(/<picture data-frame="plain"><source type="image\/avif" srcSet="\/assets\/images\/team-/);
  });

  it('in a legal page and through a reference, with a base path, takes the base in every link', async () => {
    await project.edit(
      'content/legal/terms.md',
      /\n$/,
      '\n\n![Signed contract][contract]\n\n[contract]: /images/team.jpg\n',
    );
    await build('/sub/');
    const html = await project.read('dist/terms.html');
    expect(html).toMatch(
      /<picture><source type="image\/avif" srcSet="\/sub\/assets\/images\/team-400-[0-9a-f]{10}\.avif 400w, \/sub\/assets/,
    );
    expect(html).toMatch(
      /<img src="\/sub\/assets\/images\/team-500-[0-9a-f]{10}\.jpg" srcSet="[^"]+" sizes="[^"]+" width="500" height="300" alt="Signed contract"/,
    );
  });

  it('without alt text is an error at its file and line, with a hint of what to write', async () => {
    await project.write('content/pages/team.md', pageSource('Team', 'Intro.\n\n![](/images/team.jpg)\n'));
    const [error, ...more] = await siteErrorsOf(build());
    expect(more).toEqual([]);
    expect(error).toMatchObject({
      code: 'ImageAltMissing',
      file: 'content/pages/team.md',
      line: lineOf(pageSource('Team', 'Intro.\n\n![](/images/team.jpg)\n'), '![]('),
      column: 1,
    });
    expect(error!.hint).toContain('![Our team at the spring workshop](/images/team.jpg)');
  });

  it('whose file is missing is MissingImage at its file and line', async () => {
    await project.write(
      'content/pages/team.md',
      pageSource('Team', 'Intro.\n\nSee ![Our office](/images/office.jpg).\n'),
    );
    const [error, ...more] = await siteErrorsOf(build());
    expect(more).toEqual([]);
    expect(error).toMatchObject({
      code: 'MissingImage',
      file: 'content/pages/team.md',
      line: lineOf(pageSource('Team', 'Intro.\n\nSee ![Our office](/images/office.jpg).\n'), 'See !['),
      column: 5,
    });
    expect(error!.message).toContain('public/images/office.jpg');
  });

  it('from another site is refused: the site loads nothing from third parties', async () => {
    await project.write(
      'content/pages/team.md',
      pageSource('Team', '![Our office](https://images.example.com/office.jpg)\n'),
    );
    const [error] = await siteErrorsOf(build());
    expect(error).toMatchObject({
      code: 'ExternalImage',
      file: 'content/pages/team.md',
      line: lineOf(pageSource('Team', '![Our office](https://images.example.com/office.jpg)\n'), '![Our office]'),
    });
    expect(error!.hint).toContain('public/images/');
  });

  it('with a relative path is an error that asks for the path from public/', async () => {
    await project.write('content/pages/team.md', pageSource('Team', '![Our office](images/team.jpg)\n'));
    const [error] = await siteErrorsOf(build());
    expect(error).toMatchObject({
      code: 'MissingImage',
      file: 'content/pages/team.md',
      line: lineOf(pageSource('Team', '![Our office](images/team.jpg)\n'), '![Our office]'),
    });
    expect(error!.hint).toContain('starting with /');
  });
});
