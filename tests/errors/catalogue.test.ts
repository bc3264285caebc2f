/** The catalogue: one entry per code, each with a title, a hint and a severity; errors made from facts. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AdviceCode, catalogue, createError, SiteError, type SiteErrorCode } from '../../src/errors.ts';
import { RULES } from '../../src/advice/rules.ts';

// Typed against the union both ways: a code without an entry, or an entry without a code, fails tsc here.
const codes: SiteErrorCode[] = Object.keys(catalogue) as Array<keyof typeof catalogue>;
type Unlisted = Exclude<SiteErrorCode, keyof typeof catalogue>;
const everyCodeListed: [Unlisted] extends [never] ? true : false = true;

describe('the error catalogue', () => {
  it('has an entry for every code, with a title, a message builder, a hint and a severity', () => {
    expect(everyCodeListed).toBe(true);
    expect(codes.length).toBeGreaterThan(50);
    for (const code of codes) {
      const entry = catalogue[code];
      expect(entry.title, code).toMatch(/\S/);
      expect(typeof entry.message, code).toBe('function');
      expect(typeof entry.hint === 'function' || /\S/.test(entry.hint), code).toBe(true);
      expect(['error', 'warning'], code).toContain(entry.severity);
    }
  });

  it('gives every code its own title', () => {
    const titles = codes.map((code) => catalogue[code].title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('makes the message and hint from the facts, and keeps the place and cause', () => {
    const cause = new Error('EADDRINUSE');
    const error = createError('PortBusy', { port: 4321, attempts: 10, host: '127.0.0.1' }, { cause });
    expect(error.message).toBe('The ports 4321 to 4330 on 127.0.0.1 are all in use, so the server cannot start.');
    expect(error.hint).toBe('Stop the other server, or pass another port with --port (--port 0 takes any free one).');
    expect(error.cause).toBe(cause);
    const image = createError(
      'MissingImage',
      { src: '/images/a.png', problem: 'absent' },
      { file: 'content/x.md', line: 3 },
    );
    expect(image).toMatchObject({
      code: 'MissingImage',
      message: 'The image /images/a.png does not exist: there is no file public/images/a.png.',
      hint: 'Add the image as public/images/a.png, or correct the path (it starts inside public/).',
      file: 'content/x.md',
      line: 3,
    });
  });

  it('takes the severity from the code, whichever list the error lands in', () => {
    expect(createError('HostLimit', { file: '_headers', rules: 101, max: 100 }).severity).toBe('warning');
    expect(createError('OutputMissing', { outDir: 'dist' }).severity).toBe('error');
    expect(createError('UnusedContent', {}).severity).toBe('error');
    // The older form, with the words at the call site, still knows its severity and title.
    expect(new SiteError({ code: 'RawHtmlRemoved', message: 'Removed.' })).toMatchObject({
      severity: 'warning',
      title: 'Raw HTML removed',
    });
  });

  it('names one page or several in a link problem', () => {
    const one = createError('MissingAsset', { pages: ['/'], value: '/a.png', path: '/a.png' });
    expect(one.message).toBe('The page / links to "/a.png", but the output has no file /a.png.');
    const two = createError('BrokenAnchor', {
      pages: ['/', '/about'],
      value: '/#x',
      target: '/',
      id: 'x',
      ids: ['main'],
    });
    expect(two.message).toBe('The pages /, /about link to "/#x", but the page / has no element with id="x".');
    expect(two.hint).toBe('Link to an anchor that exists on /: #main.');
  });

  it('makes every advice rule a warning code, and no other code an advice code', () => {
    const adviceCodes = Object.values(RULES).map((rule) => rule.code);
    for (const code of adviceCodes) expect(catalogue[code].severity, code).toBe('warning');
    // @ts-expect-error: UnusedContent is an error about structure, not advice about copy.
    const notAdvice: AdviceCode = 'UnusedContent';
    expect(adviceCodes).not.toContain(notAdvice);
  });
});

describe('entries for the modules that wrote their words inline', () => {
  // The same words as those modules wrote, so converting them changed no output.
  it('gives the messages and hints of config.ts, project-paths.ts, decode.ts and frontmatter.ts', () => {
    const base = createError('UsageError', {
      base: '/other/',
      siteUrl: 'https://user.github.io/repo/',
      sitePath: '/repo/',
    });
    expect(base.message).toBe(
      '--base /other/ does not match the site URL https://user.github.io/repo/, whose path is /repo/.',
    );
    expect(createError('UsageError', { text: '--threads must be a whole number from 0 to 64, not "x".' }).hint).toBe(
      'Run agency-site build --help for the flags.',
    );
    const link = createError('SymlinkOutside', { shown: 'public/a.png', folder: 'public' });
    expect(link.message).toBe(
      'public/a.png is a symbolic link (or lies in a linked folder) that leads out of public/; the build reads only files inside public/.',
    );
    expect(createError('FileTooLarge', { bytes: 3.5 * 1024 * 1024, limit: 2 * 1024 * 1024 }).message).toBe(
      'The file is 3.5 MB; a content file may be at most 2 MB.',
    );
    const large = createError('FileTooLarge', {
      bytes: 3.5 * 1024 * 1024,
      limit: 2 * 1024 * 1024,
      shown: 'public/a.mp4',
    });
    expect(large.message).toBe('The file is 3.5 MB; a file here may be at most 2 MB.');
    expect(large.hint).toBe('Make the file smaller (compress the image or the video), or host it elsewhere.');
    expect(createError('SymlinkOutside', { sourceFolder: 'public' }).message).toBe(
      'public/ is a symbolic link that leads out of the project; the build reads only files inside the project.',
    );
    expect(createError('FileUnreadable', { notRegular: 'content/x.md' }).hint).toBe(
      'Replace it with an ordinary file, or remove it.',
    );
    expect(createError('FileTooLarge', { shown: 'public/a.svg', tags: 200_000 }).message).toBe(
      'public/a.svg has more than 200,000 tags, far more than any page or image needs: reading them all would take gigabytes of memory.',
    );
    expect(createError('FileEncoding', { shown: 'public/a.html', scanned: 'not utf-8' }).hint).toBe(
      'Save the file as UTF-8 (without NUL bytes), then build again.',
    );
    expect(createError('MarkdownTooDeep', { limit: 64, nesting: 'html' }).message).toBe(
      'The text nests HTML elements more than 64 levels deep here, more than any page can show.',
    );
    expect(createError('UnsafeHtml', { shown: 'public/a.html', what: 'a <script> element' }).hint).toBe(
      'Remove the script, event handler or embedded frame; if the repository is trusted and really needs scripted pages in public/, build with --allow-scripts (README: Security).',
    );
    expect(createError('FrontmatterSyntax', { problem: 'stray break', charCode: 0x2028 }).message).toBe(
      'The opening --- line holds a line separator (U+2028), which editors show as a line break but Markdown does not.',
    );
  });
});

describe('the words of every error', () => {
  const src = path.resolve(import.meta.dirname, '../../src');

  /** The .ts and .tsx files under src/ outside src/errors/, relative to src/. */
  function sourceFiles(): string[] {
    return readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith(`errors${path.sep}`))
      .sort();
  }

  it('come from the catalogue: no module outside src/errors/ writes new SiteError(', () => {
    const files = sourceFiles();
    expect(files).toContain('build.ts');
    expect(files).toContain(path.join('content', 'decode.ts'));
    const inline = files.filter((file) => readFileSync(path.join(src, file), 'utf8').includes('new SiteError('));
    expect(
      inline,
      'use createError(code, facts, place) and give the code its words in src/errors/catalogue.ts',
    ).toEqual([]);
  });
});
