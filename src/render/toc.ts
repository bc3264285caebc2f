/**
 * createTocLinks: a page's "On this page" list, read from its rendered HTML so that the Markdown step and its cache
 * know nothing of it: every h2 and h3 with an id, as a link with the heading's plain text, h3 nested under h2. Pure.
 */
import { Parser } from 'htmlparser2';
import type { TocLink } from '../../templates/api.ts';

interface OpenHeading {
  level: 'h2' | 'h3';
  id: string;
  text: string;
  /** The number of open elements around the heading: it closes when the count is back to this. */
  depth: number;
}

interface OpenElement {
  /** GitHub's footnotes section: its "Footnotes" heading is for screen readers only. */
  footnotes: boolean;
  /** A footnote reference: its number is not part of the heading's text. */
  silent: boolean;
}

export function createTocLinks(html: string): TocLink[] {
  const links: TocLink[] = [];
  let section: TocLink | undefined;
  const add = ({ level, id, text }: OpenHeading) => {
    // HTML's whitespace only: a no-break space stays as the editor wrote it.
    const label = text.replace(/[\t\n\f\r ]+/g, ' ').trim();
    if (label === '') return;
    const link = { label, href: `#${id}` };
    if (level === 'h3' && section) {
      section.children.push(link);
      return;
    }
    // An h3 before the first h2 has no section to go under: it stands at the top level.
    const entry = { ...link, children: [] };
    links.push(entry);
    if (level === 'h2') section = entry;
  };

  const open: OpenElement[] = [];
  let footnotes = 0;
  let silent = 0;
  let heading: OpenHeading | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const element = {
          footnotes: name === 'section' && 'data-footnotes' in attributes,
          silent: 'data-footnote-ref' in attributes,
        };
        open.push(element);
        if (element.footnotes) footnotes++;
        if (element.silent) silent++;
        if (heading) {
          if (name === 'img' && silent === 0) heading.text += attributes.alt ?? '';
          if (name === 'br') heading.text += ' ';
        } else if ((name === 'h2' || name === 'h3') && attributes.id && footnotes === 0) {
          heading = { level: name, id: attributes.id, text: '', depth: open.length - 1 };
        }
      },
      ontext(text) {
        if (heading && silent === 0) heading.text += text;
      },
      onclosetag() {
        const element = open.pop();
        if (element?.footnotes) footnotes--;
        if (element?.silent) silent--;
        if (heading && open.length === heading.depth) {
          add(heading);
          heading = undefined;
        }
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.end(html);
  return links;
}
