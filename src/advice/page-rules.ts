/**
 * The rules that look at one page: title and description length, heading levels, link text, alt text and
 * contact details written as plain text. Pure: a page's scan and Markdown facts in, findings out.
 */
import type { PageScan } from '../output/scan-html.ts';
import { locateKey, locateText, switchOff, type Finding, type Place, type SourcesByFile } from './findings.ts';
import type { MarkdownFacts } from './markdown.ts';
import { REDUNDANT_ALT_OPENINGS, threshold, VAGUE_LINK_TEXTS, type RuleName } from './rules.ts';

/** Markdown shown on a page: the file it was written in, the lines before its body, its facts. */
export interface MarkdownPart {
  file: string;
  lineOffset: number;
  facts: MarkdownFacts;
}

export interface PageContext {
  path: string;
  indexable: boolean;
  /** The file that sets the page's title and description (content/site.yaml for the home page). */
  file: string;
  markdown: readonly MarkdownPart[];
  scan: PageScan;
  /** Where the page's HTML holds its Markdown: the rest is the templates'. */
  regions: Regions;
  /** The site path prefix (--base), to compare link targets as written in Markdown and in templates. */
  base: string;
  sources: SourcesByFile;
}

/** Character ranges [start, end) of the page that hold Markdown, one per part. */
export type Regions = ReadonlyArray<readonly [number, number]>;

/** The Markdown part an element of the page lies in, or -1 when a template made it. */
export function regionAt(regions: Regions, offset: number): number {
  for (let index = 0; index < regions.length; index++)
    if (offset >= regions[index]![0] && offset < regions[index]![1]) return index;
  return -1;
}

type AddFinding = (rule: RuleName, place: Place, message: string, hint: string) => void;

export function checkPage(page: PageContext): Finding[] {
  const findings: Finding[] = [];
  const addFinding: AddFinding = (rule, place, message, hint) =>
    findings.push({ rule, ...place, message, hint: `${hint} ${switchOff(rule, place.file)}`, page: page.path });
  // Where a text a template shows was written: the page's own file first, then the site file and
  // the home page's sections.
  const templateFiles = [
    page.file,
    'content/site.yaml',
    'content/home.yaml',
    ...page.markdown.map((part) => part.file),
  ];
  const fromTemplate = (text: string): Place => locateText(text, templateFiles, page.sources) ?? { file: page.file };
  if (page.indexable) checkHead(page, addFinding);
  checkHeadings(page, addFinding, fromTemplate);
  checkLinks(page, addFinding, fromTemplate);
  checkImages(page, addFinding, fromTemplate);
  for (const part of page.markdown) {
    for (const contact of part.facts.contacts) {
      const place = { file: part.file, line: contact.line + part.lineOffset, column: contact.column };
      if (contact.kind === 'email') {
        addFinding(
          'plain-email',
          place,
          `The email address ${contact.value} is plain text: readers cannot click or tap it to write.`,
          `Make it a link: [${contact.value}](mailto:${contact.value}).`,
        );
      } else {
        const digits = contact.value.replace(/[^\d+]/g, '');
        addFinding(
          'plain-phone',
          place,
          `The phone number ${contact.value} is plain text: on a phone, readers cannot tap it to call.`,
          `Make it a link: [${contact.value}](tel:${digits}).`,
        );
      }
    }
  }
  return findings;
}

function checkHead(page: PageContext, addFinding: AddFinding): void {
  const title = (page.scan.title ?? '').trim();
  const length = [...title].length;
  const [min, max] = [threshold('title-length', 'min'), threshold('title-length', 'max')];
  if (length < min || length > max) {
    addFinding(
      'title-length',
      locateKey('title', page.file, page.sources),
      `The title of ${page.path} is ${length} characters long as search results show it ("${title}"): ${length < min ? `under ${min}, it says little about the page` : `search results cut titles after about ${max} characters`}.`,
      `Write a title of ${min} to ${max} characters, the site name included.`,
    );
  }
  const description = (page.scan.description ?? '').trim();
  const characters = [...description].length;
  const [dMin, dMax] = [threshold('description-length', 'min'), threshold('description-length', 'max')];
  if (characters < dMin || characters > dMax) {
    addFinding(
      'description-length',
      locateKey('description', page.file, page.sources),
      description === ''
        ? `The page ${page.path} has no description, so search engines pick a snippet from its text.`
        : `The description of ${page.path} is ${characters} characters long: ${characters < dMin ? `under ${dMin}, it leaves the snippet to the search engine` : `search results cut descriptions after about ${dMax} characters`}.`,
      `Write a description of ${dMin} to ${dMax} characters that says what the page offers.`,
    );
  }
}

function checkHeadings(page: PageContext, addFinding: AddFinding, fromTemplate: (text: string) => Place): void {
  const seen = page.markdown.map(() => 0);
  let previous = 1;
  let h1: string | undefined;
  for (const heading of page.scan.headings) {
    const region = regionAt(page.regions, heading.at);
    const part = page.markdown[region];
    const fact = part?.facts.headings[seen[region]!++];
    const place = () =>
      part && fact
        ? { file: part.file, line: fact.line + part.lineOffset, column: fact.column }
        : fromTemplate(heading.text);
    if (heading.level === 1 && h1 !== undefined) {
      addFinding(
        'second-h1',
        place(),
        `The heading "${heading.text}" is a second h1 on ${page.path}, after "${h1}": a page has one h1, its name.`,
        part ? 'Make it a level-2 heading (## in Markdown).' : 'Give it a lower level in the template.',
      );
    } else if (heading.level > previous + 1) {
      addFinding(
        'heading-skip',
        place(),
        `The heading "${heading.text}" is an h${heading.level} right after an h${previous} on ${page.path}: the level${heading.level - previous > 2 ? 's' : ''} between ${heading.level - previous > 2 ? 'are' : 'is'} skipped.`,
        `Make it an h${previous + 1}${part ? ` (${'#'.repeat(previous + 1)} in Markdown)` : ''}; choose levels by structure, and the size with CSS.`,
      );
    }
    if (heading.level === 1) h1 ??= heading.text;
    previous = heading.level;
  }
}

interface PageLink {
  text: string;
  href: string;
  /** Where Markdown wrote it; a template's link is found by its text when it needs a place. */
  part?: MarkdownPart;
  line?: number;
  column?: number;
}

/**
 * Link texts as compared ("Read more…" -> "read more"), memoized because every page repeats its header's and
 * footer's links. Keys depend only on their text, and the memo is emptied past 10,000 texts to stay bounded.
 */
const linkKeys = new Map<string, string>();

function linkKey(text: string): string {
  let key = linkKeys.get(text);
  if (key === undefined) {
    // Trailing spaces, punctuation and arrows (… → » ›), escaped: the CLI's bundle stays ASCII (src/bundle.js).
    key = text
      .toLowerCase()
      .replace(/[\s.!?:\u2026\u2192\u00bb\u203a]+$/u, '')
      .trim();
    if (linkKeys.size > 10_000) linkKeys.clear();
    linkKeys.set(text, key);
  }
  return key;
}

function checkLinks(page: PageContext, addFinding: AddFinding, fromTemplate: (text: string) => Place): void {
  // Links inside the Markdown are the Markdown facts', which know their lines.
  const links: PageLink[] = [];
  for (const { href, text, at } of page.scan.links) if (regionAt(page.regions, at) === -1) links.push({ href, text });
  for (const part of page.markdown)
    for (const link of part.facts.links)
      links.push({ text: link.text, href: link.href, part, line: link.line, column: link.column });
  const place = (link: PageLink): Place =>
    link.part
      ? { file: link.part.file, line: link.line! + link.part.lineOffset, column: link.column }
      : fromTemplate(link.text);
  const byText = new Map<string, { target: string }>();
  for (const link of links) {
    const key = linkKey(link.text);
    if (key === '' || VAGUE_LINK_TEXTS.has(key)) {
      const target = normalizeTarget(link.href, page);
      addFinding(
        'vague-link-text',
        place(link),
        key === ''
          ? `A link to ${target} on ${page.path} has no text: screen readers announce only "link".`
          : `The link text "${link.text}" (to ${target}) says nothing about where it leads when read on its own, as screen readers and search engines read it.`,
        'Write what the reader gets, such as "our refund policy" or "the full case study".',
      );
      continue;
    }
    const target = normalizeTarget(link.href, page);
    const first = byText.get(key);
    if (!first) byText.set(key, { target });
    else if (first.target !== target) {
      addFinding(
        'ambiguous-link-text',
        place(link),
        `The link text "${link.text}" leads to ${target} here and to ${first.target} elsewhere on ${page.path}: two links that read the same should go to the same place.`,
        'Make the texts say how the two targets differ.',
      );
    }
  }
}

/** A link target comparable across Markdown and templates: without base, directory slash and the page's own path. */
function normalizeTarget(href: string, page: PageContext): string {
  // Most links (every page's header and footer) are site paths already in this form.
  if (page.base === '/' && href.length > 1 && href[0] === '/' && !href.endsWith('/') && !href.includes('/#'))
    return href;
  let target = href.startsWith('#') ? `${page.path}${href}` : href;
  if (page.base !== '/' && target.startsWith(page.base)) target = `/${target.slice(page.base.length)}`;
  return target.replace(/\/(?=#|$)/, '').replace(/^(?=#)/, '/') || '/';
}

function checkImages(page: PageContext, addFinding: AddFinding, fromTemplate: (text: string) => Place): void {
  for (const image of page.scan.images) {
    if (regionAt(page.regions, image.at) !== -1) continue;
    if (image.alt === undefined) {
      addFinding(
        'alt-missing',
        fromTemplate(image.src),
        `The image ${image.src} on ${page.path} has no alt attribute.`,
        'Give the image alt text; alt="" only for a purely decorative image.',
      );
    } else if (image.alt !== '') {
      checkAlt(image.alt, image.src, () => fromTemplate(image.alt!), page.path, addFinding);
    }
  }
  for (const part of page.markdown) {
    for (const image of part.facts.images) {
      const place = () => ({ file: part.file, line: image.line + part.lineOffset, column: image.column });
      if (image.alt.trim() === '') {
        addFinding(
          'alt-missing',
          place(),
          `The image ${image.src} has no alt text: screen readers skip it or read its file name.`,
          `Describe what it shows between the brackets: ![what it shows](${image.src}).`,
        );
      } else checkAlt(image.alt, image.src, place, page.path, addFinding);
    }
  }
}

function checkAlt(alt: string, src: string, place: () => Place, pagePath: string, addFinding: AddFinding): void {
  const max = threshold('alt-length', 'max');
  const length = [...alt].length;
  if (length > max) {
    addFinding(
      'alt-length',
      place(),
      `The alt text of ${src} on ${pagePath} is ${length} characters long; screen readers read it in one go, without a pause.`,
      `Keep it under ${max} characters and put the detail in the text around the image.`,
    );
  }
  // A processed image's name carries its width and content hash: ecommerce-platform-800-10af76770b.avif.
  const name = src
    .slice(src.lastIndexOf('/') + 1)
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/(-\d+)?-[0-9a-f]{8,}$/, '');
  const plain = (text: string) =>
    text
      .toLowerCase()
      .replace(/[-_\s]+/g, ' ')
      .trim();
  if (REDUNDANT_ALT_OPENINGS.test(alt.trim())) {
    addFinding(
      'alt-redundant',
      place(),
      `The alt text "${alt}" starts by saying it is an image; screen readers already say so.`,
      'Start with what the image shows.',
    );
  } else if (/\.(png|jpe?g|gif|webp|avif|svg)$/i.test(alt.trim()) || plain(alt) === plain(name)) {
    addFinding(
      'alt-redundant',
      place(),
      `The alt text "${alt}" is the image's file name, which tells a reader nothing.`,
      'Describe what the image shows.',
    );
  }
}
