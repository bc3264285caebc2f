import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileVersionCounter } from '../../src/cache/file-versions.ts';

const root = path.resolve('/project');
const content = path.join(root, 'content');
const templates = path.join(root, 'templates');
const at = (...parts: string[]) => path.join(root, ...parts);

describe('createFileVersionCounter', () => {
  it('moves the version of the changed file only, and leaves listings alone for a save', () => {
    const counter = createFileVersionCounter([content, templates]);
    const before = counter.snapshot();
    counter.record({ path: at('content', 'about.md'), event: 'change' });
    const after = counter.snapshot();
    expect(after.file(at('content', 'about.md'))).not.toBe(before.file(at('content', 'about.md')));
    expect(after.file(at('content', 'stats.yaml'))).toBe(before.file(at('content', 'stats.yaml')));
    expect(after.listing(at('content', 'legal'))).toBe(before.listing(at('content', 'legal')));
    expect(after.folder(content)).not.toBe(before.folder(content));
    expect(after.folder(templates)).toBe(before.folder(templates));
  });

  it('moves the listing of the source folder when a file comes or goes', () => {
    const counter = createFileVersionCounter([content, templates]);
    const before = counter.snapshot();
    counter.record({ path: at('content', 'pages', 'new.md'), event: 'add' });
    const after = counter.snapshot();
    expect(after.listing(at('content', 'pages'))).not.toBe(before.listing(at('content', 'pages')));
    expect(after.listing(templates)).toBe(before.listing(templates));
  });

  it('moves every version when a folder comes or goes, and keeps a snapshot as it was', () => {
    const counter = createFileVersionCounter([content, templates]);
    const before = counter.snapshot();
    const file = before.file(at('templates', 'site.css'));
    counter.record({ path: at('content', 'legal'), event: 'unlinkDir' });
    expect(counter.snapshot().file(at('templates', 'site.css'))).not.toBe(file);
    expect(before.file(at('templates', 'site.css'))).toBe(file);
  });
});
