import { afterEach, describe, expect, it } from 'vitest';
import { createBuildCache, forgetChanges } from '../../src/cache/build-cache.ts';
import { buildSite } from '../../src/build.ts';
import { resolveConfig } from '../../src/config.ts';
import type { PlannedFile } from '../../src/output/staging.ts';
import type { TempProject } from '../helpers/project.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

let project: TempProject;
afterEach(() => project?.cleanup());

const home = (output: PlannedFile[]) => String(output.find((file) => file.path === 'index.html')?.contents ?? '');

describe('build cache', () => {
  it('reuses a content file until told it changed, and then re-reads only that file', async () => {
    project = await copyWarmProject('agency-site-cache-');
    const config = resolveConfig({ root: project.root });
    const cache = createBuildCache();
    await buildSite(config, { write: false, cache });
    const templates = cache.templates;
    const terms = await cache.content.files.get(project.file('content/legal/terms.md'));

    await project.edit('content/about.md', 'a small team', 'an unseen team');
    expect(home((await buildSite(config, { write: false, cache })).output)).not.toContain('an unseen team');

    forgetChanges(cache, config, [{ path: project.file('content/about.md'), event: 'change' }]);
    expect(home((await buildSite(config, { write: false, cache })).output)).toContain('an unseen team');
    expect(cache.templates).toBe(templates);
    expect(await cache.content.files.get(project.file('content/legal/terms.md'))).toBe(terms);
  });

  it('forgets the template bundle for a template, the assets for the stylesheet, and everything under a removed folder', async () => {
    project = await copyWarmProject('agency-site-cache-');
    const config = resolveConfig({ root: project.root });
    const cache = createBuildCache();
    await buildSite(config, { write: false, cache });

    forgetChanges(cache, config, [{ path: project.file('templates/sections/AboutSection.tsx'), event: 'change' }]);
    expect(cache.templates).toBeUndefined();
    expect(cache.assets).toBeDefined();

    await buildSite(config, { write: false, cache });
    forgetChanges(cache, config, [{ path: project.file('templates/styles/site.css'), event: 'change' }]);
    expect(cache.assets).toBeUndefined();
    expect(cache.templates).toBeDefined();

    await buildSite(config, { write: false, cache });
    forgetChanges(cache, config, [{ path: project.file('templates/sections/NewSection.tsx'), event: 'add' }]);
    expect(cache.templates).toBeUndefined();
    expect(cache.assets).toBeUndefined();

    await buildSite(config, { write: false, cache });
    forgetChanges(cache, config, [{ path: project.file('content/legal'), event: 'unlinkDir' }]);
    expect([...cache.content.files.keys()].some((file) => file.startsWith(project.file('content/legal/')))).toBe(false);
    expect(cache.content.files.has(project.file('content/about.md'))).toBe(true);

    forgetChanges(cache, config, [{ path: project.file('public/images/logo.svg'), event: 'change' }]);
    expect(cache.publicFiles).toBeUndefined();
    expect(cache.content.images.size).toBe(0);
  });
});
