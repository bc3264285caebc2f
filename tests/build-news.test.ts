/**
 * News end to end: a copy of the project with posts published, draft and scheduled, built into a
 * temporary folder at a fixed now; the pages, lists, feeds and sitemap it writes; --drafts,
 * --future, --format directory; the errors; and `agency-site dev` showing the badges.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/build.ts';
import { resolveConfig, type Options } from '../src/config.ts';
import { CLI, lineOf, runCli, siteErrorsOf, type TempProject } from './helpers/project.ts';
import { copyWarmProject } from './helpers/warm-project.ts';

const NOW = '2026-11-24T12:00:00Z';

const postSource = (title: string, front: string, body = 'Text of the post, long enough to read.') =>
  `---\ntitle: ${title}\ndescription: What ${title} is about, in a sentence or two.\n${front}\n---\n\n${body}\n`;

let project: TempProject;

beforeAll(async () => {
  project = await copyWarmProject('agency-site-news-');
  await project.edit('content/site.yaml', /pageSize: \d+/, 'pageSize: 2');
  await project.write('content/news/tomorrow.md', postSource('Tomorrow', 'date: 2026-11-25'));
  await project.write('content/news/secret.md', postSource('Secret', 'date: 2026-11-01\ndraft: true'));
  await project.write('content/news/today.md', postSource('Today', 'date: 2026-11-24T09:00+01:00\nauthor: Ana Lima'));
});

afterAll(() => project?.cleanup());

async function build(out: string, options: Options = {}) {
  const config = resolveConfig({ root: project.root, out, now: NOW, ...options });
  const result = await buildSite(config);
  const read = (file: string) => readFile(path.join(config.outDir, file), 'utf8');
  const files = async (folder = '') =>
    (await readdir(path.join(config.outDir, folder), { recursive: true })).map(String).sort();
  return { read, files, warnings: result.warnings };
}

describe('a build with news', () => {
  it('publishes past posts newest first at /news, paginated, and leaves drafts and later posts out everywhere', async () => {
    const site = await build('dist');
    const news = await site.files('news');
    expect(news).toEqual(
      expect.arrayContaining([
        'ai-assistants-for-small-teams.html',
        'faster-sites-by-default.html',
        'today.html',
        'page/2.html',
        'atom.xml',
        'rss.xml',
        'feed.json',
      ]),
    );
    expect(news.join(' ')).not.toMatch(/secret|tomorrow/);
    const first = await site.read('news.html');
    const titles = [...first.matchAll(/class="news-card-title"><a href="([^"]+)"/g)].map((match) => match[1]);
    expect(titles).toEqual(['/news/today', '/news/ai-assistants-for-small-teams']);
    expect(first).toContain('<a rel="next" href="/news/page/2">');
    // Visitors find the news: every page's footer links /news in the words of site.yaml's news heading.
    for (const page of ['index.html', 'terms.html', 'news.html'])
      expect(await site.read(page)).toMatch(
        /<nav aria-labelledby="footer-quick-links">[\s\S]*?<a href="\/news">News<\/a>/,
      );
    expect(first).not.toContain('rel="prev"');
    expect(first).toContain('<time dateTime="2026-11-24T09:00+01:00">November 24, 2026</time>');
    const second = await site.read('news/page/2.html');
    expect(second).toContain('<a rel="prev" href="/news">');
    expect(second).toContain('href="/news/faster-sites-by-default"');
    expect(second).toContain('Page 2 of 2');
    // Further pages name their number in title and description: no two pages share either.
    expect(second).toContain('<title>News from the studio (Page 2 of 2) | Northwind Studio</title>');
    expect(second).toMatch(/<meta name="description" content="[^"]+ \(Page 2 of 2\)"\/>/);
    const duplicates = site.warnings.filter((warning) => /^Duplicate/.test(warning.code));
    expect(duplicates.map((warning) => warning.message)).toEqual([]);
    for (const file of ['sitemap.xml', 'news/atom.xml', 'news/rss.xml', 'news/feed.json', 'index.html'])
      expect(await site.read(file)).not.toMatch(/secret|tomorrow/i);
    const sitemap = await site.read('sitemap.xml');
    expect(sitemap).toContain(
      '<loc>https://northwindstudio.dev/news/today</loc><lastmod>2026-11-24T09:00:00+01:00</lastmod>',
    );
    expect(sitemap).toContain('<loc>https://northwindstudio.dev/news/page/2</loc>');
  });

  it('gives a post its date, author, reading time, neighbours, article tags and BlogPosting', async () => {
    const site = await build('dist');
    const post = await site.read('news/today.html');
    expect(post).toContain('<time dateTime="2026-11-24T09:00+01:00">November 24, 2026</time>');
    expect(post).toContain('By Ana Lima');
    expect(post).toContain('1 min read');
    expect(post).not.toContain('rel="prev"');
    expect(post).toMatch(/<a rel="next" href="\/news\/ai-assistants-for-small-teams">/);
    expect(post).toContain('<meta property="og:type" content="article"/>');
    expect(post).toContain('<meta property="article:published_time" content="2026-11-24T09:00:00+01:00"/>');
    const jsonLd = JSON.parse(post.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(jsonLd).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Today',
      datePublished: '2026-11-24T09:00:00+01:00',
      author: { '@type': 'Person', name: 'Ana Lima' },
      url: 'https://northwindstudio.dev/news/today',
    });
    // The feeds are advertised on /news and the home page, not on a post.
    expect(post).not.toContain('rel="alternate"');
    for (const file of ['news.html', 'index.html'])
      expect(await site.read(file)).toContain(
        '<link rel="alternate" type="application/atom+xml" title="Northwind Studio news" href="/news/atom.xml"/>',
      );
  });

  it('includes drafts with --drafts and later posts with --future, each with its badge', async () => {
    const site = await build('preview', { drafts: true, future: true });
    const news = await site.files('news');
    expect(news).toEqual(expect.arrayContaining(['secret.html', 'tomorrow.html']));
    expect(await site.read('news/secret.html')).toContain('<p class="news-badge">Draft</p>');
    expect(await site.read('news/tomorrow.html')).toContain(
      '<p class="news-badge">Scheduled for November 25, 2026</p>',
    );
    expect(await site.read('news/feed.json')).toContain('/news/tomorrow');
    const drafts = await build('drafts-only', { drafts: true });
    expect(await drafts.files('news')).not.toContain('tomorrow.html');
  });

  it('shows a scheduled post once now reaches its date, with the same bytes for the same now', async () => {
    const before = await build('before');
    const again = await build('again');
    for (const file of ['news.html', 'news/atom.xml', 'news/rss.xml', 'news/feed.json', 'sitemap.xml'])
      expect(await again.read(file)).toBe(await before.read(file));
    // The CLI, with now from the environment as the README documents it.
    const cli = await runCli(['build', '--root', project.root, '--out', 'after'], {
      env: { ...process.env, AGENCY_SITE_NOW: '2026-11-25' },
    });
    expect(cli.code, cli.stderr).toBe(0);
    const atom = await readFile(project.file('after/news/atom.xml'), 'utf8');
    expect(atom).toContain('<id>https://northwindstudio.dev/news/tomorrow</id>');
    expect(atom).toContain('<updated>2026-11-25T00:00:00Z</updated>');
  });

  it('lays the news out as folders with --format directory', async () => {
    const site = await build('directory', { format: 'directory' });
    const files = await site.files();
    expect(files).toEqual(
      expect.arrayContaining(['news/index.html', 'news/page/2/index.html', 'news/today/index.html', 'news/atom.xml']),
    );
    expect(await site.read('news/index.html')).toContain('<a rel="next" href="/news/page/2/">');
  });
});

describe('news errors', () => {
  it('stops a link from a published page to a draft or later post, at the line of the link, saying why', async () => {
    await project.write(
      'content/pages/promo.md',
      '---\ntitle: A page that links to posts too early\ndescription: Links to the secret and the scheduled post.\n---\n\nSee [the secret](/news/secret) and [tomorrow](/news/tomorrow).\n',
    );
    try {
      const errors = (
        await siteErrorsOf(buildSite(resolveConfig({ root: project.root, now: NOW, out: 'broken' })))
      ).filter((error) => error.severity === 'error');
      const text = await project.read('content/pages/promo.md');
      expect(errors.map((error) => [error.code, error.file, error.line])).toEqual([
        ['UnpublishedLink', 'content/pages/promo.md', lineOf(text, '/news/secret')],
        ['UnpublishedLink', 'content/pages/promo.md', lineOf(text, '/news/tomorrow')],
      ]);
      expect(errors[0]!.message).toContain('draft: true');
      expect(errors[1]!.message).toContain('dated 2026-11-25, later than this build');
      // Built with both included, the same links are fine.
      await buildSite(resolveConfig({ root: project.root, now: NOW, out: 'fine', drafts: true, future: true }));
    } finally {
      await project.remove('content/pages/promo.md');
    }
  });

  it('reports a date that does not exist at its file and line', async () => {
    await project.write('content/news/bad.md', postSource('Bad', 'date: 2026-13-01'));
    try {
      const errors = (
        await siteErrorsOf(buildSite(resolveConfig({ root: project.root, now: NOW, out: 'bad' })))
      ).filter((error) => error.severity === 'error');
      expect(errors.map((error) => [error.code, error.file, error.line])).toEqual([
        ['FrontmatterInvalid', 'content/news/bad.md', 4],
      ]);
      expect(errors[0]!.message).toMatch(/date/);
    } finally {
      await project.remove('content/news/bad.md');
    }
  });
});

describe('a site without posts', () => {
  it('builds no /news, no feeds and advertises none', async () => {
    const empty = await copyWarmProject('agency-site-no-news-');
    try {
      await empty.remove('content/news');
      const config = resolveConfig({ root: empty.root, now: NOW });
      await buildSite(config);
      const files = (await readdir(config.outDir, { recursive: true })).map(String);
      expect(files.filter((file) => file.startsWith('news'))).toEqual([]);
      const home = await readFile(path.join(config.outDir, 'index.html'), 'utf8');
      expect(home).not.toContain('rel="alternate"');
      expect(home).not.toContain('href="/news"');
      // A news block with no posts is fine; posts without one are not.
      await empty.remove('content/site.yaml');
      await empty.write(
        'content/site.yaml',
        (await readFile(path.join(project.root, 'content/site.yaml'), 'utf8')).replace(/\nnews:\n( {2}.*\n)+/, '\n'),
      );
      await mkdir(empty.file('content/news'));
      await empty.write('content/news/a.md', postSource('A post', 'date: 2026-01-01'));
      const errors = await siteErrorsOf(buildSite(resolveConfig({ root: empty.root, now: NOW }), { write: false }));
      expect(errors.map((error) => error.code)).toContain('NewsSettingsMissing');
    } finally {
      await empty.cleanup();
    }
  });
});

describe('agency-site dev with news', () => {
  it('shows drafts with a "Draft" badge and later posts with "Scheduled for <date>"', async () => {
    const child = spawn(process.execPath, [CLI, 'dev', '--root', project.root, '--port', '0'], {
      env: { ...process.env, NO_COLOR: '1', AGENCY_SITE_NOW: NOW },
    });
    try {
      let stdout = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout!.on('data', (chunk) => {
          stdout += chunk;
          const found = /Dev server: (http:\/\/\S+)/.exec(stdout)?.[1];
          if (found) resolve(found);
        });
        child.on('exit', (code) => reject(new Error(`dev exited with ${code}: ${stdout}`)));
      });
      const page = async (sitePath: string) => {
        const response = await fetch(new URL(sitePath, url));
        return { status: response.status, html: await response.text() };
      };
      const secret = await page('/news/secret');
      expect(secret.status).toBe(200);
      expect(secret.html).toContain('<p class="news-badge">Draft</p>');
      expect((await page('/news/tomorrow')).html).toContain(
        '<p class="news-badge">Scheduled for November 25, 2026</p>',
      );
      const list = (await page('/news')).html;
      expect(list).toContain('<span class="news-badge">Scheduled for November 25, 2026</span>');
      // A published post has no badge.
      expect((await page('/news/today')).html).not.toContain('news-badge');
    } finally {
      child.kill();
    }
  });
});
