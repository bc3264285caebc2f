import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { loadSite } from '../../src/content/load.ts';
import { copyProject, PROJECT_ROOT, siteErrorsOf, type TempProject } from '../helpers/project.ts';

let project: TempProject | undefined;
afterEach(async () => {
  await project?.cleanup();
  project = undefined;
});

const loadErrors = (root: string) => siteErrorsOf(loadSite(resolveConfig({ root })));

describe('loadSite', () => {
  it('reads the shipped content into a typed site, collections in their order', async () => {
    const { site, sources } = await loadSite(resolveConfig({ root: PROJECT_ROOT }));
    expect(site.services.map((service) => service.title)).toEqual(['Web Development', 'AI Assistants', 'Branding']);
    expect(site.portfolio.map((item) => [item.title, item.picture.width, item.picture.height])).toEqual([
      ['E-Commerce Platform', 800, 600],
      ['AI Customer Support', 800, 600],
      ['Brand Identity Suite', 800, 600],
    ]);
    expect(site.legal.map((page) => page.slug)).toEqual(['terms', 'refund-policy', 'privacy-policy']);
    expect(site.stats).toEqual([
      { value: '150+', label: 'Happy Clients' },
      { value: '200+', label: 'Projects Completed' },
      { value: '5.0', label: 'Average Rating' },
    ]);
    expect(site.services[0]!.html).toMatch(/^<p>Fast, accessible websites/);
    expect(sources.map((source) => source.file)).toContain('content/site.yaml');
  });

  it('adds a service from one new Markdown file, placed by its order', async () => {
    project = await copyProject();
    await project.write(
      'content/services/seo.md',
      '---\ntitle: SEO\norder: 0\nicon: chart\nfeatures:\n  - Audits\n---\n\nBe found.\n',
    );
    const { site } = await loadSite(resolveConfig({ root: project.root }));
    expect(site.services.map((service) => service.title)).toEqual([
      'SEO',
      'Web Development',
      'AI Assistants',
      'Branding',
    ]);
  });

  it('reports every problem of every file at once, each with its file and line', async () => {
    project = await copyProject();
    await project.edit('content/services/branding.md', 'title: Branding\n', '');
    await project.edit('content/stats.yaml', 'value: "5.0"', 'value: 5.0');
    await project.edit('content/site.yaml', 'skipLink:', 'skiplink:');
    const errors = await loadErrors(project.root);
    expect(errors.map((error) => [error.code, error.file, error.line])).toEqual([
      ['FrontmatterInvalid', 'content/services/branding.md', 2],
      ['YamlInvalid', 'content/site.yaml', 4],
      ['YamlInvalid', 'content/site.yaml', 15],
      ['YamlInvalid', 'content/stats.yaml', 6],
    ]);
    expect(errors[0]!.message).toBe('The field "title" is missing.');
    expect(errors[1]!.message).toBe('The field "skipLink" is missing.');
    expect(errors.map((error) => error.message)).toContain(
      'Unknown field "skiplink": this kind of content has no such field.',
    );
    expect(errors.find((error) => error.message.startsWith('Unknown'))!.hint).toMatch(/Did you mean "skipLink"\?/);
    expect(errors[3]!.hint).toContain('value: "5"');
  });
});
