/** The browser's formats keep the loaded text where the fields did not change: GitHub's saves are format-kept too. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keptFrontmatter, keptYaml, saving } from '../../src/admin/preview/kept-formats.ts';

const home = `# The home page.\n${readFileSync(new URL('../../content/home.yaml', import.meta.url), 'utf8')}`;

describe('the kept formats', () => {
  it('write a one-field change of home.yaml as one changed line, the comment kept', () => {
    const data = keptYaml.fromFile(home) as { sections: Array<Record<string, unknown>> };
    data.sections[1]!.heading = 'What We Make';
    Object.assign(saving, { raw: home, path: 'content/home.yaml' });
    const saved = keptYaml.toFile(data);
    expect(saved).toBe(home.replace('heading: Our Services', 'heading: What We Make'));
  });

  it('write a Markdown entry back as it was when nothing changed', () => {
    const post = readFileSync(new URL('../../content/news/faster-sites-by-default.md', import.meta.url), 'utf8');
    Object.assign(saving, { raw: post, path: 'content/news/faster-sites-by-default.md' });
    expect(keptFrontmatter.toFile(keptFrontmatter.fromFile(post))).toBe(post);
  });
});
