/**
 * Issue 23, point 4: parsing any one file has a bounded cost. Every input is generated here; the
 * slow ones before the fix (minutes, or an out-of-memory crash) are refused cleanly now. Time and
 * memory are measured by bench/budgets.js, not here: these tests check what is refused and where.
 */
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeFrame, FRAME_WIDTH, SiteErrors, type SiteError } from '../../src/errors.ts';
import { MAX_ALIAS_COUNT, MAX_KEY_COUNT, parseYaml } from '../../src/content/yaml.ts';
import { findTooDeepHtml, MAX_HTML_DEPTH } from '../../src/markdown/depth.ts';
import { GUARD_MARKERS, needsGuard } from '../../src/markdown/guarded.ts';
import { renderMarkdownAll } from '../../src/markdown/batch.ts';
import { MarkdownRefused } from '../../src/markdown/guarded.ts';
import { checkEmbeddedImages, MAX_IMAGE_PIXELS } from '../../src/images/size.ts';
import { pageSource, runCli, type TempProject } from '../helpers/project.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

function yamlErrors(text: string): SiteError[] {
  try {
    parseYaml(text, { file: 'content/x.yaml', source: text, lineOffset: 0, syntaxCode: 'YamlSyntax' });
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors;
    throw error;
  }
  throw new Error('expected parseYaml to refuse the text');
}

/** A 1-bit greyscale PNG, all black: 20000 by 20000 pixels deflate to about 50 KB. */
function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1;
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(data.length + 12);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    // image-size and this check read no CRC; sharp is never reached.
    return out;
  };
  const pixels = deflateSync(Buffer.alloc((Math.ceil(width / 8) + 1) * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const svgWith = (href: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><image width="200" height="200" href="${href}"/></svg>\n`;

describe('YAML limits, checked in one pass', () => {
  it('refuses 45,000 aliases at the first one over the limit, not after minutes', () => {
    const text = `a: &a [x]\nb: [${'*a, '.repeat(45_000)}*a]\n`;
    const [error, ...rest] = yamlErrors(text);
    expect(rest).toEqual([]);
    expect(error!.message).toContain(`more than ${MAX_ALIAS_COUNT} aliases`);
    expect([error!.line, error!.column]).toEqual([2, 5 + 4 * MAX_ALIAS_COUNT]);
  });

  it('refuses 80,000 keys at the first one over the limit', () => {
    const text = Array.from({ length: 80_000 }, (_, n) => `k${n}: 1\n`).join('');
    const [error] = yamlErrors(text);
    expect(error!.message).toContain(`more than ${MAX_KEY_COUNT} keys`);
    expect(error!.line).toBe(MAX_KEY_COUNT + 1);
  });

  it('still finds a repeated key among thousands, and an alias to no anchor', () => {
    const keys = Array.from({ length: 5_000 }, (_, n) => `k${n}: 1\n`).join('');
    expect(yamlErrors(`${keys}k42: 2\n`).map((error) => [error.line, error.message])).toEqual([
      [5_001, 'The key "k42" appears twice in the same group of fields.'],
    ]);
    // A number and a string of the same spelling are two keys, as in JavaScript's YAML parsers.
    expect(
      parseYaml('1: a\n"1": b\n', { file: 'x', source: '', lineOffset: 0, syntaxCode: 'YamlSyntax' }).data,
    ).toEqual({ 1: 'b' });
    expect(yamlErrors('a: *nowhere\n')[0]!.message).toBe('The alias *nowhere refers to no anchor &nowhere above it.');
  });
});

describe('code frames', () => {
  it('show a window around a column far along a 1 MB line, with the caret under it', () => {
    const line = `${'x'.repeat(900_000)}HERE${'y'.repeat(100_000)}`;
    const frame = createCodeFrame(`before\n${line}\nafter\n`, 2, 900_001);
    expect(frame.length).toBeLessThan(4 * (FRAME_WIDTH + 20));
    const lines = frame.split('\n');
    const shown = lines.find((text) => text.startsWith('> 2 |'))!;
    const caret = lines[lines.indexOf(shown) + 1]!;
    expect(shown.slice(caret.indexOf('^'), caret.indexOf('^') + 4)).toBe('HERE');
    expect(shown).toMatch(/^> 2 \| …x+HEREy+…$/);
  });
});

describe('raw HTML nesting', () => {
  it('is found past the limit, wherever it stands, and closed tags and void elements do not count', () => {
    expect(findTooDeepHtml(`${'<sup>'.repeat(2_000)}x`)).toEqual({ line: 0, column: 5 * MAX_HTML_DEPTH });
    expect(findTooDeepHtml('<div>\n'.repeat(MAX_HTML_DEPTH - 1) + '<p>x</p>'.repeat(1_000))).toBeUndefined();
    expect(findTooDeepHtml('<br><img src=x>'.repeat(5_000))).toBeUndefined();
    expect(findTooDeepHtml(`text\n\n${'<div>\n'.repeat(MAX_HTML_DEPTH + 1)}`)?.line).toBe(2 + MAX_HTML_DEPTH);
  });
});

describe('Markdown that would take long to render', () => {
  it('is sent to a guarded worker when long or dense, and rendered here otherwise', () => {
    expect(needsGuard('Some *text* with [a link](/x).\n\n'.repeat(200))).toBe(false);
    expect(needsGuard(`${'*a'.repeat(GUARD_MARKERS + 1)}`)).toBe(true);
    expect(needsGuard('plain text. '.repeat(5_000))).toBe(true);
  });

  it('is refused, naming the body, while the other bodies render', async () => {
    const attack = '*a**a***'.repeat(40_000);
    const rendered = renderMarkdownAll(['# Fine', attack], { threads: 0 });
    const refused = await rendered.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(MarkdownRefused);
    expect([...(refused as MarkdownRefused).refused.keys()]).toEqual([attack]);
  }, 120_000);
});

describe('rasters inside an SVG', () => {
  it('count against the pixel limit of any image, by their own header', () => {
    const huge = blackPng(20_000, 20_000);
    expect(huge.byteLength).toBeLessThan(100_000);
    const problem = checkEmbeddedImages(Buffer.from(svgWith(`data:image/png;base64,${huge.toString('base64')}`)));
    expect(problem).toContain('400,000,000 pixels');
    expect(problem).toContain(MAX_IMAGE_PIXELS.toLocaleString('en'));
  });

  it('are found when spelled with character references, or inside an embedded SVG', () => {
    const huge = blackPng(20_000, 20_000).toString('base64');
    expect(checkEmbeddedImages(Buffer.from(svgWith(`&#100;ata:image/png;base64,${huge}`)))).toContain('pixels');
    const inner = Buffer.from(svgWith(`data:image/png;base64,${huge}`)).toString('base64');
    expect(checkEmbeddedImages(Buffer.from(svgWith(`data:image/svg+xml;base64,${inner}`)))).toContain('pixels');
  });

  it('pass when small', () => {
    const small = blackPng(400, 400).toString('base64');
    expect(checkEmbeddedImages(Buffer.from(svgWith(`data:image/png;base64,${small}`)))).toBeUndefined();
  });
});

describe('the CLI with attack inputs', () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await copyWarmProject('agency-site-budgets-');
  });
  afterAll(async () => {
    await project?.cleanup();
  });

  const check = async (files: Record<string, string | Buffer>) => {
    for (const [file, text] of Object.entries(files)) await project.write(file, text);
    try {
      return await runCli(['check'], { cwd: project.root, timeout: 120_000 });
    } finally {
      for (const file of Object.keys(files)) if (file.startsWith('content/pages/')) await project.remove(file);
    }
  };

  it('refuses 2,000 nested <sup> and <div> at their line, without an internal error', async () => {
    const body = `Intro.\n\n${'<sup>'.repeat(2_000)}x${'</sup>'.repeat(2_000)}\n\n${'<div>\n'.repeat(2_000)}`;
    const result = await check({ 'content/pages/nested.md': pageSource('Nested', body) });
    expect(result.stderr).not.toContain('internal error');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`content/pages/nested.md:9:${5 * MAX_HTML_DEPTH + 1} `);
    expect(result.stderr).toContain('[MarkdownTooDeep] The text nests HTML elements');
  });

  it('refuses emphasis markers that would take minutes to parse, at their file', async () => {
    const result = await check({ 'content/pages/stars.md': pageSource('Stars', '*a**a***'.repeat(20_000)) });
    expect(result.stderr).not.toContain('internal error');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('content/pages/stars.md:7:1 [MarkdownTooComplex]');
  }, 120_000);

  it('reports thousands of broken links on one line with frames of bounded width', async () => {
    const links = Array.from({ length: 1_000 }, (_, n) => `[x](/gone-${n})`).join(' ');
    const result = await check({ 'content/pages/links.md': pageSource('Links', links) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[BrokenLink]');
    expect(result.stderr).toContain('links to "/gone-999"');
    const widest = Math.max(...result.stderr.split('\n').map((line) => line.length));
    expect(widest).toBeLessThan(FRAME_WIDTH + 120);
  }, 120_000);

  it('refuses an SVG logo that embeds a 20000 by 20000 PNG, before drawing it', async () => {
    const logo = await project.read('public/images/logo.svg');
    const huge = blackPng(20_000, 20_000).toString('base64');
    try {
      const result = await check({ 'public/images/logo.svg': svgWith(`data:image/png;base64,${huge}`) });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('public/images/logo.svg');
      expect(result.stderr).toContain('400,000,000 pixels');
    } finally {
      await project.write('public/images/logo.svg', logo);
    }
  }, 120_000);
});
