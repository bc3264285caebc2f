import { describe, expect, it } from 'vitest';
import { SiteError } from '../../src/errors.ts';
import { splitFrontmatter } from '../../src/content/frontmatter.ts';

function refusal(text: string): SiteError {
  try {
    splitFrontmatter('content/about.md', text);
  } catch (thrown) {
    if (thrown instanceof SiteError) return thrown;
    throw thrown;
  }
  throw new Error('expected the front matter to be refused');
}

describe('splitFrontmatter', () => {
  it('keeps the YAML on the file lines it came from and counts the lines before the body', () => {
    const split = splitFrontmatter('f.md', '---\ntitle: A\norder: 1\n---\n\nBody\n');
    expect(split.yaml.split('\n')[2]).toBe('order: 1');
    expect(split.body).toBe('\nBody\n');
    expect(split.bodyLineOffset).toBe(4);
  });

  it('does the same with Windows line endings and a "---yaml" opening line', () => {
    const split = splitFrontmatter('f.md', '---yaml\r\ntitle: A\r\norder: 3\r\n---\r\nBody\r\n');
    expect(split.yaml).toBe('\r\ntitle: A\r\norder: 3');
    expect(split.body).toBe('Body\r\n');
    expect(split.bodyLineOffset).toBe(4);
  });

  it('refuses JavaScript and other front matter languages by name, without running them', () => {
    for (const [opening, name] of [
      ['---js', 'js'],
      ['--- javascript', 'javascript'],
      ['---coffee', 'coffee'],
      ['---toml', 'toml'],
    ]) {
      const error = refusal(`${opening}\n{ title: (() => { throw new Error('ran') })() }\n---\n`);
      expect(error.code).toBe('FrontmatterSyntax');
      expect(error.message).toContain(`"${name}" is not allowed`);
      expect([error.line, error.column]).toEqual([1, 4]);
    }
  });

  it('refuses a file without front matter, and front matter that is never closed', () => {
    expect(refusal('Title\n\nText\n').message).toContain('no front matter');
    expect(refusal('---\ntitle: A\n\nText\n').message).toContain('never closed');
  });
});
