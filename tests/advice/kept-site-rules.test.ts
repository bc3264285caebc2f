/**
 * The site-wide rules kept from run to run (dev): after each change (titles and descriptions that
 * make and undo duplicates, findings that move between pages, a file's text changed under its
 * page), the warnings are those adviseSite makes of the same pages from nothing.
 */
import { describe, expect, it } from 'vitest';
import { adviseSite, advisePage, type AdvicePage } from '../../src/advice/advise.ts';
import { sourcesByFile, type SourceText } from '../../src/advice/findings.ts';
import { advanceSiteRules, type KeptSiteRules } from '../../src/advice/kept-site-rules.ts';
import { createSwitchFilter, type AdviceSwitches } from '../../src/advice/switches.ts';
import type { SiteError } from '../../src/errors.ts';
import { markdownPage } from './fixture.ts';

const SITE_YAML = [
  'name: Northwind Studio',
  'nav:',
  '  links:',
  '    - label: Read more',
  '      href: /about',
  '',
].join('\n');
const TITLES = ['Alpha', 'Web development for careful teams', 'AI assistants that answer well', 'Branding'];
const DESCRIPTIONS = [
  'A description long enough to say what this page offers, and short enough to fit a snippet.',
  'Short one.',
  'Another description long enough to say what the page offers, and to fit in a snippet.',
];
const SWITCHES: AdviceSwitches = {
  files: new Map([
    ['content/pages/p3.md', { off: ['plain-email'] }],
    ['content/pages/p4.md', { off: ['duplicate-title'] }],
  ]),
};
const IMAGES = [{ path: 'images/hero.jpg', bytes: 9 * 1024 * 1024, width: 3000, height: 2000 }];

/** What a page is made of: its title and description, what its body holds, a front-matter field that moves no line. */
interface Version {
  title: number;
  description: number;
  email: boolean;
  vague: boolean;
  nav: boolean;
  note: string;
}

const NAV = '<nav><a href="/about">Read more</a></nav>';

/** The page at a position: the home page (from the site file), content pages, and a 404 page that is not indexed. */
function pageOf(slot: number, count: number, version: Version): { page: AdvicePage; source?: SourceText } {
  const title = TITLES[version.title]!;
  const description = DESCRIPTIONS[version.description]!;
  if (slot === 0 || slot === count - 1) {
    const head = `<title>${title}</title><meta name="description" content="${description}"/>`;
    const html = `<html><head>${head}</head><body>${version.nav ? NAV : ''}<main><h1>Home</h1></main></body></html>`;
    const path = slot === 0 ? '/' : '/404';
    return { page: { path, indexable: slot === 0, html, file: 'content/site.yaml', markdown: [] } };
  }
  const body = [
    version.email ? 'Write to ana@example.com for a quote.' : 'Write to us for a quote.',
    '',
    version.vague ? 'See [click here](/terms).' : 'See [the terms](/terms).',
  ].join('\n');
  const fixture = markdownPage(`p${slot}`, { title, description, note: version.note } as never, body);
  const html = version.nav ? (fixture.page.html as string).replace('<body>', `<body>${NAV}`) : fixture.page.html;
  return { page: { ...fixture.page, html }, source: fixture.source };
}

/** A seeded generator (mulberry32): the same sequence on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What a warning says and where: what a build prints of it. */
function shown(warnings: readonly SiteError[]) {
  return warnings.map(({ code, file, line, column, message, hint, frame }) => ({
    code,
    file,
    line,
    column,
    message,
    hint,
    frame,
  }));
}

/** A site whose pages change run by run, advised by kept rules and, for comparison, from nothing. */
class Site {
  pages: AdvicePage[] = [];
  sources: SourceText[] = [];
  #lastSources: SourceText[] | undefined;
  /** The positions given a new page since the last run. */
  #visited = new Set<number>();
  rules: KeptSiteRules | undefined;

  constructor(readonly count: number) {}

  /** Puts a page at a position (its findings found with the sources as they are after `set`s). */
  set(slot: number, version: Version): void {
    const { page, source } = pageOf(slot, this.count, version);
    this.pages[slot] = page;
    this.#visited.add(slot);
    if (source) this.#setSource(source);
  }

  /** Changes a file's text and nothing else: its page keeps its findings. */
  setText(source: SourceText): void {
    this.#setSource(source);
  }

  #setSource(source: SourceText): void {
    const at = this.sources.findIndex((known) => known.file === source.file);
    if (at === -1) this.sources = [...this.sources, source].sort((a, b) => (a.file < b.file ? -1 : 1));
    else this.sources = this.sources.map((known, index) => (index === at ? source : known));
  }

  /** The kept rules' warnings, and adviseSite's of the same pages and files from nothing. */
  run(): { kept: SiteError[]; fresh: SiteError[] } {
    const sources = sourcesByFile(this.sources, this.#lastSources);
    const context = { sources, base: '/', report: false };
    for (const page of this.pages) page.found ??= advisePage(page, context);
    const last = this.#lastSources;
    const changedFiles =
      last && last.length === this.sources.length
        ? new Set(this.sources.flatMap((source, index) => (source === last[index] ? [] : [source.file])))
        : undefined;
    const rules = advanceSiteRules(this.rules, {
      pages: this.pages,
      // As a dev run knows them: the other pages are the last run's.
      visited: [...this.#visited].sort((a, b) => a - b),
      sources,
      images: IMAGES,
      isOff: createSwitchFilter(SWITCHES),
      shape: 'the same',
      changedFiles,
    });
    if (!rules) throw new Error('the rules were not kept');
    this.rules = rules;
    this.#visited.clear();
    this.#lastSources = this.sources;
    const fresh = adviseSite({
      pages: this.pages.map(({ path, indexable, html, file, markdown }) => ({ path, indexable, html, file, markdown })),
      sources: [...this.sources],
      images: IMAGES,
      switches: SWITCHES,
    });
    return { kept: rules.warnings, fresh: fresh.warnings };
  }
}

const plain: Version = { title: 1, description: 0, email: false, vague: false, nav: true, note: 'a' };

describe('the site-wide rules kept from run to run', () => {
  it('makes and undoes duplicates as titles change, with the warnings a run from nothing makes', () => {
    const site = new Site(6);
    site.setText({ file: 'content/site.yaml', text: SITE_YAML });
    const titles = [2, 1, 1, 1, 3, 2];
    titles.forEach((title, slot) => {
      site.set(slot, { ...plain, title, description: slot % 3 });
    });
    const first = site.run();
    expect(shown(first.kept)).toEqual(shown(first.fresh));
    expect(first.kept.filter((warning) => warning.code === 'DuplicateTitle')).toHaveLength(2);

    // /p1, the first of three, takes another title: /p3 is now a duplicate of /p2.
    site.set(1, { ...plain, title: 3, description: 1 });
    const second = site.run();
    expect(shown(second.kept)).toEqual(shown(second.fresh));
    expect(second.kept.map((warning) => warning.message)).toContain(
      'The page /p3 has the same title as /p2 ("Web development for careful teams | Northwind Studio"): search results show two pages that look alike, and only one may be shown.',
    );
    // A warning no change touched is the last run's, not made again: the rules were kept.
    const image = (warnings: SiteError[]) => warnings.find((warning) => warning.code === 'ImageFileSize');
    expect(image(second.kept)).toBe(image(first.kept));

    // It takes its title back: first again.
    site.set(1, { ...plain, title: 1, description: 1 });
    const third = site.run();
    expect(shown(third.kept)).toEqual(shown(third.fresh));
    expect(shown(third.kept)).toEqual(shown(first.fresh));

    // A line above /p3's title (nothing of its own is found on a line of its file): its duplicate's line moves.
    const p3 = site.sources.find((source) => source.file === 'content/pages/p3.md')!;
    site.setText({ file: p3.file, text: p3.text.replace('---\n', '---\n# Shown in search results.\n') });
    const fourth = site.run();
    expect(shown(fourth.kept)).toEqual(shown(fourth.fresh));
    const line = (warnings: SiteError[]) => warnings.find((warning) => warning.file === p3.file)?.line;
    expect(line(fourth.kept)).toBe(line(third.kept)! + 1);
  });

  it('follows findings that move between pages, warnings shared by pages, and files whose text changed alone', () => {
    const site = new Site(5);
    site.setText({ file: 'content/site.yaml', text: SITE_YAML });
    for (let slot = 0; slot < 5; slot++) site.set(slot, { ...plain, email: slot === 1, vague: slot === 2 });
    const check = () => {
      const { kept, fresh } = site.run();
      expect(shown(kept)).toEqual(shown(fresh));
      return kept;
    };
    check();
    // The email moves from /p1 to /p2; the home page no longer shows the shared link.
    site.set(1, plain);
    site.set(2, { ...plain, title: 2, description: 1, email: true, vague: true });
    site.set(0, { ...plain, nav: false });
    const moved = check();
    expect(moved.filter((warning) => warning.code === 'PlainEmail').map((warning) => warning.file)).toEqual([
      'content/pages/p2.md',
    ]);
    expect(
      moved.find((warning) => warning.code === 'VagueLinkText' && warning.file === 'content/site.yaml')?.message,
    ).toContain('It shows on 4 pages: /p1, /p2, /p3, /404.');
    // /p2's file changes below its description, which no finding moves with (and /p2 shares no
    // title or description): the code frame of its description's warning shows the change.
    const p2 = site.sources.find((source) => source.file === 'content/pages/p2.md')!;
    site.setText({ file: p2.file, text: p2.text.replace('note: a', 'note: changed') });
    const framed = check();
    const description = framed.find((warning) => warning.code === 'DescriptionLength' && warning.file === p2.file);
    expect(description?.frame).toContain('note: changed');
  });

  it('matches a run from nothing over a long random sequence of changes', () => {
    const next = random(20261128);
    const pick = (count: number) => Math.floor(next() * count);
    const versionOf = (): Version => ({
      title: pick(TITLES.length),
      description: pick(DESCRIPTIONS.length),
      email: next() < 0.3,
      vague: next() < 0.3,
      nav: next() < 0.7,
      note: String(pick(3)),
    });
    const count = 14;
    const site = new Site(count);
    site.setText({ file: 'content/site.yaml', text: SITE_YAML });
    for (let slot = 0; slot < count; slot++) site.set(slot, versionOf());
    const counts = new Set<number>();
    for (let step = 0; step < 120; step++) {
      const { kept, fresh } = site.run();
      expect(shown(kept), `step ${step}`).toEqual(shown(fresh));
      counts.add(kept.length);
      // One to three pages change; now and then a file's text alone.
      for (let changes = 1 + pick(3); changes > 0; changes--) {
        const slot = pick(count);
        const source = site.sources.find((known) => known.file === `content/pages/p${slot}.md`);
        if (source && next() < 0.2)
          site.setText({ file: source.file, text: source.text.replace(/^note: .*$/m, `note: ${step}`) });
        else site.set(slot, versionOf());
      }
    }
    // The sequence went through sites with different warnings.
    expect(counts.size).toBeGreaterThan(3);
  });
});
