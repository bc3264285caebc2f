import { cp, rename } from 'node:fs/promises';
import path from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { startDevServer, type DevHandle } from '../../src/dev/dev.ts';
import { DEV_PATHS, type DevMessage } from '../../src/dev/protocol.ts';
import { connectEvents, rawRequest, waitFor, type EventChannel } from '../helpers/http.ts';
import { WARNINGS_SHOWN_PER_CODE } from '../../src/log.ts';
import { PROJECT_ROOT, pageSource, type TempProject } from '../helpers/project.ts';
import { copyWarmProject } from '../helpers/warm-project.ts';

interface Running {
  project: TempProject;
  dev: DevHandle;
  events: EventChannel;
  page(target?: string): Promise<string>;
}

/** A dev server on a fresh copy of the project, stopped when the test ends. */
async function start(onTestFinished: TestContext['onTestFinished']): Promise<Running> {
  const project = await copyWarmProject('agency-site-dev-');
  const dev = await startDevServer(resolveConfig({ root: project.root }), { port: 0, host: '127.0.0.1', open: false });
  const events = await connectEvents(dev.url);
  onTestFinished(async () => {
    events.close();
    await dev.close();
    await project.cleanup();
  });
  await events.next('hello');
  return { project, dev, events, page: async (target = '/') => (await fetch(new URL(target, dev.url))).text() };
}

// Each test runs its own server on its own copy, so they may run side by side.
describe.concurrent('agency-site dev', () => {
  it('sends a reload after a content edit and then serves the new text', async ({ expect, onTestFinished }) => {
    const { project, events, page } = await start(onTestFinished);
    expect(await page()).toContain('Northwind Studio is a small team');
    await project.edit('content/about.md', 'Northwind Studio is a small team', 'Northwind Studio is a tiny crew');
    const reload = await events.next('reload');
    const html = await page();
    expect(html).toContain('Northwind Studio is a tiny crew');
    expect(html).toContain(`data-build="${reload.build}"`);
  });

  it('sends each browser its open page before the build ends, as the build then serves it', async ({
    expect,
    onTestFinished,
  }) => {
    const { project, dev, events, page } = await start(onTestFinished);
    const home = await connectEvents(dev.url, '/');
    const thanks = await connectEvents(dev.url, '/thanks');
    onTestFinished(() => {
      home.close();
      thanks.close();
    });
    const { build } = await home.next('hello');
    await project.edit('content/about.md', 'Northwind Studio is a small team', 'Northwind Studio is a tiny crew');
    const reload = await home.next('reload');
    // A save can come as two builds (the file written in two steps); the page of the build that reloads is the last before it.
    const types = home.messages.map((message) => message.type);
    const at = types.lastIndexOf('page');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(types.indexOf('reload'));
    const early = home.messages[at] as Extract<DevMessage, { type: 'page' }>;
    expect(early.html).toContain('Northwind Studio is a tiny crew');
    // The same bytes as the page served after the build, but for the build the client script names.
    const served = await page('/');
    expect(early.html.replace(`data-build="${build}"`, `data-build="${reload.build}"`)).toBe(served);
    // Each browser gets its own page; one with no page named (an old client) gets only the reload.
    const other = await thanks.next('page');
    expect(other.html).toContain('Thank you');
    expect(other.html).not.toContain('Northwind Studio is a tiny crew');
    await events.next('reload');
    expect(events.messages.some((message) => message.type === 'page')).toBe(false);
  });

  it('reports broken YAML with its file and line, keeps the last good page, and clears once fixed', async ({
    expect,
    onTestFinished,
  }) => {
    const { project, dev, events } = await start(onTestFinished);
    const original = await project.read('content/site.yaml');
    await project.write('content/site.yaml', original.replace('language: en', 'language: [en'));
    const { errors } = await events.next('errors');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ file: 'content/site.yaml', code: 'YamlSyntax' });
    expect(errors[0]!.line).toBeGreaterThanOrEqual(6);
    expect(errors[0]!.location).toMatch(/^content\/site\.yaml:\d+:\d+$/);
    expect(errors[0]!.frame).toContain('language: [en');
    expect(errors[0]!.hint).toBeTruthy();

    const served = await fetch(dev.url);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('Northwind Studio is a small team');
    const late = await connectEvents(dev.url);
    expect((await late.next('hello')).errors[0]).toMatchObject({ file: 'content/site.yaml' });
    late.close();

    await project.write('content/site.yaml', original);
    await events.next(['clear', 'reload']);
    const after = await connectEvents(dev.url);
    expect((await after.next('hello')).errors).toEqual([]);
    after.close();
  });

  it('ends a burst of 200 saves in the final state, with the server still up', async ({ expect, onTestFinished }) => {
    const { project, dev, events, page } = await start(onTestFinished);
    const original = await project.read('content/about.md');
    for (let save = 0; save < 200; save++) {
      await project.write('content/about.md', original.replace('a small team', `burst save ${save} team`));
    }
    await waitFor(page, (html) => html.includes('burst save 199 team'));
    // Saves are coalesced: far fewer reloads than saves (usually one).
    expect(events.messages.filter((message) => message.type === 'reload').length).toBeLessThan(50);
    // The final state shows no problems, however the build read a half-written file on the way.
    await waitFor(
      async () => {
        const late = await connectEvents(dev.url);
        const hello = await late.next('hello');
        late.close();
        return hello.errors.length;
      },
      (count) => count === 0,
    );
    expect(events.messages.at(-1)?.type).not.toBe('errors');
    expect((await fetch(new URL('/terms', dev.url))).status).toBe(200);
  });

  it('swaps only the stylesheet after a CSS edit', async ({ expect, onTestFinished }) => {
    const { project, dev, events, page } = await start(onTestFinished);
    const before = /<link rel="stylesheet" href="([^"]+)"/.exec(await page())![1]!;
    await project.write(
      'templates/styles/site.css',
      `${await project.read('templates/styles/site.css')}\n:root { --dev-test: 1px; }\n`,
    );
    const update = await events.next(['css', 'reload']);
    expect(update).toMatchObject({ type: 'css', from: before });
    const to = (update as { to: string }).to;
    expect(await page()).toContain(`<link rel="stylesheet" href="${to}"`);
    const css = await fetch(new URL(to, dev.url));
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('--dev-test: 1px');
  });

  it('keeps serving when a template throws and when content folders are deleted', async ({
    expect,
    onTestFinished,
  }) => {
    const { project, dev, events, page } = await start(onTestFinished);
    await project.edit(
      'templates/sections/AboutSection.tsx',
      'return (',
      "if (html) throw new Error('about broke');\n  return (",
    );
    const thrown = await events.next('errors');
    expect(thrown.errors[0]).toMatchObject({ code: 'RenderFailed', file: 'templates/sections/AboutSection.tsx' });
    expect(thrown.errors[0]!.message).toContain('about broke');
    expect((await fetch(dev.url)).status).toBe(200);

    await project.write(
      'templates/sections/AboutSection.tsx',
      await readOriginal('templates/sections/AboutSection.tsx'),
    );
    await events.next(['clear', 'reload']);

    await project.edit(
      'templates/index.ts',
      'export const pages',
      "throw new Error('index broke');\nexport const pages",
    );
    const loading = await events.next('errors');
    expect(loading.errors[0]).toMatchObject({ code: 'TemplateBuildFailed', file: 'templates/index.ts' });
    expect(loading.errors[0]!.message).toContain('index broke');
    expect(loading.errors[0]!.line).toBeGreaterThan(1);
    await project.write('templates/index.ts', await readOriginal('templates/index.ts'));
    await events.next(['clear', 'reload']);

    // Moved away in one step: a folder deleted file by file passes through valid states (an empty legal/).
    await rename(project.file('content/legal'), project.file('legal-away'));
    const missing = await events.next('errors');
    expect(missing.errors.some((error) => error.code === 'ContentMissing' && error.file === 'content/legal')).toBe(
      true,
    );
    expect(await page('/terms')).toContain('Terms of Service');

    await project.remove('content');
    await events.next('errors');
    expect((await fetch(dev.url)).status).toBe(200);

    await cp(path.join(PROJECT_ROOT, 'content'), project.file('content'), { recursive: true });
    await events.next(['clear', 'reload']);
    expect(await page('/terms')).toContain('Terms of Service');
  });

  it('sends every warning of a rule to the overlay, more than the terminal prints in full', async ({
    expect,
    onTestFinished,
  }) => {
    const { project, events } = await start(onTestFinished);
    const vague = WARNINGS_SHOWN_PER_CODE + 3;
    const pages = Array.from({ length: vague }, (_, index) => `content/pages/vague-${index + 1}.md`);
    await Promise.all(
      pages.map((page, index) => project.write(page, pageSource(`Vague ${index + 1}`, '[Click here](/terms).'))),
    );
    // The watcher may see the files in more than one batch: the last list counts.
    let { warnings } = await events.next('warnings');
    while (warnings.length < vague) ({ warnings } = await events.next('warnings'));
    expect(warnings.filter((warning) => warning.code === 'VagueLinkText').map((warning) => warning.file)).toEqual(
      expect.arrayContaining(pages),
    );
    expect(warnings).toHaveLength(vague);
    // A save that changes a page and the list: the reload first, the list after it, so the page
    // does not wait behind hundreds of warnings (its new connection's hello carries them).
    const before = events.messages.length;
    await project.write(pages[0]!, pageSource('Vague 1', 'Read [the terms](/terms).'));
    const after = await waitFor(
      async () => events.messages.slice(before).map((message) => message.type),
      (types) => types.includes('reload') && types.includes('warnings'),
    );
    expect(after.lastIndexOf('reload')).toBeLessThan(after.lastIndexOf('warnings'));
    expect((await events.next('warnings')).warnings).toHaveLength(vague - 1);
  });

  it('answers HEAD, refuses POST, and gives unknown paths the 404 page with status 404', async ({
    expect,
    onTestFinished,
  }) => {
    const { dev, page } = await start(onTestFinished);
    const head = await rawRequest(dev.url, '/terms', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(await page('/terms')));
    expect(head.body).toBe('');
    expect((await rawRequest(dev.url, '/', 'POST')).status).toBe(405);
    expect((await rawRequest(dev.url, DEV_PATHS.events, 'POST')).status).toBe(405);
    const missing = await fetch(new URL('/no/such/page', dev.url));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Oops! Page not found');
    for (const route of ['/', '/terms', '/refund-policy', '/privacy-policy']) {
      const response = await fetch(new URL(route, dev.url), { redirect: 'manual' });
      expect(response.status, route).toBe(200);
    }
  });
});

function readOriginal(relative: string): Promise<string> {
  return import('node:fs/promises').then(({ readFile }) => readFile(path.join(PROJECT_ROOT, relative), 'utf8'));
}
