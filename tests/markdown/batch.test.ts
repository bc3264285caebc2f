import { describe, expect, it } from 'vitest';
import { htmlIncludes, renderedCodec } from '../../src/cache/codecs.ts';
import { idleCores, MIN_BODIES_PER_WORKER, renderMarkdownAll, workersFor } from '../../src/markdown/batch.ts';
import { createMarkdown } from '../../src/markdown/processor.ts';
import { linkBody } from '../../src/content/bodies.ts';
import { createUrlPolicy } from '../../src/site/routes.ts';

describe('renderMarkdownAll', () => {
  it('shares a large batch with a worker thread, run from source as from the bundle, and gives the same HTML', async () => {
    const bodies = Array.from(
      { length: MIN_BODIES_PER_WORKER * 2 },
      (_, index) => `# Page ${index}\n\nText with a [link](/terms) and *emphasis* ${index}.\n`,
    );
    let workers = -1;
    const rendered = await renderMarkdownAll(bodies, { threads: 1, onWorkers: (count) => (workers = count) });
    expect(workers).toBe(1);
    const render = createMarkdown({});
    expect(rendered).toEqual(bodies.map((body) => render(body)));
  });

  it('lets the event loop run while it renders on this thread alone, and gives the same HTML', async () => {
    const bodies = Array.from(
      { length: 400 },
      (_, index) => `## Part ${index}\n\n| a | b |\n| - | - |\n| ${index} | *x* |\n`,
    );
    // A timer due at once fires during the batch only if the batch gives the event loop a turn.
    let fired = false;
    setTimeout(() => (fired = true), 0);
    const rendered = await renderMarkdownAll(bodies, { threads: 0 });
    const firedDuring = fired;
    const render = createMarkdown({});
    expect(rendered).toEqual(bodies.map((body) => render(body)));
    expect(firedDuring).toBe(true);
  });
});

describe('renderedCodec', () => {
  it('keeps the HTML, the removed raw HTML and the advice facts of a body through the disk cache', () => {
    const render = createMarkdown({});
    const rendered = render(
      '# Title\n\nSee [here](/terms), <script>x</script>\nand ![image of a cat](cat.png).\n\nLine two\nhas more.\n',
    );
    expect(rendered.facts.links).toEqual([{ line: 3, column: 5, href: '/terms', text: 'here' }]);
    expect(rendered.rawHtml).not.toEqual([]);
    const parts = renderedCodec.encode(rendered) as string[];
    // The HTML is a part of its own: the same string, not a copy joined to the JSON.
    expect(parts.at(-1)).toBe(rendered.html);
    const kept = renderedCodec.decode(Buffer.from(parts.join('')));
    // The facts and the HTML are read through the kept body's getters, not copied as its own.
    expect({ ...kept, facts: kept.facts, html: kept.html }).toEqual(rendered);
  });

  it('keeps the facts of a kept body whose links are rewritten (--base)', () => {
    const rendered = createMarkdown({})('# Title\n\nSee [the terms](/terms).\n');
    const kept = renderedCodec.decode(Buffer.from((renderedCodec.encode(rendered) as string[]).join('')));
    const linked = linkBody(kept, createUrlPolicy({ format: 'file', base: '/sub/' }, 'https://example.com'));
    expect(linked.html).toContain('href="/sub/terms');
    expect(linked.facts).toEqual(rendered.facts);
    expect(linked.rawHtml).toEqual(rendered.rawHtml);
  });

  it('tells whether a kept body holds an image, decoded or not, as for a body rendered now', () => {
    const render = createMarkdown({});
    const shown = render('# Title\n\n![A cat on a mat](/images/cat.png)\n\nÄrger über Größe.\n');
    const plain = render('# Title\n\nNo picture here, only `<img>` written as code.\n');
    for (const rendered of [shown, plain]) {
      const kept = renderedCodec.decode(Buffer.from((renderedCodec.encode(rendered) as string[]).join('')));
      expect(htmlIncludes(kept, '<img')).toBe(rendered.html.includes('<img'));
      expect(htmlIncludes(rendered, '<img')).toBe(rendered.html.includes('<img'));
      expect(kept.html).toBe(rendered.html);
    }
    expect(htmlIncludes(shown, '<img')).toBe(true);
    expect(htmlIncludes(plain, '<img')).toBe(false);
  });
});

describe('workersFor', () => {
  const sample = (idle: number, total: number) => ({ idle, total, cores: 2 });

  it('starts a worker on an idle core only when another idle core is left free, and none when the cores were busy', () => {
    // Two cores for 1000 ms each: this process kept one busy, the other idled (or did not).
    const idle = idleCores(sample(0, 0), sample(1000, 2000));
    const busy = idleCores(sample(0, 0), sample(100, 2000));
    expect([idle, busy]).toEqual([1, 0]);
    // The one idle core is the image encoder's and the collector's.
    expect(workersFor(MIN_BODIES_PER_WORKER * 4, { threads: 1 }, idle)).toBe(0);
    expect(workersFor(MIN_BODIES_PER_WORKER * 4, { threads: 1 }, busy)).toBe(0);
    // Four cores, three of them idle: two workers when the most allows them.
    const four = idleCores({ idle: 0, total: 0, cores: 4 }, { idle: 3000, total: 4000, cores: 4 });
    expect(four).toBe(3);
    expect(workersFor(MIN_BODIES_PER_WORKER * 4, { threads: 3 }, four)).toBe(2);
    expect(workersFor(MIN_BODIES_PER_WORKER * 4, { threads: 1 }, four)).toBe(1);
  });

  it('starts as many workers as --threads asks when it is given, if there are bodies enough for them', () => {
    expect(workersFor(MIN_BODIES_PER_WORKER * 4, { threads: 3 })).toBe(3);
    expect(workersFor(MIN_BODIES_PER_WORKER * 2 - 1, { threads: 3 })).toBe(1);
    expect(idleCores(sample(5, 10), sample(5, 10))).toBe(0);
  });
});
