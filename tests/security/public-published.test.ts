/**
 * The allow-list of public/ must not refuse what a small agency's site legitimately serves:
 * GitHub Pages' CNAME, .well-known/security.txt, icons, manifests, captions, fonts, media and
 * documents are published byte for byte, and a link to a folder is skipped rather than refused
 * as a file without an extension. Every input is written by the test; the CLI runs as a real process.
 */
import { mkdir, symlink } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, runCli, type TempProject } from '../helpers/project.ts';

const PUBLISHED: Array<[file: string, contents: string]> = [
  ['CNAME', 'www.northwind.example\n'],
  ['.well-known/security.txt', 'Contact: mailto:security@northwind.example\n'],
  ['.well-known/assetlinks.json', '[]\n'],
  ['humans.txt', 'Team: Northwind Studio\n'],
  ['ads.txt', 'placeholder.example, pub-0, DIRECT\n'],
  ['favicon.ico', '\0\0\u0001\0'],
  ['apple-touch-icon-precomposed.png', '\u0089PNG\r\n'],
  ['app.webmanifest', '{"name":"Northwind"}\n'],
  ['media/intro.vtt', 'WEBVTT\n\n'],
  ['media/intro.mp4', '\0\0\0\u0018ftypmp42'],
  ['fonts/brand.woff2', 'wOF2'],
  ['docs/brochure.pdf', '%PDF-1.4\n%%EOF\n'],
];

describe('agency-site build with the files a small agency puts in public/', () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await copyProject('agency-site-published-');
    for (const folder of ['.well-known', 'media', 'fonts', 'docs']) {
      await mkdir(project.file(`public/${folder}`), { recursive: true });
    }
    for (const [file, contents] of PUBLISHED) await project.write(`public/${file}`, contents);
    await project.write('public/.well-known/.htaccess', 'Options +ExecCGI\n');
    await project.write('public/.env', 'TOKEN=x\n');
    // Regression: a link to a folder was refused as "a file without an extension".
    await symlink('images', project.file('public/pictures'));
  });
  afterAll(async () => {
    await project?.cleanup();
  });

  it('publishes each of them as it is, and no dot file but those in .well-known/', async () => {
    const result = await runCli(['build'], { cwd: project.root });
    expect(result.code, result.stderr).toBe(0);
    for (const [file, contents] of PUBLISHED) expect(await project.read(`dist/${file}`), file).toBe(contents);
    await expect(project.read('dist/.well-known/.htaccess')).rejects.toThrow();
    await expect(project.read('dist/.env')).rejects.toThrow();
    // A cold build of the whole site, images included.
  }, 180_000);

  it('takes CNAME only at the root of public/, where GitHub Pages reads it', async () => {
    await project.write('public/docs/CNAME', 'evil.example\n');
    try {
      const result = await runCli(['check'], { cwd: project.root });
      expect(result.code).toBe(1);
      const codes = [...result.stderr.matchAll(/^error (\S+) \[(\w+)\]/gm)].map((match) => `${match[1]} ${match[2]}`);
      expect(codes).toEqual(['public/docs/CNAME PublicFileType']);
    } finally {
      await project.remove('public/docs/CNAME');
    }
  }, 60_000);
});
