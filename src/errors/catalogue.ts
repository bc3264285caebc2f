/**
 * Every problem a site can have, by its permanent code: a title, the message made from one occurrence's facts, the
 * hint with the next action, and the severity. A new code also gets its name in codes.ts; tsc fails until both agree.
 * Facts are raw values: the wording, plurals and number formats live here, not at the call site.
 */
import path from 'node:path';
import type { Severity, SiteErrorCode } from './codes.ts';

export interface ErrorData<Facts> {
  /** A few words, for lists and annotations' titles. */
  title: string;
  /** Errors fail the run; warnings do not, unless `--strict`. */
  severity: Severity;
  message: (facts: Facts) => string;
  hint: string | ((facts: Facts) => string);
}

/** Ties an entry's hint builder to the facts its message builder takes. */
function define<Facts>(data: ErrorData<Facts>): ErrorData<Facts> {
  return data;
}

/** Content advice: the rule wrote its finding and hint; the same place on several pages is one warning. */
export interface Advice {
  text: string;
  hint: string;
  /** The pages it was seen on. */
  pages: readonly string[];
}

function advice(title: string): ErrorData<Advice> {
  return {
    title,
    severity: 'warning',
    message: ({ text, pages }) =>
      pages.length > 1
        ? `${text} It shows on ${pages.length} pages: ${pages.slice(0, 5).join(', ')}${pages.length > 5 ? ', ...' : ''}.`
        : text,
    hint: ({ hint }) => hint,
  };
}

/** Text made by a library or a parser (YAML, the schema, esbuild), with the hint chosen where it was read, if any. */
interface Reported {
  text: string;
  hint?: string;
}

/** "The page /a" or "The pages /a, /b", and the verb agreeing with it. */
function pagesSubject(pages: readonly string[]): string {
  return pages.length === 1 ? `The page ${pages[0]}` : `The pages ${pages.join(', ')}`;
}

const linkVerb = (pages: readonly string[]) => (pages.length === 1 ? 'links' : 'link');

const CONTENT_FOLDER_HINT =
  'Run agency-site in the project folder (the one holding content/, templates/ and public/), or pass it with --root.';

const WRITE_HINTS: Record<string, string> = {
  ENOSPC: 'The disk is full: free some space, then build again.',
  EDQUOT: 'Your disk quota is used up: free some space, then build again.',
  EFBIG: 'The file is larger than this system lets a process write: check the limits (ulimit -f) and build again.',
  EACCES: 'You may not write there: check the permissions of the output folder and the folder that holds it.',
  EPERM: 'You may not write there: check the permissions of the output folder and the folder that holds it.',
  EROFS: 'The disk is read-only: choose an output folder on a writable disk with --out.',
  EBUSY: 'The output folder is in use (or is a mount point): close what uses it, or choose another folder with --out.',
};

export const catalogue = {
  // Reading content files.
  ContentMissing: define({
    title: 'Content missing',
    severity: 'error',
    message: (
      facts:
        | { missing: 'content folder'; path: string }
        | { missing: 'file' | 'fields'; file: string }
        | { missing: 'folder'; folder: string; each: string }
        | { missing: 'body' },
    ) => {
      switch (facts.missing) {
        case 'content folder':
          return `There is no content folder at ${facts.path}.`;
        case 'file':
          return `The file ${facts.file} does not exist.`;
        case 'fields':
          return `The file ${facts.file} is empty.`;
        case 'folder':
          return `The folder ${facts.folder} is missing.`;
        case 'body':
          return 'The file has no text after its front matter, and that text is what the page shows.';
      }
    },
    hint: (facts) => {
      switch (facts.missing) {
        case 'content folder':
          return CONTENT_FOLDER_HINT;
        case 'file':
          return `Create ${facts.file}; every site needs it.`;
        case 'fields':
          return 'Write its fields, or delete the file if it is not needed.';
        case 'folder':
          return `Create it and add one Markdown file per ${facts.each}.`;
        case 'body':
          return 'Write the text in Markdown below the closing --- line.';
      }
    },
  }),
  FileUnreadable: define({
    title: 'File unreadable',
    severity: 'error',
    message: (facts: { file: string; reason: string } | { notRegular: string }) =>
      'notRegular' in facts
        ? `${facts.notRegular} is not a regular file (it is a folder, a device, a named pipe or a socket), so the build does not read it.`
        : `The file ${facts.file} cannot be read (${facts.reason}).`,
    hint: (facts) =>
      'notRegular' in facts
        ? 'Replace it with an ordinary file, or remove it.'
        : 'Check that it is a readable file, not a folder.',
  }),
  FileEncoding: define({
    title: 'Not UTF-8 text',
    severity: 'error',
    // `binary`: a content file; `scanned`: a page or SVG of public/ read as a browser would.
    message: (facts: { binary: boolean } | { shown: string; scanned: 'escape' | 'not utf-8' }) => {
      if ('scanned' in facts)
        return facts.scanned === 'escape'
          ? `${facts.shown} contains an escape character (ESC, 0x1B): a browser that guesses the encoding may read it as ISO-2022-JP, where markup hides that a UTF-8 reading does not see.`
          : `${facts.shown} is not UTF-8 text, so it cannot be checked for scripts the way a browser would read it.`;
      return facts.binary
        ? 'The file is binary (it contains a NUL byte), not text.'
        : 'The file is not valid UTF-8 text: the marked character was saved in another encoding.';
    },
    hint: (facts) => {
      if ('scanned' in facts)
        return facts.scanned === 'escape'
          ? 'Remove the escape character (it shows as nothing in a page), then build again.'
          : 'Save the file as UTF-8 (without NUL bytes), then build again.';
      return facts.binary
        ? 'Content files are UTF-8 text; put images and other files in public/.'
        : 'Save the file as UTF-8 in your editor (most editors have "Save with encoding"), then retype the marked character.';
    },
  }),
  FileTooLarge: define({
    title: 'File too large',
    severity: 'error',
    // Without `shown`, a content file being decoded; with it, any file read from a source folder.
    // `tags`: a page or SVG of public/ with more tags than the scan for scripts reads.
    message: (facts: { bytes: number; limit: number; shown?: string } | { shown: string; tags: number }) =>
      'tags' in facts
        ? `${facts.shown} has more than ${facts.tags.toLocaleString('en')} tags, far more than any page or image needs: reading them all would take gigabytes of memory.`
        : `The file is ${(facts.bytes / 1024 / 1024).toFixed(1)} MB; a ${facts.shown === undefined ? 'content file' : 'file here'} may be at most ${facts.limit / 1024 / 1024} MB.`,
    hint: (facts) => {
      if ('tags' in facts) return 'Split the page, or simplify the image (fewer elements) or export it as PNG.';
      return facts.shown === undefined || facts.shown.startsWith('content/')
        ? 'Split the text into smaller pages, or move large files into public/.'
        : 'Make the file smaller (compress the image or the video), or host it elsewhere.';
    },
  }),
  FrontmatterSyntax: define({
    title: 'Front matter syntax',
    severity: 'error',
    message: (
      facts:
        | { problem: 'stray break'; charCode: number }
        | { problem: 'none' | 'unclosed' }
        | { problem: 'language' | 'executable'; language: string }
        | Reported,
    ) => {
      if (!('problem' in facts)) return facts.text;
      switch (facts.problem) {
        case 'stray break': {
          const name =
            facts.charCode === 0x0d
              ? 'a carriage return (CR) without a line feed'
              : `a line separator (U+${facts.charCode.toString(16).toUpperCase()})`;
          return `The opening --- line holds ${name}, which editors show as a line break but Markdown does not.`;
        }
        case 'none':
          return 'The file has no front matter: it must start with a line of three dashes (---).';
        case 'language':
          return `Front matter in "${facts.language}" is not allowed: content is data, written in YAML, and is never executed.`;
        case 'unclosed':
          return 'The front matter is never closed: no second line of three dashes (---) follows the fields.';
        case 'executable':
          return `Front matter in "${facts.language}" is not allowed: content is never executed.`;
      }
    },
    hint: (facts) => {
      if (!('problem' in facts))
        return facts.hint ?? 'Start the file with ---, then the fields in YAML, then another --- line before the text.';
      switch (facts.problem) {
        case 'stray break':
          return 'Save the file with ordinary line endings (LF or CRLF) and put nothing after the opening ---.';
        case 'none':
          return 'Start the file with ---, then the fields (title: ...), then another --- line before the text.';
        case 'language':
          return 'Write the fields in YAML and open the front matter with a line of just ---.';
        case 'unclosed':
          return 'Add a line with --- after the last field, before the text.';
        case 'executable':
          return 'Write the front matter in YAML.';
      }
    },
  }),
  FrontmatterInvalid: define({
    title: 'Front matter field invalid',
    severity: 'error',
    message: ({ text }: Reported) => text,
    hint: ({ hint }) => hint ?? 'Correct the field as the schema describes it (docs/content.md).',
  }),
  YamlSyntax: define({
    title: 'YAML syntax',
    severity: 'error',
    message: ({ text }: Reported) => text,
    hint: ({ hint }) => hint ?? 'Correct the YAML at the marked line.',
  }),
  YamlInvalid: define({
    title: 'YAML field invalid',
    severity: 'error',
    message: ({ text }: Reported) => text,
    hint: ({ hint }) => hint ?? 'Correct the field as the schema describes it (docs/content.md).',
  }),
  UnsafeKey: define({
    title: 'Key not allowed',
    severity: 'error',
    message: ({ key }: { key: string }) => `The key "${key}" is not allowed: it could change how every object behaves.`,
    hint: 'Remove this key; no content field has this name.',
  }),
  RawHtmlRemoved: define({
    title: 'Raw HTML removed',
    severity: 'warning',
    message: ({ removed }: { removed: string }) =>
      `This Markdown has ${removed}, left out of the page: HTML and links from content could run scripts or break the layout.`,
    hint: 'Write it in Markdown or in the HTML GitHub keeps (sup, sub, kbd, details, ...), link with http(s) or mailto, or build with --allow-html if every content author is trusted.',
  }),
  MarkdownTooDeep: define({
    title: 'Markdown nested too deep',
    severity: 'error',
    message: ({ limit, nesting }: { limit: number; nesting?: 'html' }) =>
      nesting === 'html'
        ? `The text nests HTML elements more than ${limit} levels deep here, more than any page can show.`
        : `The text nests quotes (>) or lists more than ${limit} levels deep here, more than any page can show.`,
    hint: ({ nesting }) =>
      nesting === 'html'
        ? 'Close each HTML element (</sup>, </div>, ...) before opening the next, or remove the extra tags.'
        : 'Remove the extra > or list markers; a quote or list inside another rarely needs more than a few levels.',
  }),

  MarkdownTooComplex: define({
    title: 'Markdown too costly to render',
    severity: 'error',
    message: ({ cost, markers }: { cost: string; markers: number }) =>
      `This text ${cost}, far more than any page needs: it was not rendered. The paragraph here holds ${markers} emphasis, link, code or HTML markers.`,
    hint: 'Close the *, _, [ and ` markers this text opens, or put text that shows them literally in a code block; split very long pages.',
  }),
  // Content advice (src/advice/rules.ts): warnings about the copy, never errors.
  TitleLength: advice('Title length'),
  DescriptionLength: advice('Description length'),
  DuplicateTitle: advice('Duplicate title'),
  DuplicateDescription: advice('Duplicate description'),
  HeadingSkip: advice('Heading level skipped'),
  SecondH1: advice('Second h1'),
  VagueLinkText: advice('Vague link text'),
  AmbiguousLinkText: advice('Ambiguous link text'),
  AltMissing: advice('Alt text missing'),
  AltLength: advice('Alt text too long'),
  AltRedundant: advice('Alt text redundant'),
  ImageFileSize: advice('Image file size'),
  ImageDimensions: advice('Image dimensions'),
  PlainEmail: advice('Plain e-mail address'),
  PlainPhone: advice('Plain phone number'),

  // Content structure.
  UnusedContent: define<Record<never, never>>({
    title: 'Text shown nowhere',
    severity: 'error',
    message: () =>
      'This text would appear nowhere: the site shows only the front matter fields of this kind of content.',
    hint: 'Move what matters into the fields (such as title or alt), or delete the text.',
  }),
  FileName: define({
    title: 'File name not allowed',
    severity: 'error',
    message: (
      facts: { name: string; folder: string; suggestion: string } | { path: string; known: readonly string[] },
    ) =>
      'known' in facts
        ? `${facts.path} is not a content file or folder, so nothing would read it.`
        : `The file name "${facts.name}" is not allowed: names here are lower-case words joined by dashes, ending in .md.`,
    hint: (facts) => {
      if (!('known' in facts))
        return `Rename it, for example to ${facts.suggestion}.md, or move it out of ${facts.folder}/.`;
      const name = facts.path.slice(facts.path.lastIndexOf('/') + 1);
      const guess = facts.known.find((known) => known[0] === name[0] && known.slice(0, 3) === name.slice(0, 3));
      return `${guess ? `Did you mean ${guess}? ` : ''}content/ holds ${facts.known.join(', ')}; move anything else out of it.`;
    },
  }),
  MissingImage: define({
    title: 'Image missing',
    severity: 'error',
    message: ({
      src,
      problem,
    }: {
      src: string;
      problem: 'absent' | 'no size' | 'outside public' | 'favicon no size';
    }) => {
      switch (problem) {
        case 'absent':
          return `The image ${src} does not exist: there is no file public${src}.`;
        case 'no size':
          return `The image public${src} has no readable width and height.`;
        case 'outside public':
          return `The image path ${src} is not a path inside public/.`;
        case 'favicon no size':
          return `The favicon public${src} has no readable width and height.`;
      }
    },
    hint: ({ src, problem }) => {
      switch (problem) {
        case 'absent':
          return `Add the image as public${src}, or correct the path (it starts inside public/).`;
        case 'no size':
          return 'Use an SVG with width and height (or a viewBox), or a PNG, JPEG, WebP or GIF file.';
        case 'outside public':
          return 'Write the path from public/, starting with /, such as /images/photo.jpg (SVG, PNG, JPEG, WebP, AVIF or GIF).';
        case 'favicon no size':
          return 'Give the <svg> element a viewBox (or width and height), such as viewBox="0 0 32 32".';
      }
    },
  }),
  ImageAltMissing: define({
    title: 'Image without alt text',
    severity: 'error',
    message: ({ src }: { src: string }) =>
      `The image ${src} has no alt text, so people who cannot see it learn nothing from it.`,
    hint: ({ src }) =>
      `Write what the image shows between the brackets, in a short sentence: ![Our team at the spring workshop](${src}).`,
  }),
  ExternalImage: define({
    title: 'Image from another site',
    severity: 'error',
    message: ({ src }: { src: string; alt: string }) =>
      `The image ${src} is on another site. This site loads nothing from third parties, and its Content-Security-Policy lets browsers show images from this site only.`,
    hint: ({ alt }) =>
      `Save the image into public/images/ and write its path, as in ![${alt || 'What the image shows'}](/images/name.jpg).`,
  }),
  DuplicateSectionId: define({
    title: 'Section anchor taken twice',
    severity: 'error',
    message: ({ id, item, other, written }: { id: string; item: number; other: number; written: boolean }) =>
      `Section ${item} of home.yaml ${written ? 'has the id' : 'gets its type\u2019s id'} "${id}", which section ${other} already has: a link to /#${id} could lead to only one of them.`,
    hint: ({ id }) => `Give this section an id of its own, such as "id: ${id}-2", and point its links at it.`,
  }),
  SectionRepeated: define({
    title: 'Section shown once only',
    severity: 'error',
    message: ({ type, item, other }: { type: string; item: number; other: number }) =>
      `Section ${item} of home.yaml is a second "${type}" section (section ${other} is one): ${type === 'hero' ? 'the hero holds the page\u2019s one main heading' : 'the contact form and the buttons that lead to it exist once on a page'}.`,
    hint: ({ type }) =>
      `Keep one "${type}" section and remove the other, or use another type such as "cta" or "prose".`,
  }),
  SectionEmpty: define({
    title: 'Section with nothing to show',
    severity: 'error',
    message: ({ type, item, folder }: { type: string; item: number; folder: string }) =>
      `Section ${item} of home.yaml is a "${type}" section, but ${folder}/ holds no entries, so it would be an empty heading.`,
    hint: ({ folder, type }) => `Add an entry to ${folder}/, or remove the "${type}" section from home.yaml.`,
  }),
  SectionListUnknown: define({
    title: 'List of no folder of pages',
    severity: 'error',
    message: ({ item, of }: { item: number; of: string; folders: readonly string[] }) =>
      `Section ${item} of home.yaml lists "${of}", but content/${of}/ is no folder whose entries have pages of their own.`,
    hint: ({ folders }) => `Write of: ${folders.join(' or of: ')}, or remove the section.`,
  }),
  DuplicateOrder: define({
    title: 'Order number taken twice',
    severity: 'error',
    message: ({ order, other }: { order: number; other: string; folder: string }) =>
      `The order number ${order} is already taken by ${other}, so which of the two comes first would be a guess.`,
    hint: ({ folder }) => `Give every file in ${folder}/ a different order number.`,
  }),
  DuplicateUrl: define({
    title: 'Two sources for one URL',
    severity: 'error',
    message: (
      facts:
        | { clash: 'reserved'; file: string; slug: string; reserved: readonly string[] }
        | { clash: 'pages'; file: string; other: string; slug: string }
        | { clash: 'output file' | 'file and folder'; path: string },
    ) => {
      switch (facts.clash) {
        case 'reserved':
          return `The page ${facts.file} would be served at /${facts.slug}, a path the build uses itself.`;
        case 'pages':
          return `The pages ${facts.other} and ${facts.file} would both be served at /${facts.slug}.`;
        case 'output file':
          return `Two sources write the output file ${facts.path}: a file in public/ has the same path as a page or asset the build makes.`;
        case 'file and folder':
          return `The output needs ${facts.path} to be a file and a folder at once: a file in public/ has the name of a folder the build makes, or the other way round.`;
      }
    },
    hint: (facts) => {
      switch (facts.clash) {
        case 'reserved':
          return `Rename the file; ${facts.reserved.join(', ')} are reserved.`;
        case 'pages':
          return 'Rename one of the two files.';
        default:
          return 'Rename or remove the file in public/.';
      }
    },
  }),

  // The rendered site's links.
  BrokenLink: define({
    title: 'Broken link',
    severity: 'error',
    message: ({
      pages,
      value,
      path,
    }: {
      pages: readonly string[];
      value: string;
      path: string;
      /** The pages whose paths are most like the missing one. */
      nearest: readonly string[];
      /** How many pages the site has. */
      total: number;
    }) => `${pagesSubject(pages)} ${linkVerb(pages)} to "${value}", but ${path} is not a page or file of this site.`,
    hint: ({ nearest, total }) =>
      `Link to one of the pages (${nearest.join(', ')}${total > nearest.length ? `; ${total} pages in all` : ''}), or add the missing file to public/.`,
  }),
  BrokenAnchor: define({
    title: 'Broken anchor',
    severity: 'error',
    message: ({
      pages,
      value,
      target,
      id,
    }: {
      pages: readonly string[];
      value: string;
      target: string;
      id: string;
      ids: readonly string[];
    }) =>
      `${pagesSubject(pages)} ${linkVerb(pages)} to "${value}", but the page ${target} has no element with id="${id}".`,
    hint: ({ target, ids }) =>
      `Link to an anchor that exists on ${target}: ${ids
        .slice(0, 12)
        .map((id) => `#${id}`)
        .join(', ')}.`,
  }),
  MissingAsset: define({
    title: 'Missing file',
    severity: 'error',
    message: ({ pages, value, path }: { pages: readonly string[]; value: string; path: string }) =>
      `${pagesSubject(pages)} ${linkVerb(pages)} to "${value}", but the output has no file ${path}.`,
    hint: 'Add the file to public/ (public/images/x.svg is served at /images/x.svg), or correct the path.',
  }),
  CanonicalMismatch: define({
    title: 'Canonical URL mismatch',
    severity: 'error',
    message: ({ path, canonical, expected }: { path: string; canonical: string | undefined; expected: string }) =>
      `The page ${path} declares the canonical URL ${canonical ?? '(none)'}, but the URL policy gives ${expected}.`,
    hint: 'Let the layout take the canonical URL from urls.absolute(route.path).',
  }),
  DuplicateId: define({
    title: 'Duplicate id on a page',
    severity: 'error',
    message: ({
      path,
      id,
      first,
      second,
    }: {
      path: string;
      id: string;
      first: string;
      second: string;
      content?: string;
    }) =>
      `The page ${path} has two elements with id="${id}": one from ${first}, one from ${second}. A link to #${id} reaches only the first.`,
    hint: ({ content }) =>
      content
        ? `Rename the heading in ${content} so that its id differs from every other id of the page.`
        : 'Give each element of the templates its own id.',
  }),

  // Templates, assets and images.
  TemplateBuildFailed: define({
    title: 'Templates failed to build',
    severity: 'error',
    message: (
      facts:
        | { problem: 'entry missing'; entry: string }
        | { problem: 'import'; id: string }
        | { problem: 'load'; reason: string }
        | { problem: 'pages'; entry: string; missing: readonly string[] }
        | { problem: 'compile'; text: string },
    ) => {
      switch (facts.problem) {
        case 'entry missing':
          return `The file ${facts.entry} is missing; it exports the page components.`;
        case 'import':
          return `A template imports "${facts.id}", but templates may only import react and each other.`;
        case 'load':
          return `Loading the templates failed: ${facts.reason}`;
        case 'pages':
          return `${facts.entry} must export a component for each of: ${facts.missing.join(', ')}.`;
        case 'compile':
          return facts.text;
      }
    },
    hint: ({ problem }) => {
      switch (problem) {
        case 'entry missing':
          return 'Restore it from git, or run agency-site in the project folder (or pass it with --root).';
        case 'import':
          return 'Templates get every word and file through props: move the reading into content/ or src/.';
        case 'load':
          return 'Templates run when the build loads them: keep module-level code to imports and plain values.';
        case 'pages':
          return "Export const pages = { home: HomePage, legal: LegalPage, page: ContentPage, 'not-found': NotFoundPage } and const markdown = { picture: Picture }.";
        case 'compile':
          return 'Fix the template at the marked line; the dev server reloads when you save.';
      }
    },
  }),
  RenderFailed: define({
    title: 'Page failed to render',
    severity: 'error',
    message: (facts: { paths: readonly string[]; reason: string } | { picture: string; reason: string }) =>
      'picture' in facts
        ? `Rendering the picture of ${facts.picture} failed: ${facts.reason}`
        : `Rendering the ${facts.paths.length === 1 ? 'page' : 'pages'} ${facts.paths.join(', ')} failed: ${facts.reason}`,
    hint: 'Fix the template at this line; templates receive all their data as props and must not throw.',
  }),
  AssetBuildFailed: define({
    title: 'Script or stylesheet failed to build',
    severity: 'error',
    message: (facts: { missing: string } | { text: string }) =>
      'missing' in facts ? `The file ${facts.missing} is missing; every page links to it.` : facts.text,
    hint: (facts) =>
      'missing' in facts ? 'Restore it from git, or create it.' : 'Fix the script or stylesheet at the marked line.',
  }),
  ImageFailed: define({
    title: 'Image could not be converted',
    severity: 'error',
    message: (
      facts: { src: string; reason: string } & ({ making: 'favicons' | 'share image' } | { format: string }),
    ) => {
      if ('format' in facts)
        return `The image public${facts.src} could not be converted to ${facts.format.toUpperCase()}: ${facts.reason}`;
      return facts.making === 'favicons'
        ? `The favicons could not be made from public${facts.src}: ${facts.reason}`
        : `The share image could not be made from the logo public${facts.src}: ${facts.reason}`;
    },
    hint: (facts) => {
      if ('format' in facts) return 'Open the file in an image editor and export it again as PNG, JPEG or plain SVG.';
      return facts.making === 'favicons'
        ? 'Use a square SVG or a PNG of at least 512 by 512 pixels as public/favicon.svg.'
        : 'Check that the logo opens in an image viewer; export it again as SVG or PNG.';
    },
  }),

  // Files and folders on disk.
  UnsafeOutDir: define({
    title: 'Unsafe output folder',
    severity: 'error',
    message: (
      facts:
        | { outDir: string; problem: 'sources'; where: string }
        | { outDir: string; problem: 'unreadable'; reason: string }
        | { outDir: string; problem: 'foreign' },
    ) => {
      switch (facts.problem) {
        case 'sources':
          return `The output folder ${facts.outDir} ${facts.where}; the build replaces its output folder whole, so your sources would be lost.`;
        case 'unreadable':
          return `The output path ${facts.outDir} is not a folder that can be read (${facts.reason}).`;
        case 'foreign':
          return `The folder ${facts.outDir} already holds files and is not an earlier build (it has no index.html); the build replaces its output folder whole.`;
      }
    },
    hint: ({ problem }) => {
      switch (problem) {
        case 'sources':
          return 'Choose an output folder of its own, such as --out dist.';
        case 'unreadable':
          return 'Remove that file, or choose another output folder with --out.';
        case 'foreign':
          return 'Empty or remove that folder, or choose another one with --out.';
      }
    },
  }),
  SymlinkOutside: define({
    title: 'Link out of the project',
    severity: 'error',
    // `sourceFolder`: content/, templates/ or public/ itself is the link.
    message: (facts: { shown: string; folder: string } | { sourceFolder: string }) =>
      'sourceFolder' in facts
        ? `${facts.sourceFolder}/ is a symbolic link that leads out of the project; the build reads only files inside the project.`
        : `${facts.shown} is a symbolic link (or lies in a linked folder) that leads out of ${facts.folder}/; the build reads only files inside ${facts.folder}/.`,
    hint: (facts) =>
      'sourceFolder' in facts
        ? `Make ${facts.sourceFolder}/ a real folder of the repository (or a link to a folder inside it).`
        : `Replace the link with the file itself, or point it at a file inside ${facts.folder}/.`,
  }),
  SymlinkBroken: define({
    title: 'Link that cannot be followed',
    severity: 'error',
    message: ({ shown, reason }: { shown: string; reason: 'ELOOP' | 'ENOTDIR' | (string & {}) }) =>
      reason === 'ELOOP'
        ? `${shown} is a symbolic link that leads back to itself (a loop), so it cannot be read.`
        : reason === 'ENOTDIR'
          ? `${shown} is a symbolic link through a file, as if the file were a folder, so it cannot be read.`
          : `${shown} cannot be followed (${reason}).`,
    hint: 'Replace the link with the file itself, or remove it.',
  }),
  PublicFileType: define({
    title: 'File type public/ does not publish',
    severity: 'error',
    // Each refused type names its own next step (src/publish/public-file-types.ts).
    message: ({ shown, what }: { shown: string; what: string; next: string }) =>
      `${shown} is ${what}; public/ does not publish it.`,
    hint: ({ next }) => next,
  }),
  UnsafeSvg: define({
    title: 'SVG with active content',
    severity: 'error',
    message: ({ shown, what }: { shown: string; what: string }) =>
      `The SVG ${shown} contains ${what}. Opened directly, an SVG runs its scripts on the site's own address, so it is not published.`,
    hint: 'Export the image again as plain SVG (no scripts, event handlers, <foreignObject> or links to other files), or use PNG.',
  }),
  SvgMalformed: define({
    title: 'SVG that is not well-formed XML',
    severity: 'error',
    message: ({ shown, what }: { shown: string; what: string }) =>
      `The SVG ${shown} is not well-formed XML: ${what}. Browsers show no image, or half of one, for such a file.`,
    hint: 'Export the image again from the drawing program, or correct the marked place.',
  }),
  UnsafeHtml: define({
    title: 'HTML page with scripts',
    severity: 'error',
    message: ({ shown, what }: { shown: string; what: string }) =>
      `The page ${shown} contains ${what}. Pages in public/ are published as they are, so their scripts would run on the site's own address.`,
    hint: 'Remove the script, event handler or embedded frame; if the repository is trusted and really needs scripted pages in public/, build with --allow-scripts (README: Security).',
  }),
  WriteFailed: define({
    title: 'Output not written',
    severity: 'error',
    message: (
      facts: { step: string; reason: string; errno?: string } | { step: string; reason: string; leftover: string },
    ) =>
      'leftover' in facts
        ? `The build failed while ${facts.step}: ${path.basename(facts.leftover)} could not be removed (${facts.reason}).`
        : `The build failed while ${facts.step} (${facts.reason}). The previous output is untouched.`,
    hint: (facts) =>
      'leftover' in facts
        ? `Remove ${facts.leftover} by hand (chmod -R u+w it first if it is read-only), then build again.`
        : ((facts.errno && WRITE_HINTS[facts.errno]) ?? 'Check free disk space and permissions, then build again.'),
  }),
  OutputMissing: define({
    title: 'No built site',
    severity: 'error',
    message: ({ outDir }: { outDir: string }) => `There is no built site in ${outDir}.`,
    hint: 'Run agency-site build first (with the same --out).',
  }),

  // Servers and hosts.
  PortBusy: define({
    title: 'Port in use',
    severity: 'error',
    message: ({ port, attempts, host }: { port: number; attempts: number; host: string }) =>
      `${attempts === 1 ? `The port ${port}` : `The ports ${port} to ${port + attempts - 1}`} on ${host} ${attempts === 1 ? 'is' : 'are all'} in use, so the server cannot start.`,
    hint: 'Stop the other server, or pass another port with --port (--port 0 takes any free one).',
  }),
  ListenFailed: define({
    title: 'Cannot listen',
    severity: 'error',
    message: ({ host, port, reason }: { host: string; port: number; reason: string; errno?: string }) =>
      `The server cannot listen on ${host} port ${port}: ${reason}.`,
    hint: ({ errno }) =>
      errno === 'EACCES'
        ? 'Ports below 1024 need administrator rights: pass a higher one with --port, such as --port 4321.'
        : 'Pass an address of this machine with --host: 127.0.0.1 for this machine only, 0.0.0.0 for the network.',
  }),
  HostLimit: define({
    title: 'Over a host limit',
    severity: 'warning',
    message: (
      facts: { file: string; rules: number; max: number } | { file: string; line: number; length: number; max: number },
    ) =>
      'rules' in facts
        ? `The output's ${facts.file} file has ${facts.rules} rules; Cloudflare Pages applies only the first ${facts.max}.`
        : `Line ${facts.line} of the output's ${facts.file} file has ${facts.length} characters; Cloudflare Pages ignores lines over ${facts.max}.`,
    hint: 'Shorten the URLs in content/site.yaml that the Content-Security-Policy names, or serve the headers another way on that host.',
  }),
  UsageError: define({
    title: 'Wrong command line',
    severity: 'error',
    message: (
      facts:
        | { flag: '--port'; value: string }
        | { root: string }
        | { base: string; siteUrl: string; sitePath: string }
        | Reported,
    ) => {
      if ('flag' in facts) return `--port must be a number from 0 to 65535, not "${facts.value}".`;
      if ('root' in facts) return `The project folder ${facts.root} does not exist.`;
      if ('base' in facts)
        return `--base ${facts.base} does not match the site URL ${facts.siteUrl}, whose path is ${facts.sitePath}.`;
      return facts.text;
    },
    hint: (facts) => {
      if ('flag' in facts) return 'Pass a whole number, such as --port 4321 (--port 0 takes any free one).';
      if ('root' in facts)
        return 'Run agency-site in the folder that holds content/, templates/ and public/, or pass that folder with --root.';
      if ('base' in facts)
        return 'Leave --base out: it follows the path of the site URL (url in content/site.yaml, or --site-url).';
      return facts.hint ?? 'Run agency-site build --help for the flags.';
    },
  }),
  NewsSettingsMissing: define({
    title: 'News settings missing',
    severity: 'error',
    message: ({ posts }: { posts: number }) =>
      `content/news/ holds ${posts === 1 ? 'a post' : `${posts} posts`}, but content/site.yaml has no news: block with the words of /news and its page size.`,
    hint: 'Add a news: block to content/site.yaml (heading, description, pageSize, feedSize, ...); docs/content.md, "News posts", lists its fields.',
  }),
  UnpublishedLink: define({
    title: 'Link to an unpublished post',
    severity: 'error',
    message: ({
      page,
      value,
      state,
      date,
    }: {
      page: string;
      value: string;
      state: 'draft' | 'scheduled';
      date: string;
    }) =>
      state === 'draft'
        ? `The page ${page} links to "${value}", a news post marked draft: true, which this build leaves out.`
        : `The page ${page} links to "${value}", a news post dated ${date}, later than this build, which leaves it out until that day.`,
    hint: ({ state }) =>
      state === 'draft'
        ? 'Publish the post (remove draft: true), or take the link out until it is published; build --drafts includes drafts for a preview.'
        : 'Take the link out until the post\u2019s date, or move its date; build --future includes scheduled posts for a preview.',
  }),
  // content/redirects.yaml and the moved-page guard (src/redirects/).
  RedirectInvalid: define({
    title: 'Redirect that cannot work',
    severity: 'error',
    message: (
      facts:
        | { problem: 'no target'; to: string; path: string }
        | { problem: 'live page'; from: string; page: string }
        | { problem: 'duplicate'; from: string; line: number }
        | { problem: 'chain'; to: string; next: string; end: string }
        | { problem: 'loop'; from: string; cycle: readonly string[] },
    ) => {
      switch (facts.problem) {
        case 'no target':
          return `The redirect leads to "${facts.to}", but ${facts.path} is not a page or file of this site.`;
        case 'live page':
          return `The redirect starts at ${facts.from}, but ${facts.page} is a page of this site: visitors would never see it.`;
        case 'duplicate':
          return `The redirect from ${facts.from} is listed twice (also on line ${facts.line}), so where it leads would be a guess.`;
        case 'chain':
          return `The redirect leads to ${facts.to}, which redirects again to ${facts.next}: visitors and search engines would take two hops.`;
        case 'loop':
          return `The redirects ${facts.cycle.join(' -> ')} go round in a circle, so ${facts.from} never arrives anywhere.`;
      }
    },
    hint: (facts) => {
      switch (facts.problem) {
        case 'no target':
          return 'Point "to" at a page of this site (such as /terms or /#contact), a file of public/, or a full https:// address.';
        case 'live page':
          return `Remove this redirect, or rename or remove the page that is served at ${facts.page}.`;
        case 'duplicate':
          return 'Keep one of the two entries and delete the other.';
        case 'chain':
          return `Point "to" straight at ${facts.end}.`;
        case 'loop':
          return 'Point one of them at a page that exists, or delete the redirects that are no longer needed.';
      }
    },
  }),
  PageGone: define({
    title: 'Published page gone',
    severity: 'warning',
    message: ({ path, since }: { path: string; since: 'last build' | 'sitemap'; sitemap?: string }) =>
      `${path} is gone: add a redirect from it in content/redirects.yaml. ${since === 'last build' ? 'The last build published it' : 'The sitemap lists it'}, and no page or redirect of this build serves it, so links, bookmarks and search results that lead there now end on the 404 page.`,
    hint: ({ path }) =>
      `Add an entry to content/redirects.yaml: "- from: ${path}" and "to:" the page that replaces it (or bring the page back).`,
  }),
  SitemapUnreadable: define({
    title: 'Sitemap unreadable',
    severity: 'error',
    message: ({ source, reason }: { source: string; reason: string }) =>
      `The sitemap ${source} given to --against cannot be read: ${reason}.`,
    hint: 'Pass a sitemap.xml file, or the https:// address of one (such as https://example.com/sitemap.xml).',
  }),
} satisfies { [Code in SiteErrorCode]: ErrorData<never> };

/** The facts an error of this code is made from. */
export type Facts<Code extends SiteErrorCode> = (typeof catalogue)[Code]['message'] extends (facts: infer F) => string
  ? F
  : never;

/** The codes of content advice (src/advice/rules.ts), made from an Advice. */
export type AdviceCode = {
  [Code in SiteErrorCode]: [Facts<Code>] extends [Advice] ? ([Advice] extends [Facts<Code>] ? Code : never) : never;
}[SiteErrorCode];

/** The catalogue's entry for a code, without its facts' types (for titles and severities). */
export function describeCode(code: SiteErrorCode): Pick<ErrorData<never>, 'title' | 'severity'> {
  return catalogue[code];
}
