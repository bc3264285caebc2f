/**
 * A deterministic corpus of Markdown pages for the benchmarks: the same N always gives the same
 * bytes. Each page has front matter (title, description), three paragraphs, headings, a list and
 * links (to another page of the corpus, to a section of the home page and to another site).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const WORDS = (
  'agency brand client design website launch project studio content search growth team process ' +
  'strategy product customer service support digital modern simple clear fast build plan review ' +
  'market audience story value craft detail quality result budget timeline feedback prototype ' +
  'research interview workshop sprint release update maintain measure improve learn share write ' +
  'page layout colour type image motion access mobile desktop screen reader keyboard focus ' +
  'contrast speed cache server static host domain email form message chat assistant answer ' +
  'question booking order invoice payment refund policy terms privacy data cookie consent ' +
  'partner local small ambitious honest careful friendly practical useful reliable secure'
).split(' ');

/** mulberry32: a small seeded generator, so corpora are identical across runs and machines. */
function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pageSlug(index) {
  return `page-${String(index).padStart(5, '0')}`;
}

/** The Markdown file of page `index` (1-based) in a corpus of `count` pages. */
export function renderCorpusPage(index, count, edition = 0) {
  const random = createRandom(index * 7919 + edition);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)];
  const words = (n) => Array.from({ length: n }, pick).join(' ');
  const sentence = () => {
    const text = words(8 + Math.floor(random() * 10));
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = (extra = '') => `${Array.from({ length: 4 }, sentence).join(' ')}${extra}`;
  const title = `${words(3).replace(/^./, (c) => c.toUpperCase())} ${index}`;
  const other = pageSlug(1 + Math.floor(random() * count));
  return [
    '---',
    `title: ${title}`,
    `description: ${sentence()}`,
    '---',
    '',
    paragraph(` Read the [related page](/${other}) next.`),
    '',
    `## ${words(3).replace(/^./, (c) => c.toUpperCase())}`,
    '',
    paragraph(` Our team is *always* happy to **${words(2)}** with you.`),
    '',
    ...Array.from({ length: 4 }, () => `- ${words(5)}`),
    '',
    `### ${words(2).replace(/^./, (c) => c.toUpperCase())}`,
    '',
    paragraph(` See [how we work](/#services) or [a reference](https://example.com/${pick()}).`),
    '',
  ].join('\n');
}

/** Writes `count` pages into `folder` (created if needed); returns their file names. */
export function writeCorpus(folder, count) {
  mkdirSync(folder, { recursive: true });
  const names = [];
  for (let index = 1; index <= count; index++) {
    const name = `${pageSlug(index)}.md`;
    writeFileSync(path.join(folder, name), renderCorpusPage(index, count));
    names.push(name);
  }
  return names;
}
